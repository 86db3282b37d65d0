/**
 * The 'Where do you live?' form: its value types (domain `addressFormSchema`), the blank values, the
 * values restored from the draft, and the order of its fields for the error summary.
 */
import { ADDRESS_FIELDS, ADDRESS_PARTS, type AddressForm, type AddressFormInput } from '@omo/domain';

/** What the controls hold (the schema's input; the blank values below give every field). */
export type AddressFormValues = AddressFormInput;
/** What the schema returns on a valid submit. */
export type AddressFormOutput = AddressForm;

const BLANK_ADDRESS_FORM: Required<AddressFormValues> = {
  isManualAddress: false,
  autoAddress: '',
  autoAddressSelectedId: '',
  streetNumber: '',
  unitNumber: '',
  streetName: '',
  cityName: '',
  provinceName: '',
  postalCode: '',
  country: 'CA',
  isMailingAddressSame: true,
  isManualMailingAddress: false,
  autoMailAddress: '',
  autoMailAddressSelectedId: '',
  maStreetNumber: '',
  maUnitNumber: '',
  maStreetName: '',
  maCityName: '',
  maProvinceName: '',
  maPostalCode: '',
  maCountry: 'CA',
};

/** The form's values from the saved draft address (blank fields where the draft has none). */
export function addressFormValuesOf(saved: AddressFormInput | null | undefined): Required<AddressFormValues> {
  const out: Record<string, unknown> = { ...BLANK_ADDRESS_FORM };
  if (saved) {
    for (const [key, value] of Object.entries(saved)) {
      if (key in BLANK_ADDRESS_FORM && value !== null && value !== undefined) out[key] = value;
    }
  }
  return out as Required<AddressFormValues>;
}

/** Field names in page order (error summary order; server errors on other paths are ignored). */
export const ADDRESS_FIELD_ORDER: readonly (keyof AddressFormValues)[] = (
  ['home', 'mailing'] as const
).flatMap((kind) => [
  ...(kind === 'mailing' ? (['isMailingAddressSame'] as const) : []),
  ADDRESS_FIELDS[kind].search,
  ...ADDRESS_PARTS.map((part) => ADDRESS_FIELDS[kind][part]),
]);
