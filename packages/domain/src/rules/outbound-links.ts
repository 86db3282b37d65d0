/**
 * Links that leave omo, written alike by the web's screens and by the server when it fills in a
 * prerendered page (schemas/prerendered-pages.ts).
 */

/** tel: link of a North American phone number ("1-800-555-0100" → "tel:+18005550100"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `tel:+1${digits}` : `tel:+${digits}`;
}

/** Online-banking sign-in link carrying the first product chosen (spec 000 §2 Landing). */
export function productLoginUrl(onlineBankingUrl: string, productId: string | undefined): string {
  const base = `${onlineBankingUrl.replace(/\/+$/, '')}/product-login`;
  return productId ? `${base}?productId=${encodeURIComponent(productId)}` : base;
}
