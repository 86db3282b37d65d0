/** Canadian postal codes and US ZIP codes. */

/** Canadian postal code: no D F I O Q U, no W or Z first, optional single space. */
const POSTAL_CODE_PATTERN = /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/i;

/** True for a Canadian postal code ('A1A 1A1' or 'A1A1A1', any case). */
export function isValidPostalCode(postal: string): boolean {
  return POSTAL_CODE_PATTERN.test(postal.trim());
}

/** A postal code as 'A1A 1A1' (upper case, one space); an invalid input is returned trimmed, upper case. */
export function normalizePostalCode(postal: string): string {
  const t = postal.trim().toUpperCase();
  if (!isValidPostalCode(t)) return t;
  const compact = t.replace(' ', '');
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

const POSTAL_FIRST_LETTER: Record<string, readonly string[]> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/**
 * True when a valid postal code belongs to a province or territory: by first letter, and
 * for X by FSA (X0A, X0B, X0C Nunavut; X0E, X0G, X1A Northwest Territories; other X FSAs either).
 * @param provinceCode two-letter Canada Post code
 */
export function postalCodeMatchesProvince(postal: string, provinceCode: string): boolean {
  if (!isValidPostalCode(postal)) return false;
  const p = normalizePostalCode(postal);
  const province = provinceCode.trim().toUpperCase();
  const fsa = p.slice(0, 3);
  if (['X0A', 'X0B', 'X0C'].includes(fsa)) return province === 'NU';
  if (['X0E', 'X0G', 'X1A'].includes(fsa)) return province === 'NT';
  return (POSTAL_FIRST_LETTER[p[0] ?? ''] ?? []).includes(province);
}

/** True for a US ZIP code (12345 or 12345-6789). */
export function isValidZipCode(zip: string): boolean {
  return /^[0-9]{5}(-[0-9]{4})?$/.test(zip.trim());
}
