/** Social Insurance Numbers and taxpayer identification numbers (reference §6.1, §9). */

/** Digits of a SIN as typed (spaces and hyphens dropped). */
export function sinDigits(sin: string): string {
  return sin.replace(/[\s-]/g, '');
}

/** True when 9 digits pass the Luhn check with weights 1 2 1 2 1 2 1 2 1. */
export function passesSinChecksum(digits: string): boolean {
  if (!/^[0-9]{9}$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    total += product > 9 ? product - 9 : product;
  }
  return total % 10 === 0;
}

/**
 * True when `sin` is a valid Social Insurance Number (reference §6.1 and §9): 9 digits (spaces and hyphens
 * allowed), Luhn check digit, first digit neither 0 (CRA tax numbers) nor 8 (business numbers); a 9-series
 * (temporary resident) SIN is refused for TFSA and FHSA applications and accepted elsewhere.
 */
export function isValidSin(sin: string, opts: { isTfsaOrFhsa: boolean }): boolean {
  const digits = sinDigits(sin);
  if (!passesSinChecksum(digits)) return false;
  const first = digits[0];
  if (first === '0' || first === '8') return false;
  if (first === '9' && opts.isTfsaOrFhsa) return false;
  return true;
}

/** A SIN shown as 'NNN-NNN-NNN' (input returned unchanged when it is not 9 digits). */
export function formatSin(sin: string): string {
  const d = sinDigits(sin);
  return /^[0-9]{9}$/.test(d) ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : sin;
}

/** A SIN masked for display, only the last three digits in clear: '***-***-544'. */
export function maskSin(sin: string): string {
  const d = sinDigits(sin);
  return `***-***-${d.slice(-3).padStart(3, '*')}`;
}

/** True for a US TIN in the format ###-##-#### (spec 001 §5). */
export function isValidUsTin(tin: string): boolean {
  return /^[0-9]{3}-[0-9]{2}-[0-9]{4}$/.test(tin.trim());
}

/** Maximum length of an other-country TIN. */
export const OTHER_TIN_MAX = 30;

/** True for an other-country TIN: not blank, at most 30 characters, letters, digits, space and hyphen. */
export function isValidOtherTin(tin: string): boolean {
  const t = tin.trim();
  return t.length > 0 && t.length <= OTHER_TIN_MAX && /^[A-Za-z0-9 -]+$/.test(t);
}
