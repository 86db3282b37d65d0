import { describe, expect, it } from 'vitest';
import { addressFindItemSchema, addressRetrieveItemSchema, EXAMPLE_FIND_ITEM } from '../index.ts';

describe('the address-lookup contract (AddressComplete Find v2.10 and Retrieve v2.11), one for server and web', () => {
  it('takes a Find suggestion that leads to an address or to a container', () => {
    const item = EXAMPLE_FIND_ITEM;
    expect(addressFindItemSchema.parse(item)).toEqual(item);
    expect(addressFindItemSchema.safeParse({ ...item, Next: 'Find' }).success).toBe(true);
    expect(addressFindItemSchema.safeParse({ ...item, Next: 'Open' }).success).toBe(false);
  });

  it('takes a Retrieve address with every field of the vendor, empty where it does not apply', () => {
    const fields = Object.keys(addressRetrieveItemSchema.shape);
    expect(fields).toEqual(
      expect.arrayContaining(['Id', 'BuildingNumber', 'Street', 'City', 'ProvinceCode']),
    );
    const item = {
      ...Object.fromEntries(fields.map((f) => [f, ''])),
      Id: 'CA|CP|B|290',
      CountryIsoNumber: 124,
    };
    expect(addressRetrieveItemSchema.parse(item)).toEqual(item);
    expect(addressRetrieveItemSchema.safeParse({ Id: 'CA|CP|B|290' }).success).toBe(false);
  });
});
