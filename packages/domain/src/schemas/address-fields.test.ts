import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS, addressPartsOf, addressPartsShape } from './address-fields.ts';
import { addressViewSchema } from './api.ts';

describe('the address field mapping', () => {
  const home = {
    streetNumber: '123',
    unitNumber: '4',
    streetName: 'Main St',
    cityName: 'Toronto',
    provinceName: 'ON',
    postalCode: 'M5V 3L9',
    country: 'CA',
  };
  const saved = { ...home, maStreetNumber: ' 9 ', maStreetName: 'Rue Principale', maCityName: 'Montréal' };

  it('reads the home address from its own names and the mailing one from the ma-prefixed names', () => {
    expect(addressPartsOf(saved, 'home')).toEqual(home);
    const mailing = addressPartsOf(saved, 'mailing');
    expect([mailing.streetNumber, mailing.streetName, mailing.cityName, mailing.postalCode]).toEqual([
      '9',
      'Rue Principale',
      'Montréal',
      '',
    ]);
    expect(addressPartsOf(null, 'home').cityName).toBe('');
  });

  it('names every field of a block, and shapes an object under a block’s names', () => {
    expect([ADDRESS_FIELDS.mailing.manual, ADDRESS_FIELDS.mailing.search]).toEqual([
      'isManualMailingAddress',
      'autoMailAddress',
    ]);
    expect(Object.keys(addressPartsShape('mailing', home)).join(' ')).toBe(
      'maStreetNumber maUnitNumber maStreetName maCityName maProvinceName maPostalCode maCountry',
    );
    expect(addressPartsShape('mailing', home).maCityName).toBe('Toronto');
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
