/**
 * From the address-lookup answers (Canada Post AddressComplete Find v2.10 / Retrieve v2.11 shapes, through
 * our server) to combobox options and to the address form's fields. Pure functions.
 */
import {
  COUNTRIES,
  PROVINCES,
  US_STATES,
  findCountry,
  findProvince,
  isCanada,
  isUnitedStates,
  normalizePostalCode,
  splitStreetLine,
  type AddressFindItem,
  type AddressParts,
  type AddressRetrieveItem,
  type Language,
} from '@omo/domain';
import type { ComboboxOption } from '../form/combobox.tsx';

/** A vendor error item ({ Error, Description, Cause, Resolution }) in an answer that is otherwise 200. */
class AddressLookupError extends Error {
  constructor(
    readonly code: string,
    description: string,
  ) {
    super(description);
    this.name = 'AddressLookupError';
  }
}

function throwOnErrorItem(items: readonly unknown[]): void {
  const first = items[0] as Record<string, unknown> | undefined;
  if (first && typeof first.Error === 'string' && first.Error !== '') {
    throw new AddressLookupError(first.Error, typeof first.Description === 'string' ? first.Description : '');
  }
}

/** Find items → combobox options; an item whose Next is 'Find' is a container to drill into. */
export function findItemsToOptions(items: readonly AddressFindItem[]): ComboboxOption[] {
  throwOnErrorItem(items);
  return items.map((item) => ({
    id: item.Id,
    text: item.Text,
    description: item.Description,
    isContainer: item.Next === 'Find',
  }));
}

/**
 * The Retrieve item to use: the one in the interface language (Canadian addresses may come back once in
 * English, once in French), else the first.
 */
export function pickRetrieveItem(
  items: readonly AddressRetrieveItem[],
  lang: Language,
): AddressRetrieveItem | undefined {
  throwOnErrorItem(items);
  const wanted = lang === 'fr' ? 'FRE' : 'ENG';
  return items.find((i) => i.Language === wanted) ?? items[0];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A retrieved address as form fields. Number, unit and street come from BuildingNumber, SubBuilding and
 * Street when the service gives them; otherwise the street line (Line1) is split by the spec's rule (first
 * token the number, '5-123' is unit 5, number 123). The province is the two-letter code; the country the
 * ISO code (Canada by default); the postal code 'A1A 1A1'.
 */
export function retrieveItemToParts(item: AddressRetrieveItem): AddressParts {
  const building = text(item.BuildingNumber);
  const street = text(item.Street);
  let streetNumber = building;
  let unitNumber = text(item.SubBuilding);
  let streetName = street;
  if (building === '' || street === '') {
    const split = splitStreetLine(text(item.Line1));
    streetNumber = building || split.streetNumber;
    unitNumber = unitNumber || split.unitNumber;
    streetName = street || split.streetName;
  }
  const provinceCode = text(item.Province);
  const province = /^[A-Za-z]{2}$/.test(provinceCode)
    ? provinceCode.toUpperCase()
    : (findProvince(text(item.ProvinceName))?.code ?? '');
  const country = findCountry(text(item.CountryIso2) || text(item.CountryName))?.code ?? 'CA';
  return {
    streetNumber,
    unitNumber,
    streetName,
    cityName: text(item.City),
    provinceName: province,
    postalCode: normalizePostalCode(text(item.PostalCode)),
    country,
  };
}

/** Name of a country, province or state code in the interface language ('' when unknown). */
function nameOf(
  list: readonly { code: string; nameEn: string; nameFr: string }[],
  code: string,
  lang: Language,
) {
  const found = list.find((c) => c.code === code);
  return found ? (lang === 'fr' ? found.nameFr : found.nameEn) : code;
}

/**
 * The address as printed lines: '5-123 Main St' (unit-number), 'Toronto ON  M5V 3L9' (Canada Post's two
 * spaces before the postal code), the country name.
 */
export function formatAddressLines(parts: AddressParts, lang: Language): string[] {
  const number = parts.unitNumber ? `${parts.unitNumber}-${parts.streetNumber}` : parts.streetNumber;
  const line1 = [number, parts.streetName].filter(Boolean).join(' ');
  const region = isCanada(parts.country) || isUnitedStates(parts.country) ? parts.provinceName : '';
  const line2 = [[parts.cityName, region].filter(Boolean).join(' '), parts.postalCode]
    .filter(Boolean)
    .join('  ');
  const country = parts.country
    ? nameOf(COUNTRIES, findCountry(parts.country)?.code ?? parts.country, lang)
    : '';
  return [line1, line2, country].filter((l) => l !== '');
}

type NamedCodes = typeof PROVINCES;

/** A list of named codes as select options, named and sorted in the interface language's order. */
function sortedOptions(list: NamedCodes, lang: Language): { value: string; label: string }[] {
  const collator = new Intl.Collator(lang === 'fr' ? 'fr-CA' : 'en-CA');
  return list
    .map((c) => ({ value: c.code, label: lang === 'fr' ? c.nameFr : c.nameEn }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** Options of the province or state select for a country, or null when the control is hidden. */
export function regionOptions(
  country: string,
  lang: Language,
): { kind: 'province' | 'state'; options: { value: string; label: string }[] } | null {
  if (isCanada(country)) return { kind: 'province', options: sortedOptions(PROVINCES, lang) };
  if (isUnitedStates(country)) return { kind: 'state', options: sortedOptions(US_STATES, lang) };
  return null;
}

/** Country options: Canada and the United States first, then every other country by name. */
export function countryOptions(lang: Language): { value: string; label: string }[] {
  const isFirst = (code: string) => isCanada(code) || isUnitedStates(code);
  const label = (c: NamedCodes[number]) => ({ value: c.code, label: lang === 'fr' ? c.nameFr : c.nameEn });
  return [
    ...COUNTRIES.filter((c) => isFirst(c.code)).map(label),
    ...sortedOptions(
      COUNTRIES.filter((c) => !isFirst(c.code)),
      lang,
    ),
  ];
}
