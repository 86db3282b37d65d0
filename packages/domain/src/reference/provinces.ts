/** The 13 Canadian provinces and territories (Canada Post codes) and their age of majority. */
import { findIn, type NamedCode } from './named-code.ts';
import provincesTable from './provinces.json';

/** Canadian provinces and territories with their Canada Post two-letter codes (13). */
export const PROVINCES: readonly NamedCode[] = provincesTable;

/** Canada Post province and territory code. */
type ProvinceCode = 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT';

/**
 * Age of majority by province or territory: 18 in AB, MB, ON, PE, QC and SK; 19 elsewhere
 * (reference/providers-and-rules.md §6.4).
 */
export const AGE_OF_MAJORITY: Readonly<Record<ProvinceCode, 18 | 19>> = {
  AB: 18,
  BC: 19,
  MB: 18,
  NB: 19,
  NL: 19,
  NS: 19,
  NT: 19,
  NU: 19,
  ON: 18,
  PE: 18,
  QC: 18,
  SK: 18,
  YT: 19,
};

/**
 * Finds a province or territory by Canada Post code or English or French name (case and accents ignored).
 * @param codeOrName e.g. 'ON', 'Quebec', 'Québec'
 */
export function findProvince(codeOrName: string | null | undefined): NamedCode | undefined {
  return findIn(PROVINCES, codeOrName);
}

/**
 * Age of majority of a province or territory (code or name); undefined when it is not one.
 * @param province e.g. 'BC' → 19
 */
export function ageOfMajorityOf(province: string | null | undefined): 18 | 19 | undefined {
  const found = findProvince(province);
  return found ? AGE_OF_MAJORITY[found.code as ProvinceCode] : undefined;
}
