/** tel: link of a North American phone number ("1-800-555-0100" → "tel:+18005550100"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `tel:+1${digits}` : `tel:+${digits}`;
}
