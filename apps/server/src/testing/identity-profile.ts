import type { IdentityProfile } from '../providers/identity/identity.ts';

/**
 * Ada's profile as the identity partners are sent it (no SIN given), at home in Toronto with her phone
 * verified; `overrides` change or add fields.
 */
export function adaIdentityProfile(overrides: Partial<IdentityProfile> = {}): IdentityProfile {
  return {
    externalId: 'applicant-1',
    nameFirst: 'Ada',
    nameLast: 'Lovelace',
    birthDate: '1986-05-10',
    emailAddress: 'ada@example.com',
    phoneNumber: '4165550123',
    addresses: [
      {
        type: 'primary',
        line1: '290 Bremner Blvd',
        city: 'Toronto',
        state: 'ON',
        postalCode: 'M5V 3L9',
        countryCode: 'CA',
      },
    ],
    phoneVerified: true,
    ...overrides,
  };
}
