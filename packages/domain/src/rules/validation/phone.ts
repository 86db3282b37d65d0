/** North American phone numbers: mask, check and payload. */

/** Phone type of the personal-info form. */
export type PhoneType = 'mobile' | 'home';

/** The digits of a phone number (non-digits removed). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Applies the (000) 000-0000 mask progressively as the user types: '5145' → '(514) 5',
 * '5145550100' → '(514) 555-0100'. At most 10 digits are kept; a leading 1 country code of an 11-digit
 * number is dropped.
 */
export function formatPhoneMask(input: string): string {
  let d = phoneDigits(input);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** True for a 10-digit North American number whose area code does not start with 0 or 1. */
export function isValidPhone(phone: string): boolean {
  return /^[2-9][0-9]{9}$/.test(phoneDigits(phone));
}

/** Phone fields of the contact payload. */
type PhonePayload = { mobileArea: string; mobilePhone: string } | { homeArea: string; homePhone: string };

/**
 * Splits a phone for the payload: digits only, the first 3 the area code, the rest the number, placed under
 * mobile or home by phone type (spec 000 §5).
 */
export function splitPhoneForPayload(phone: string, phoneType: PhoneType): PhonePayload {
  const d = phoneDigits(phone);
  const area = d.slice(0, 3);
  const number = d.slice(3);
  return phoneType === 'mobile'
    ? { mobileArea: area, mobilePhone: number }
    : { homeArea: area, homePhone: number };
}

/** The last four digits of a phone ('Code sent to phone number ending in' …). */
export function lastFourDigits(phone: string): string {
  return phoneDigits(phone).slice(-4);
}
