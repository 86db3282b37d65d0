/**
 * Reference lists (spec 000 §9): countries (ISO 3166-1 alpha-2, English and Canadian French names, Canada and
 * the United States first, then the rest alphabetically by English name), the 13 Canadian provinces and
 * territories (Canada Post codes) and the 50 US states, and the age of majority by province.
 * Country names were generated once from CLDR (Intl.DisplayNames en-CA / fr-CA) and are kept static so the
 * browser and the server show the same text whatever their ICU version. One module per list, so a screen
 * that needs the provinces does not download the countries.
 */

export * from './named-code.ts';
export * from './countries.ts';
export * from './provinces.ts';
export * from './us-states.ts';
