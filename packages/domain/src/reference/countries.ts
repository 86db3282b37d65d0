/**
 * ISO 3166-1 countries with English and Canadian French names, generated once from CLDR (Intl.DisplayNames
 * en-CA / fr-CA) and kept static so the browser and the server show the same text whatever their ICU version.
 */
import { findIn, normalize, type NamedCode } from './named-code.ts';
import countriesTable from './countries.json';

/** ISO 3166-1 alpha-2 countries (249): Canada, United States, then alphabetical by English name. */
export const COUNTRIES: readonly NamedCode[] = countriesTable;

/**
 * Finds a country by ISO alpha-2 code or by English or French name (case and accents ignored).
 * Also accepts 'CAN' and 'USA', which address services return.
 * @param codeOrName e.g. 'CA', 'Canada', 'états-unis', 'USA'
 */
export function findCountry(codeOrName: string | null | undefined): NamedCode | undefined {
  const alpha3: Record<string, string> = { can: 'CA', usa: 'US' };
  const mapped = codeOrName ? alpha3[normalize(codeOrName)] : undefined;
  return findIn(COUNTRIES, mapped ?? codeOrName);
}

/**
 * Tells whether a country code or name is Canada (the only country of residence accepted online).
 * @param codeOrName e.g. 'CA', 'Canada', 'CAN'
 */
export function isCanada(codeOrName: string | null | undefined): boolean {
  return findCountry(codeOrName)?.code === 'CA';
}

/**
 * Tells whether a country code or name is the United States.
 * @param codeOrName e.g. 'US', 'United States', 'USA'
 */
export function isUnitedStates(codeOrName: string | null | undefined): boolean {
  return findCountry(codeOrName)?.code === 'US';
}
