import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS, addressPartsOf, addressPartsShape } from './address-fields.ts';
import { addressViewSchema } from './api.ts';

describe('the address field mapping', () => {
  const saved = {
    streetNumber: '123',
    unitNumber: '',
    streetName: 'Main St',
    cityName: 'Toronto',
    provinceName: 'ON',
    postalCode: 'M5V 3L9',
    country: 'CA',
    maStreetNumber: ' 9 ',
    maStreetName: 'Rue Principale',
    maCityName: 'Montréal',
    maProvinceName: 'QC',
    maPostalCode: 'H2X 1Y4',
    maCountry: 'CA',
  };

  it('reads the home address from its own names and the mailing one from the ma-prefixed names', () => {
    expect(addressPartsOf(saved, 'home')).toEqual({
      streetNumber: '123',
      unitNumber: '',
      streetName: 'Main St',
      cityName: 'Toronto',
      provinceName: 'ON',
      postalCode: 'M5V 3L9',
      country: 'CA',
    });
    expect(addressPartsOf(saved, 'mailing')).toEqual({
      streetNumber: '9',
      unitNumber: '',
      streetName: 'Rue Principale',
      cityName: 'Montréal',
      provinceName: 'QC',
      postalCode: 'H2X 1Y4',
      country: 'CA',
    });
    expect(addressPartsOf(null, 'home').cityName).toBe('');
  });

  it('names every field of a block, and shapes an object under a block’s names', () => {
    expect(ADDRESS_FIELDS.mailing.manual).toBe('isManualMailingAddress');
    expect(ADDRESS_FIELDS.mailing.search).toBe('autoMailAddress');
    expect(Object.keys(addressPartsShape('mailing', addressPartsOf(saved, 'home')))).toEqual([
      'maStreetNumber',
      'maUnitNumber',
      'maStreetName',
      'maCityName',
      'maProvinceName',
      'maPostalCode',
      'maCountry',
    ]);
  });

  it('the API view keeps both addresses', () => {
    const view = addressViewSchema.parse({
      ...saved,
      isManualAddress: true,
      isMailingAddressSame: false,
      isManualMailingAddress: true,
    });
    expect(addressPartsOf(view, 'mailing').cityName).toBe('Montréal');
  });
});
