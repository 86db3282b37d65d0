/** 'Where do you live?' (spec 000 §4/§5, spec 001 §4.7/§5). */
import * as z from 'zod/mini';
import { isCanada, isUnitedStates } from '../../reference/countries.ts';
import {
  isValidPostalCode,
  isValidZipCode,
  postalCodeMatchesProvince,
} from '../../rules/validation/postal-codes.ts';
import {
  isValidCityName,
  isValidStreetName,
  isValidStreetNumber,
  isValidUnitNumber,
} from '../../rules/validation/text.ts';
import { ALWAYS, issue, str, text, type Ctx } from './form-helpers.ts';
import { ADDRESS_FIELDS, addressPartsShape, type AddressFieldNames } from '../address-fields.ts';
import {
  CITY_NAME_MAX,
  COUNTRY_MAX,
  POSTAL_CODE_MAX,
  PROVINCE_NAME_MAX,
  STREET_NAME_MAX,
  STREET_NUMBER_MAX,
  UNIT_NUMBER_MAX,
} from './limits.ts';

type ManualFieldNames = AddressFieldNames;
const HOME_FIELDS = ADDRESS_FIELDS.home;
const MAILING_FIELDS = ADDRESS_FIELDS.mailing;

/**
 * Manual address rules. The province is required for Canada ('Select your province name') and the US
 * ('Select your state name') and hidden otherwise; the postal code is required ('Enter your postal code',
 * US 'Enter your zip code') and checked for Canada (format, and agreement with a two-letter province code)
 * and the US (ZIP). When `mustBeCanada` (home address) a country other than Canada gives the resident
 * message; a mailing address may be abroad.
 */
function refineManualAddress(
  v: Record<string, unknown>,
  ctx: Ctx,
  names: ManualFieldNames,
  mustBeCanada: boolean,
): void {
  const streetNumber = str(v[names.streetNumber]).trim();
  if (streetNumber === '') issue(ctx, [names.streetNumber], 'address.streetNumber.required');
  else if (!isValidStreetNumber(streetNumber))
    issue(ctx, [names.streetNumber], 'address.streetNumber.invalid');

  if (!isValidUnitNumber(str(v[names.unitNumber]).trim())) {
    issue(ctx, [names.unitNumber], 'address.unitNumber.invalid');
  }

  const streetName = str(v[names.streetName]).trim();
  if (streetName === '') issue(ctx, [names.streetName], 'address.streetName.required');
  else if (!isValidStreetName(streetName)) issue(ctx, [names.streetName], 'address.streetName.invalid');

  const city = str(v[names.cityName]).trim();
  if (city === '') issue(ctx, [names.cityName], 'address.city.required');
  else if (!isValidCityName(city)) issue(ctx, [names.cityName], 'address.city.invalid');

  const country = str(v[names.country]).trim();
  const inCanada = isCanada(country);
  const isUs = isUnitedStates(country);
  if (country === '') issue(ctx, [names.country], 'address.country.required');
  else if (mustBeCanada && !inCanada) issue(ctx, [names.country], 'address.country.notCanada');

  const province = str(v[names.provinceName]).trim();
  if (province === '' && (inCanada || isUs)) {
    issue(ctx, [names.provinceName], isUs ? 'address.state.required' : 'address.province.required');
  }

  const postal = str(v[names.postalCode]).trim();
  if (postal === '') {
    issue(ctx, [names.postalCode], isUs ? 'address.zipCode.required' : 'address.postalCode.required');
  } else if (inCanada) {
    if (!isValidPostalCode(postal)) issue(ctx, [names.postalCode], 'address.postalCode.invalid');
    else if (/^[A-Za-z]{2}$/.test(province) && !postalCodeMatchesProvince(postal, province)) {
      issue(ctx, [names.postalCode], 'address.postalCode.provinceMismatch');
    }
  } else if (isUs && !isValidZipCode(postal)) {
    issue(ctx, [names.postalCode], 'address.zipCode.invalid');
  }
}

const manualAddressShape = {
  streetNumber: text(STREET_NUMBER_MAX),
  unitNumber: z.optional(text(UNIT_NUMBER_MAX)),
  streetName: text(STREET_NAME_MAX),
  cityName: text(CITY_NAME_MAX),
  provinceName: z.optional(text(PROVINCE_NAME_MAX)),
  postalCode: text(POSTAL_CODE_MAX),
  country: text(COUNTRY_MAX),
};

