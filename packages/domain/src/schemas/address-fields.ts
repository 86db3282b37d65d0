/**
 * The one mapping of an address's parts to the fields of 'Where do you live?': the home address uses the
 * parts' own names, the mailing address the ma-prefixed ones. The form schema, the API view, the browser's
 * form and review, and the server's identity profile all read an address through it.
 */

/** The parts of one address, by their home field names. */
export const ADDRESS_PARTS = [
  'streetNumber',
  'unitNumber',
  'streetName',
  'cityName',
  'provinceName',
  'postalCode',
  'country',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressKind = 'home' | 'mailing';

/** Every field of one address block: its mode, its search box and chosen suggestion, its parts. */
export const ADDRESS_FIELDS = {
  home: {
    manual: 'isManualAddress',
    search: 'autoAddress',
    selectedId: 'autoAddressSelectedId',
    streetNumber: 'streetNumber',
    unitNumber: 'unitNumber',
    streetName: 'streetName',
    cityName: 'cityName',
    provinceName: 'provinceName',
    postalCode: 'postalCode',
    country: 'country',
  },
  mailing: {
    manual: 'isManualMailingAddress',
    search: 'autoMailAddress',
    selectedId: 'autoMailAddressSelectedId',
    streetNumber: 'maStreetNumber',
    unitNumber: 'maUnitNumber',
    streetName: 'maStreetName',
    cityName: 'maCityName',
    provinceName: 'maProvinceName',
    postalCode: 'maPostalCode',
    country: 'maCountry',
  },
} as const;
export type AddressFieldNames = (typeof ADDRESS_FIELDS)[AddressKind];

/** An address's parts as text (blank where a part is missing). */
export type AddressParts = Record<AddressPart, string>;

/** The home or mailing parts of a saved or entered address (each trimmed; blank when absent). */
export function addressPartsOf(address: object | null | undefined, kind: AddressKind): AddressParts {
  const names = ADDRESS_FIELDS[kind];
  const values = (address ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return Object.fromEntries(ADDRESS_PARTS.map((part) => [part, text(values[names[part]])])) as AddressParts;
}

/**
 * An object shape with one entry per part of the home or mailing address, under that address's field
 * names: `addressPartsShape('mailing', { streetNumber: a, … })` is `{ maStreetNumber: a, … }`.
 */
export function addressPartsShape<K extends AddressKind, T extends Record<AddressPart, unknown>>(
  kind: K,
  byPart: T,
): { [P in AddressPart as (typeof ADDRESS_FIELDS)[K][P]]: T[P] } {
  const names = ADDRESS_FIELDS[kind];
  return Object.fromEntries(ADDRESS_PARTS.map((part) => [names[part], byPart[part]])) as {
    [P in AddressPart as (typeof ADDRESS_FIELDS)[K][P]]: T[P];
  };
}