/** Every part optional (the form's fields: which are required depends on the mode). */
const optionalPartsShape = {
  streetNumber: z.optional(text(STREET_NUMBER_MAX)),
  unitNumber: z.optional(text(UNIT_NUMBER_MAX)),
  streetName: z.optional(text(STREET_NAME_MAX)),
  cityName: z.optional(text(CITY_NAME_MAX)),
  provinceName: z.optional(text(PROVINCE_NAME_MAX)),
  postalCode: z.optional(text(POSTAL_CODE_MAX)),
  country: z.optional(text(COUNTRY_MAX)),
};

/**
 * A chosen suggestion carries its parts (the browser fills them from Retrieve): street, city, postal code,
 * country, and the province in Canada and the US, which sets the age of majority. Without them the
 * choice is refused ('You must select an address from the list of options').
 */
function hasChosenAddressParts(v: Record<string, unknown>, names: ManualFieldNames): boolean {
  const has = (field: string) => str(v[field]).trim() !== '';
  const country = str(v[names.country]).trim();
  const needsProvince = isCanada(country) || isUnitedStates(country);
  return (
    has(names.streetName) &&
    has(names.cityName) &&
    has(names.postalCode) &&
    has(names.country) &&
    (!needsProvince || has(names.provinceName))
  );
}

/**
 * A manually entered home address (also the shape the server re-checks and the review screen edits):
 * street number, optional unit, street name, city, province/state, postal/zip code, country (must be
 * Canada). Province values are the two-letter codes of the province select.
 */
export const manualAddressSchema = z.object(manualAddressShape).check(
  z.superRefine((v, ctx) => {
    refineManualAddress(v as Record<string, unknown>, ctx, HOME_FIELDS, true);
  }, ALWAYS),
);

/**
 * 'Where do you live?'. Home address in search mode (`isManualAddress` false: the search box `autoAddress`
 * is required, and a chosen suggestion `autoAddressSelectedId` with its parts) or manual mode (manual fields
 * required).
 * When `isMailingAddressSame` is false the mailing block (ma-prefixed fields, search `autoMailAddress` /
 * `autoMailAddressSelectedId`, manual `isManualMailingAddress`) is required the same way.
 */
export const addressFormSchema = z
  .object({
    isManualAddress: z._default(z.boolean(), false),
    autoAddress: z.optional(text()),
    autoAddressSelectedId: z.optional(text()),
    ...addressPartsShape('home', optionalPartsShape),
    isMailingAddressSame: z._default(z.boolean(), true),
    isManualMailingAddress: z._default(z.boolean(), false),
    autoMailAddress: z.optional(text()),
    autoMailAddressSelectedId: z.optional(text()),
    ...addressPartsShape('mailing', optionalPartsShape),
  })
  .check(
    z.superRefine((value, ctx) => {
      const v = value as Record<string, unknown>;
      if (v.isManualAddress === true) {
        refineManualAddress(v, ctx, HOME_FIELDS, true);
      } else if (str(v.autoAddress).trim() === '') {
        issue(ctx, ['autoAddress'], 'address.search.required');
      } else if (str(v.autoAddressSelectedId).trim() === '' || !hasChosenAddressParts(v, HOME_FIELDS)) {
        issue(ctx, ['autoAddress'], 'address.selection.required');
      }
      if (v.isMailingAddressSame === false) {
        if (v.isManualMailingAddress === true) {
          refineManualAddress(v, ctx, MAILING_FIELDS, false);
        } else if (str(v.autoMailAddress).trim() === '') {
          issue(ctx, ['autoMailAddress'], 'address.mailingSearch.required');
        } else if (
          str(v.autoMailAddressSelectedId).trim() === '' ||
          !hasChosenAddressParts(v, MAILING_FIELDS)
        ) {
          issue(ctx, ['autoMailAddress'], 'address.selection.required');
        }
      }
    }, ALWAYS),
  );
export type AddressForm = z.infer<typeof addressFormSchema>;
export type AddressFormInput = z.input<typeof addressFormSchema>;
