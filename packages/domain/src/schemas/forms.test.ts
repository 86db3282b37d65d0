import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { EXAMPLE_HOME_PARTS, EXAMPLE_LEGAL_TERMS, EXAMPLE_MAILING_PARTS } from '../flows/step-examples.ts';
import { formatMessage } from '../messages/messages.ts';
import { ADDRESS_FIELDS, ADDRESS_PARTS } from './address-fields.ts';
import {
  accountUsageFormSchema,
  addressFormSchema,
  createProfileFormSchema,
  isValidPersonalInfo,
  jointApplicantFormSchema,
  legalTermsFormSchema,
  LEGAL_TERMS_YES_NO_QUESTIONS,
  manualAddressSchema,
  personalInfoFormSchema,
  type PersonalInfoContext,
  phoneFormSchema,
  reviewCodesFormSchema,
  shortAccountUsageFormSchema,
  sinFormSchema,
  termChoiceFormSchema,
  termPeriodValue,
  renewalOptionValues,
  verificationCodeSchema,
} from './forms.ts';

const PHONE = '1-800-555-0100';
const TODAY = new Date(2025, 5, 15);

/** English texts of the issues of `value`, by dotted path ('' for the root). */
function errors(schema: z.ZodMiniType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const i of result.error.issues) {
    const path = i.path.join('.');
    (out[path] ??= []).push(formatMessage(i.message, 'en', { phone: PHONE }));
  }
  return out;
}

/** First English message of a field, or undefined when the field has no issue. */
function errorOf(schema: z.ZodMiniType, value: unknown, path: string): string | undefined {
  return errors(schema, value)[path]?.[0];
}

// ---------------------------------------------------------------------------------------------------------

describe('create profile (spec 000 §5, spec 001 §5)', () => {
  const valid = {
    email: 'jane@example.com',
    password: 'Abcdef12',
    promoCode: '',
    referralCode: '',
    consent: false,
  };
  const err = (patch: object, path: string) => errorOf(createProfileFormSchema, { ...valid, ...patch }, path);

  it('accepts a valid profile and trims the e-mail', () => {
    const parsed = createProfileFormSchema.parse({
      ...valid,
      email: ' jane@example.com ',
      referralCode: 'rf1234',
    });
    expect(parsed.email).toBe('jane@example.com');
    expect(parsed.referralCode).toBe('RF1234');
  });
  it('email: required, valid', () => {
    expect(err({ email: '' }, 'email')).toBe('Enter your email address');
    expect(err({ email: 'jane@' }, 'email')).toBe('Email address must be a valid address');
  });
  it('password: required, min 8, max 12, criteria', () => {
    expect(err({ password: '' }, 'password')).toBe('Enter a password');
    expect(err({ password: 'Abc12' }, 'password')).toBe('Password must have at least 8 characters');
    expect(err({ password: 'Abcdefgh12345' }, 'password')).toBe(
      'Password must have no more than 12 characters',
    );
    for (const pw of ['abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Abcdef1<', 'Abcdef1>', 'Abcdef1,', 'Abcdef1/']) {
      expect(err({ password: pw }, 'password')).toBe('Password must match criteria');
    }
    expect(err({ password: 'Abcdefgh1234' }, 'password')).toBeUndefined();
  });
  it('password: refuses control characters and broken characters, whatever the other rules', () => {
    for (const pw of [
      'Abcdef1\u0000',
      'Abc\u0000def12',
      'Abcdef1\t2',
      'Abcdef12\n',
      'Abcdef\u007f12',
      'Abc\u0085def12',
      'Abcdef1\uD800',
    ]) {
      expect(err({ password: pw }, 'password'), JSON.stringify(pw)).toBe(
        'Remove the characters that cannot be accepted',
      );
    }
    expect(err({ password: 'Abcdéf12 ' }, 'password')).toBeUndefined();
  });
  it('promo and referral codes: a NUL or an unpaired surrogate is refused with its own message', () => {
    for (const bad of ['A\u0000B', 'A\uD800B', '\uDC00', 'AB\uDBFF']) {
      expect(err({ promoCode: bad }, 'promoCode'), JSON.stringify(bad)).toBe(
        'Remove the characters that cannot be accepted',
      );
      expect(err({ referralCode: `RF${bad}` }, 'referralCode'), JSON.stringify(bad)).toBe(
        'Remove the characters that cannot be accepted',
      );
    }
    // A character outside the basic plane is a pair of surrogates: accepted.
    expect(err({ promoCode: 'A🍁' }, 'promoCode')).toBeUndefined();
  });
  it('promo code: optional, max 8 (12 on the review screen)', () => {
    expect(err({ promoCode: 'PROMO123' }, 'promoCode')).toBeUndefined();
    expect(err({ promoCode: 'PROMO1234' }, 'promoCode')).toBe('Promo code exceeds maximum characters');
    expect(errorOf(reviewCodesFormSchema, { promoCode: 'PROMO1234567' }, 'promoCode')).toBeUndefined();
    expect(errorOf(reviewCodesFormSchema, { promoCode: 'PROMO12345678' }, 'promoCode')).toBe(
      'Promo code exceeds maximum characters',
    );
  });
  it('referral code: optional, max 12, begins with RF', () => {
    expect(err({ referralCode: undefined }, 'referralCode')).toBeUndefined();
    expect(err({ referralCode: 'RF1234567890' }, 'referralCode')).toBeUndefined();
    expect(err({ referralCode: 'RF12345678901' }, 'referralCode')).toBe(
      'Referral code exceeds maximum characters',
    );
    expect(err({ referralCode: 'XX1234' }, 'referralCode')).toBe('Referral code must begin with RF');
  });
});

// ---------------------------------------------------------------------------------------------------------

const NO_FLAGS = { mStudent: false, mSenior: false, mRRSP: false, mFHSA: false };
const baseCtx: PersonalInfoContext = {
  flags: NO_FLAGS,
  today: TODAY,
  sweepEnabled: false,
  isJointFlow: false,
  jointAllowed: false,
  primaryEmail: 'Jane@Example.com',
};
const person = {
  firstName: 'Jane',
  middleName: '',
  lastName: "O'Neil-Côté",
  dob_month: '03',
  dob_day: '7',
  dob_year: '1990',
  phoneNumber: '(514) 555-0100',
  phoneType: 'mobile',
};
const pi = (patch: object, ctx: Partial<PersonalInfoContext> = {}) => ({
  schema: personalInfoFormSchema({ ...baseCtx, ...ctx }),
  value: { ...person, ...patch },
});
const piErr = (patch: object, path: string, ctx: Partial<PersonalInfoContext> = {}) => {
  const { schema, value } = pi(patch, ctx);
  return errorOf(schema, value, path);
};

describe('personal info: names (spec 000 §5)', () => {
  it('accepts a valid person and trims names', () => {
    const { schema, value } = pi({ firstName: '  Jean   Luc ' });
    expect(schema.parse(value).firstName).toBe('Jean Luc');
  });
  it('first and last name required', () => {
    expect(piErr({ firstName: '' }, 'firstName')).toBe('Enter your first name');
    expect(piErr({ firstName: '   ' }, 'firstName')).toBe('Enter your first name');
    expect(piErr({ lastName: '' }, 'lastName')).toBe('Enter your last name');
    expect(piErr({ middleName: '' }, 'middleName')).toBeUndefined();
  });
  it('max 38', () => {
    expect(piErr({ firstName: 'A'.repeat(38) }, 'firstName')).toBeUndefined();
    expect(piErr({ firstName: 'A'.repeat(39) }, 'firstName')).toBe('Name exceeds maximum characters');
    expect(piErr({ lastName: 'A'.repeat(39) }, 'lastName')).toBe('Name exceeds maximum characters');
    expect(piErr({ middleName: 'A'.repeat(39) }, 'middleName')).toBe('Name exceeds maximum characters');
  });
  it('allowed characters', () => {
    expect(piErr({ firstName: 'Jane!' }, 'firstName')).toBe('Please enter valid first name');
    expect(piErr({ lastName: 'D0e@' }, 'lastName')).toBe('Please enter valid last name');
    expect(piErr({ middleName: 'M_' }, 'middleName')).toBe('Please enter valid name');
  });
});

describe('personal info: date of birth (spec 000 §5)', () => {
  it('per-field required messages', () => {
    expect(piErr({ dob_month: '' }, 'dob_month')).toBe('Enter your month of birth');
    expect(piErr({ dob_day: '' }, 'dob_day')).toBe('Enter your date of birth');
    expect(piErr({ dob_year: '' }, 'dob_year')).toBe('Enter your year of birth');
  });
  it('day 1 to 31', () => {
    for (const d of ['0', '32', 'a', '1.5'])
      expect(piErr({ dob_day: d }, 'dob_day')).toBe('Please enter correct day');
    expect(piErr({ dob_day: '31', dob_month: '01' }, 'dob_day')).toBeUndefined();
  });
  it('year: digits only, min 1900', () => {
    for (const y of ['1899', '19a0', '90', '-1990'])
      expect(piErr({ dob_year: y }, 'dob_year')).toBe('Please enter correct year');
  });
  it('an impossible date: Please enter a valid date.', () => {
    expect(piErr({ dob_month: '02', dob_day: '30' }, 'dob_day')).toBe('Please enter a valid date.');
    expect(piErr({ dob_month: '02', dob_day: '29', dob_year: '1995' }, 'dob_day')).toBe(
      'Please enter a valid date.',
    );
    expect(piErr({ dob_month: '02', dob_day: '29', dob_year: '1996' }, 'dob_day')).toBeUndefined();
    expect(piErr({ dob_month: '13' }, 'dob_day')).toBe('Please enter a valid date.');
    expect(piErr({ dob_year: '2026' }, 'dob_day')).toBe('Please enter a valid date.');
  });
  it('a date after today: Please enter a valid date of birth', () => {
    expect(piErr({ dob_year: '2025', dob_month: '12', dob_day: '1' }, 'dob_day')).toBe(
      'Please enter a valid date of birth',
    );
  });
});

describe('personal info: age limits (spec 000 §5, reference §9)', () => {
  it('student 18 to 25', () => {
    const ctx = { flags: { ...NO_FLAGS, mStudent: true } };
    expect(piErr({ dob_year: '2009' }, 'dob_day', ctx)).toBe(
      `You must be between 18 and 25 to open a Student Chequing Account... Please call us at ${PHONE} to discuss other options.`,
    );
    expect(piErr({ dob_year: '1995' }, 'dob_day', ctx)).toContain('between 18 and 25');
    expect(piErr({ dob_year: '2003' }, 'dob_day', ctx)).toBeUndefined();
  });
  it('senior 60 or more', () => {
    const ctx = { flags: { ...NO_FLAGS, mSenior: true } };
    expect(piErr({ dob_year: '1970' }, 'dob_day', ctx)).toContain('60 or older');
    expect(piErr({ dob_year: '1960' }, 'dob_day', ctx)).toBeUndefined();
  });
  it('RRSP and FHSA: fails over 71', () => {
    expect(piErr({ dob_year: '1950' }, 'dob_day', { flags: { ...NO_FLAGS, mRRSP: true } })).toContain(
      'under 71',
    );
    expect(piErr({ dob_year: '1950' }, 'dob_day', { flags: { ...NO_FLAGS, mFHSA: true } })).toContain(
      'under 71',
    );
    expect(
      piErr({ dob_year: '1954', dob_month: '01' }, 'dob_day', { flags: { ...NO_FLAGS, mRRSP: true } }),
    ).toBeUndefined();
  });
  it('over 110: unable to open a membership, under the year', () => {
    expect(piErr({ dob_year: '1910' }, 'dob_year')).toBe(
      `You are unable to open a membership. Please call us at ${PHONE}.`,
    );
    expect(piErr({ dob_year: '1910' }, 'dob_year')).toMatch(
      /^You are unable to open a membership\. Please call us/,
    );
  });
  it('age of majority of the province (18 before the address is known)', () => {
    expect(piErr({ dob_year: '2010' }, 'dob_day')).toContain('age of majority');
    expect(piErr({ dob_year: '2007', dob_month: '01' }, 'dob_day')).toBeUndefined();
    expect(piErr({ dob_year: '2007', dob_month: '01' }, 'dob_day', { province: 'BC' })).toContain(
      'age of majority',
    );
  });
});

describe('personal info: phone (spec 000 §5)', () => {
  it('required and pattern: Enter a valid phone number', () => {
    expect(piErr({ phoneNumber: '' }, 'phoneNumber')).toBe('Enter a valid phone number');
    expect(piErr({ phoneNumber: '(514) 555-01' }, 'phoneNumber')).toBe('Enter a valid phone number');
    expect(piErr({ phoneNumber: '(114) 555-0100' }, 'phoneNumber')).toBe('Enter a valid phone number');
  });
  it('type required', () => {
    expect(piErr({ phoneType: '' }, 'phoneType')).toBe('Select a phone type');
    expect(piErr({ phoneType: undefined }, 'phoneType')).toBe('Select a phone type');
    expect(piErr({ phoneType: 'home' }, 'phoneType')).toBeUndefined();
  });
  it('verification screen: empty phone gives Please enter phone number', () => {
    expect(errorOf(phoneFormSchema, { phoneNumber: '' }, 'phoneNumber')).toBe('Please enter phone number');
    expect(errorOf(phoneFormSchema, { phoneNumber: '555' }, 'phoneNumber')).toBe(
      'Enter a valid phone number',
    );
    expect(phoneFormSchema.safeParse({ phoneNumber: '(514) 555-0100' }).success).toBe(true);
  });
  it('code entry: six digits only', () => {
    expect(verificationCodeSchema.safeParse({ code: '123456' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(errorOf(verificationCodeSchema, { code }, 'code')).toBe('Enter the 6-digit code');
    }
  });
});

describe('personal info: sweep (spec 000 §5)', () => {
  const ctx = { sweepEnabled: true };
  it('yes/no required when sweep is enabled, ignored otherwise', () => {
    expect(piErr({}, 'hasSweep', ctx)).toBe('Choose an option that applies to you');
    expect(piErr({}, 'hasSweep')).toBeUndefined();
  });
  it('amounts on yes: required, min 2, two decimals', () => {
    const yes = { hasSweep: 'yes', sweepBelowBalance: '', sweepExceedsBalance: '100' };
    expect(piErr(yes, 'sweepBelowBalance', ctx)).toBe('Please enter amount');
    expect(piErr({ ...yes, sweepBelowBalance: '1' }, 'sweepBelowBalance', ctx)).toBe(
      'Please enter an amount great than $1.',
    );
    expect(piErr({ ...yes, sweepBelowBalance: '1.999' }, 'sweepBelowBalance', ctx)).toBe(
      'Please enter correct amount',
    );
    expect(piErr({ ...yes, sweepExceedsBalance: '' }, 'sweepExceedsBalance', ctx)).toBe(
      'Please enter amount',
    );
    expect(piErr({ ...yes, sweepBelowBalance: '2.50' }, 'sweepBelowBalance', ctx)).toBeUndefined();
  });
  it('amounts ignored on no', () => {
    expect(piErr({ hasSweep: 'no', sweepBelowBalance: 'x' }, 'sweepBelowBalance', ctx)).toBeUndefined();
  });
});

describe('personal info: joint section (spec 000 §5)', () => {
  const ctx = { jointAllowed: true };
  const yes = {
    hasJointApp: 'yes',
    jointFirstName: 'Jo',
    jointLastName: 'Doe',
    jointEmail: 'jo@example.com',
  };
  it('yes/no required when shown; absent in the joint flow and for RRSP/TFSA/FHSA', () => {
    expect(piErr({}, 'hasJointApp', ctx)).toBe('Choose an option that applies to you');
    expect(piErr({}, 'hasJointApp', { jointAllowed: false })).toBeUndefined();
    expect(piErr({}, 'hasJointApp', { jointAllowed: true, isJointFlow: true })).toBeUndefined();
  });
  it('accepts a complete co-applicant, ignores fields on no', () => {
    const { schema, value } = pi(yes, ctx);
    expect(schema.safeParse(value).success).toBe(true);
    expect(piErr({ hasJointApp: 'no', jointEmail: 'bad' }, 'jointEmail', ctx)).toBeUndefined();
  });
  it('co-applicant messages', () => {
    expect(piErr({ ...yes, jointFirstName: '' }, 'jointFirstName', ctx)).toBe(
      "Enter co-applicant's first name",
    );
    expect(piErr({ ...yes, jointLastName: ' ' }, 'jointLastName', ctx)).toBe(
      "Enter co-applicant's last name",
    );
    expect(piErr({ ...yes, jointFirstName: 'A'.repeat(39) }, 'jointFirstName', ctx)).toBe(
      'Name exceeds maximum characters',
    );
    expect(piErr({ ...yes, jointLastName: 'D@e' }, 'jointLastName', ctx)).toBe('Please enter valid name');
    expect(piErr({ ...yes, jointEmail: '' }, 'jointEmail', ctx)).toBe('Email address cannot be empty');
    expect(piErr({ ...yes, jointEmail: 'jo@' }, 'jointEmail', ctx)).toBe(
      'Email address must be a valid address',
    );
    expect(piErr({ ...yes, jointEmail: ' JANE@example.COM ' }, 'jointEmail', ctx)).toBe(
      'The Email Address of the Joint Applicant cannot be the same as the Primary Applicant',
    );
  });
});

describe('co-applicant on the review screen (spec 001 §5)', () => {
  const schema = jointApplicantFormSchema({ primaryEmail: 'jane@example.com' });
  const valid = { jointFirstName: 'Jo', jointLastName: 'Doe', jointEmail: 'jo@example.com' };
  it('required, max 38, Enter valid name / Enter valid email', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(errorOf(schema, { ...valid, jointFirstName: '' }, 'jointFirstName')).toBe(
      "Enter co-applicant's first name",
    );
    expect(errorOf(schema, { ...valid, jointLastName: 'A'.repeat(39) }, 'jointLastName')).toBe(
      'Name exceeds maximum characters',
    );
    expect(errorOf(schema, { ...valid, jointFirstName: 'J!' }, 'jointFirstName')).toBe('Enter valid name');
    expect(errorOf(schema, { ...valid, jointEmail: '' }, 'jointEmail')).toBe('Enter valid email');
    expect(errorOf(schema, { ...valid, jointEmail: 'jo@x' }, 'jointEmail')).toBe('Enter valid email');
    expect(errorOf(schema, { ...valid, jointEmail: `${'a'.repeat(30)}@example.com` }, 'jointEmail')).toBe(
      'Email address exceeds maximum characters',
    );
    expect(errorOf(schema, { ...valid, jointEmail: 'Jane@Example.com' }, 'jointEmail')).toBe(
      'The Email Address of the Joint Applicant cannot be the same as the Primary Applicant',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------

const home = { ...EXAMPLE_HOME_PARTS, unitNumber: '' };

describe('manual address (spec 000 §5, spec 001 §5)', () => {
  const err = (patch: object, path: string) => errorOf(manualAddressSchema, { ...home, ...patch }, path);
  it('accepts a valid Canadian address', () => {
    expect(manualAddressSchema.safeParse(home).success).toBe(true);
    expect(
      manualAddressSchema.safeParse({ ...home, postalCode: 'm5v3l9', unitNumber: '#1204' }).success,
    ).toBe(true);
  });
  it('street number', () => {
    expect(err({ streetNumber: '' }, 'streetNumber')).toBe('Enter your street number');
    expect(err({ streetNumber: '12/3' }, 'streetNumber')).toBe('Please enter a valid street number');
  });
  it('unit number', () => {
    expect(err({ unitNumber: '4@' }, 'unitNumber')).toBe(
      'Please enter a valid unit number. Only letters, numbers and _-.# are accepted',
    );
  });
  it('street name and city', () => {
    expect(err({ streetName: '' }, 'streetName')).toBe('Enter your street name');
    expect(err({ streetName: 'Main @' }, 'streetName')).toBe('Please enter a valid street name');
    expect(err({ cityName: '  ' }, 'cityName')).toBe('Enter your city name');
    expect(err({ cityName: 'T0r*nto' }, 'cityName')).toBe('Please enter a valid city name');
  });
  it('province / state', () => {
    expect(err({ provinceName: '' }, 'provinceName')).toBe('Select your province name');
    expect(err({ provinceName: '', country: 'US' }, 'provinceName')).toBe('Select your state name');
    expect(err({ provinceName: '', country: 'FR' }, 'provinceName')).toBeUndefined();
  });
  it('postal / zip code', () => {
    expect(err({ postalCode: '' }, 'postalCode')).toBe('Enter your postal code');
    expect(err({ postalCode: '', country: 'US' }, 'postalCode')).toBe('Enter your zip code');
    for (const p of ['D5V 3L9', 'W5V 3L9', 'Z5V 3L9', 'M5V  3L9', '12345', 'M5U 3L9']) {
      expect(err({ postalCode: p }, 'postalCode')).toBe('Enter a valid postal code');
    }
    expect(err({ postalCode: 'H2X 1Y4' }, 'postalCode')).toBe('The postal code does not match the province');
  });
  it('country required, must be Canada', () => {
    expect(err({ country: '' }, 'country')).toBe('Select your country name');
    expect(err({ country: 'US' }, 'country')).toBe(
      `You must be a resident of Canada to become a member online. Please call us at ${PHONE} to find out what other options are available for you.`,
    );
  });
});

describe('address form: search or manual, mailing (spec 000 §4/§5)', () => {
  const picked = {
    isManualAddress: false,
    autoAddress: '290 Bremner Blvd',
    autoAddressSelectedId: 'CA|1',
    ...home,
    isMailingAddressSame: true,
  };
  const mailingParts = EXAMPLE_MAILING_PARTS;
  it('search mode: search required, a suggestion must be chosen', () => {
    expect(addressFormSchema.safeParse(picked).success).toBe(true);
    expect(errorOf(addressFormSchema, { ...picked, autoAddress: '' }, 'autoAddress')).toBe(
      'Enter your address',
    );
    expect(errorOf(addressFormSchema, { ...picked, autoAddressSelectedId: '' }, 'autoAddress')).toBe(
      'You must select an address from the list of options',
    );
  });
  it.each(['provinceName', 'postalCode', 'streetName', 'cityName', 'country'])(
    'search mode: a chosen suggestion without its %s is refused (the province sets the age of majority)',
    (part) => {
      expect(errorOf(addressFormSchema, { ...picked, [part]: '' }, 'autoAddress')).toBe(
        'You must select an address from the list of options',
      );
    },
  );
  it('refuses longer address parts than their limits, in both languages', () => {
    for (const [field, max] of [
      ['streetNumber', 10],
      ['unitNumber', 10],
      ['streetName', 60],
      ['cityName', 40],
      ['postalCode', 10],
      ['autoAddress', 200],
    ] as const) {
      expect(errorOf(addressFormSchema, { ...picked, [field]: 'A'.repeat(max) }, field)).not.toBe(
        'Text exceeds maximum characters',
      );
      expect(errorOf(addressFormSchema, { ...picked, [field]: 'A'.repeat(max + 1) }, field)).toBe(
        'Text exceeds maximum characters',
      );
    }
    expect(formatMessage('text.max', 'fr')).toBe('Le texte dépasse le nombre maximal de caractères');
  });
  it('manual mode: search dropped, manual fields required', () => {
    expect(
      addressFormSchema.safeParse({ isManualAddress: true, ...home, isMailingAddressSame: true }).success,
    ).toBe(true);
    const e = errors(addressFormSchema, { isManualAddress: true, isMailingAddressSame: true });
    expect(e.autoAddress).toBeUndefined();
    expect(e.streetNumber).toEqual(['Enter your street number']);
    expect(e.country).toEqual(['Select your country name']);
  });
  it('mailing different: search or manual required, with ma-prefixed fields', () => {
    const diff = { ...picked, isMailingAddressSame: false };
    expect(errorOf(addressFormSchema, diff, 'autoMailAddress')).toBe('Enter your mailing address');
    expect(errorOf(addressFormSchema, { ...diff, autoMailAddress: 'x' }, 'autoMailAddress')).toBe(
      'You must select an address from the list of options',
    );
    expect(
      addressFormSchema.safeParse({ ...diff, autoMailAddress: 'x', autoMailAddressSelectedId: 'CA|2' })
        .success,
    ).toBe(false);
    expect(
      addressFormSchema.safeParse({
        ...diff,
        autoMailAddress: 'x',
        autoMailAddressSelectedId: 'CA|2',
        ...mailingParts,
      }).success,
    ).toBe(true);
    const manual = { ...diff, isManualMailingAddress: true };
    const e = errors(addressFormSchema, manual);
    expect(e.maStreetNumber).toEqual(['Enter your street number']);
    expect(e.maStreetName).toEqual(['Enter your street name']);
    expect(e.maCityName).toEqual(['Enter your city name']);
    expect(e.maPostalCode).toEqual(['Enter your postal code']);
    expect(e.maCountry).toEqual(['Select your country name']);
    // A mailing address may be abroad (US state and zip variants).
    const us = {
      ...manual,
      maStreetNumber: '1',
      maStreetName: 'Main St',
      maCityName: 'Buffalo',
      maCountry: 'US',
    };
    expect(errorOf(addressFormSchema, us, 'maProvinceName')).toBe('Select your state name');
    expect(errorOf(addressFormSchema, us, 'maPostalCode')).toBe('Enter your zip code');
    expect(addressFormSchema.safeParse({ ...us, maProvinceName: 'NY', maPostalCode: '14201' }).success).toBe(
      true,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('text fields refuse what cannot be stored (NUL, unpaired surrogates)', () => {
  const picked = {
    isManualAddress: false,
    autoAddress: '290 Bremner Blvd',
    autoAddressSelectedId: 'CA|1',
    isMailingAddressSame: false,
    autoMailAddress: '1 Main St',
    autoMailAddressSelectedId: 'CA|2',
  };
  // Every text field of both blocks: the search box, the chosen suggestion, the parts.
  const FIELDS = (['home', 'mailing'] as const).flatMap((kind) => {
    const names = ADDRESS_FIELDS[kind];
    return [names.search, names.selectedId, ...ADDRESS_PARTS.map((part) => names[part])];
  });
  it('sweeps the 18 text fields of both blocks', () => expect(new Set(FIELDS).size).toBe(18));
  it.each(FIELDS)('address %s', (field) => {
    for (const bad of ['x\u0000', '\uD83D', 'x\uDE00y']) {
      expect(errors(addressFormSchema, { ...picked, [field]: bad })[field], JSON.stringify(bad)).toContain(
        'Remove the characters that cannot be accepted',
      );
    }
  });
  it('the French text exists', () => {
    expect(formatMessage('text.unsupportedCharacters', 'fr')).toBe(
      'Retirez les caractères qui ne peuvent pas être acceptés',
    );
  });
});

describe('term choice (spec 000 §4/§5)', () => {
  const gic = {
    termDepositAcctConfig: {
      termRate: [{ period: 12, periodType: 'Months', description: '1 year', rate: 3.1 }],
    },
  };
  it('required only when the product has term rates', () => {
    expect(errorOf(termChoiceFormSchema(gic), {}, 'termPeriod')).toBe('Select your length and term');
    expect(errorOf(termChoiceFormSchema(gic), {}, 'termOption')).toBe('Select a renewal option');
    expect(
      termChoiceFormSchema(gic).safeParse({ termPeriod: '12 Months 3.1%', termOption: 'rollover' }).success,
    ).toBe(true);
    expect(termChoiceFormSchema({ termDepositAcctConfig: null }).safeParse({}).success).toBe(true);
    expect(termChoiceFormSchema({ termDepositAcctConfig: { termRate: [] } }).safeParse({}).success).toBe(
      true,
    );
  });

  it('accepts only a term and a renewal option the product offers (payout only when it allows maturity)', () => {
    const choose = (product: typeof gic, termPeriod: string, termOption: string) =>
      termChoiceFormSchema(product).safeParse({ termPeriod, termOption });
    expect(
      errorOf(
        termChoiceFormSchema(gic),
        { termPeriod: '60 Months 9%', termOption: 'rollover' },
        'termPeriod',
      ),
    ).toBe('Select your length and term');
    expect(choose(gic, '12 Months 3.1%', 'payout').success).toBe(false);
    const maturing = { termDepositAcctConfig: { ...gic.termDepositAcctConfig, mdAllowMature: true } };
    expect(choose(maturing, '12 Months 3.1%', 'payout').success).toBe(true);
    expect(renewalOptionValues(maturing)).toEqual(['rollover', 'transfer', 'payout']);
    expect(termPeriodValue({ period: 12, periodType: 'Months', rate: 3.1 })).toBe('12 Months 3.1%');
  });
});

describe('SIN (spec 001 §5, reference §9)', () => {
  it('required and checksum: Enter a valid SIN', () => {
    const schema = sinFormSchema({ isTfsaOrFhsa: false });
    expect(schema.safeParse({ sin: '130 692 544' }).success).toBe(true);
    for (const sin of ['', '130692545', '046454286', '12345'])
      expect(errorOf(schema, { sin }, 'sin')).toBe('Enter a valid SIN');
  });
  it('TFSA/FHSA refuses a 9-series SIN', () => {
    const nine = '912345675'; // Luhn-valid 9-series
    expect(sinFormSchema({ isTfsaOrFhsa: false }).safeParse({ sin: nine }).success).toBe(true);
    expect(errorOf(sinFormSchema({ isTfsaOrFhsa: true }), { sin: nine }, 'sin')).toBe('Enter a valid SIN');
  });
});

describe('account usage questionnaire (spec 000 §5)', () => {
  const full = {
    creditSources: { cash: 0, cheque: 1, payroll: 3, eft: 0 },
    depositSources: { branch: '2', atm: '0', wires: '0', eft: '1' },
  };
  it('accepts answers as numbers or radio strings', () => {
    const parsed = accountUsageFormSchema.parse(full);
    expect(parsed.depositSources.branch).toBe(2);
  });
  it('every category answered', () => {
    expect(
      errorOf(
        accountUsageFormSchema,
        { ...full, creditSources: { ...full.creditSources, cash: undefined } },
        'creditSources.cash',
      ),
    ).toBe('Provide an answer for each category');
    expect(
      errorOf(
        accountUsageFormSchema,
        { ...full, depositSources: { ...full.depositSources, atm: '' } },
        'depositSources.atm',
      ),
    ).toBe('Provide an answer for each category');
    expect(
      errorOf(
        accountUsageFormSchema,
        { ...full, depositSources: { ...full.depositSources, atm: 4 } },
        'depositSources.atm',
      ),
    ).toBe('Provide an answer for each category');
  });
  it('at least one non-zero answer in each group', () => {
    expect(
      errorOf(
        accountUsageFormSchema,
        { ...full, creditSources: { cash: 0, cheque: 0, payroll: 0, eft: 0 } },
        'creditSources',
      ),
    ).toBe('Please indicate at least one type of deposit');
    expect(
      errorOf(
        accountUsageFormSchema,
        { ...full, depositSources: { branch: 0, atm: 0, wires: 0, eft: 0 } },
        'depositSources',
      ),
    ).toBe('Please indicate at least one type of deposit');
  });
  it('short form (RRSP/TFSA/FHSA) has no cash, ABM or branch rows', () => {
    const short = { creditSources: { cheque: 1, payroll: 0, eft: 0 }, depositSources: { wires: 0, eft: 2 } };
    expect(shortAccountUsageFormSchema.safeParse(short).success).toBe(true);
    expect(
      errorOf(
        shortAccountUsageFormSchema,
        { ...short, depositSources: { wires: 0, eft: 0 } },
        'depositSources',
      ),
    ).toBe('Please indicate at least one type of deposit');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('legal terms (spec 001 §2.2/§5)', () => {
  const ctx = { isFhsa: false, isTerm: false, isJoint: false };
  const { primaryPurposeGIC: _gic, ...valid } = EXAMPLE_LEGAL_TERMS;
  const err = (patch: object, path: string, c: Partial<typeof ctx> = {}) =>
    errorOf(legalTermsFormSchema({ ...ctx, ...c }), { ...valid, ...patch }, path);

  it('accepts a complete questionnaire', () => {
    expect(legalTermsFormSchema(ctx).safeParse(valid).success).toBe(true);
  });
  it('every yes/no question: Choose an option that applies to you', () => {
    expect(LEGAL_TERMS_YES_NO_QUESTIONS.join(' ')).toBe(
      'resStatus taxResidentorCitizenUs taxNotCanadaNotUS polExposed ontarioWork ownerOperator singleInstitution',
    );
    for (const field of LEGAL_TERMS_YES_NO_QUESTIONS) {
      expect(err({ [field]: '' }, field)).toBe('Choose an option that applies to you');
      expect(err({ [field]: undefined }, field)).toBe('Choose an option that applies to you');
    }
  });
  it('natureOfBanking, purpose, other purpose', () => {
    expect(err({ natureOfBanking: '' }, 'natureOfBanking')).toBe('Select your intended relationship');
    expect(err({ primaryPurpose: '' }, 'primaryPurpose')).toBe('Select a purpose for this account');
    expect(err({ primaryPurpose: '9', primaryOtherPurpose: ' ' }, 'primaryOtherPurpose')).toBe(
      'Other purpose cannot be empty',
    );
    expect(err({ primaryPurpose: '9', primaryOtherPurpose: 'Gifts' }, 'primaryOtherPurpose')).toBeUndefined();
  });
  it('GIC purpose for term deposits', () => {
    expect(err({}, 'primaryPurposeGIC', { isTerm: true })).toBe('Select a purpose for this account');
    expect(err({ primaryPurposeGIC: '9' }, 'primaryOtherPurposeGIC', { isTerm: true })).toBe(
      'Other purpose cannot be empty',
    );
    expect(err({}, 'primaryPurposeGIC')).toBeUndefined();
  });
  it('FHSA: purpose defaults to 6 and must stay 6', () => {
    const parsed = legalTermsFormSchema({ ...ctx, isFhsa: true }).parse({ ...valid, primaryPurpose: '' });
    expect(parsed.primaryPurpose).toBe('6');
    expect(err({ primaryPurpose: '2' }, 'primaryPurpose', { isFhsa: true })).toBe(
      'The purpose of a First Home Savings Account is Savings - Home/Asset Purchase',
    );
  });
  it("residency: at least one 'Yes'", () => {
    expect(err({ resStatus: 'no', ontarioWork: 'yes' }, 'resStatus')).toBe(
      "At least one of the residency must be 'Yes'.",
    );
  });
  it('resident or employed in Canada', () => {
    expect(
      err(
        { resStatus: 'no', taxNotCanadaNotUS: 'yes', crsCountry: 'FR', crsTin: '123', ontarioWork: 'no' },
        'ontarioWork',
      ),
    ).toBe('You must be a Canadian Resident or be employed in Canada');
    expect(err({ resStatus: 'yes', ontarioWork: 'no' }, 'ontarioWork')).toBeUndefined();
  });
  it('US TIN required and ###-##-####', () => {
    expect(err({ taxResidentorCitizenUs: 'yes' }, 'crsUsTin')).toBe('TIN is required');
    expect(err({ taxResidentorCitizenUs: 'yes', crsUsTin: '123456789' }, 'crsUsTin')).toBe(
      'Enter a valid TIN. The format for TIN should be ###-##-####.',
    );
    expect(err({ taxResidentorCitizenUs: 'yes', crsUsTin: '123-45-6789' }, 'crsUsTin')).toBeUndefined();
  });
  it('other country: country and TIN (max 30)', () => {
    const other = { taxNotCanadaNotUS: 'yes' };
    expect(err(other, 'crsCountry')).toBe('Select your country of tax residency');
    expect(err({ ...other, crsCountry: 'US' }, 'crsCountry')).toBe(
      'Select a country other than Canada or the United States',
    );
    expect(err(other, 'crsTin')).toBe('TIN is required');
    expect(err({ ...other, crsTin: 'X'.repeat(31) }, 'crsTin')).toBe('Enter a valid TIN');
    expect(err({ ...other, crsTin: 'AB#12' }, 'crsTin')).toBe('Enter a valid TIN');
    expect(err({ ...other, crsCountry: 'FR', crsTin: 'X'.repeat(30) }, 'crsTin')).toBeUndefined();
  });
  it('PEP: who, position, country when yes (single and joint); cleared on no', () => {
    for (const isJoint of [false, true]) {
      expect(err({ polExposed: 'yes' }, 'politicallyExposedType', { isJoint })).toBe(
        'Select who is the politically exposed person',
      );
      expect(err({ polExposed: 'yes' }, 'positionHeld', { isJoint })).toBe('Select position or office held');
      expect(err({ polExposed: 'yes' }, 'countryPositionHeld', { isJoint })).toBe(
        'Select country of Position or Office Held',
      );
    }
    const parsed = legalTermsFormSchema(ctx).parse({
      ...valid,
      positionHeld: 'MP',
      countryPositionHeld: 'CA',
    });
    expect(parsed.positionHeld).toBe('');
    expect(
      legalTermsFormSchema(ctx).safeParse({
        ...valid,
        polExposed: 'yes',
        politicallyExposedType: 'relative',
        positionHeld: 'MP',
        countryPositionHeld: 'CA',
      }).success,
    ).toBe(true);
  });
  it('occupation chosen from the list', () => {
    expect(err({ occupation: null }, 'occupation')).toBe('Select your occupation');
    expect(err({ occupation: { id: '', name: '' } }, 'occupation')).toBe('Select your occupation');
  });
});

describe('form schemas built once: saved answers are re-checked on every read', () => {
  it('isValidPersonalInfo answers what personalInfoFormSchema answers', () => {
    const joint = { hasJointApp: 'yes', jointFirstName: 'Jo', jointLastName: 'Doe', jointEmail: 'jo@x.com' };
    const sweep = { hasSweep: 'yes', sweepBelowBalance: '2.50', sweepExceedsBalance: '100' };
    const cases: [object, Partial<PersonalInfoContext>][] = [
      [{}, {}],
      [{ firstName: '  Jean  ' }, {}],
      [{ firstName: '' }, {}],
      [{ dob_month: '02', dob_day: '30' }, {}],
      [{ dob_year: '2030' }, {}],
      [{ dob_year: '2015' }, {}],
      [{ dob_year: '1940' }, { flags: { ...NO_FLAGS, mStudent: true } }],
      [{}, { jointAllowed: true }],
      [joint, { jointAllowed: true }],
      [{ ...joint, jointEmail: 'JANE@example.com' }, { jointAllowed: true }],
      [
        { ...joint, jointEmail: 'JANE@example.com' },
        { jointAllowed: true, isJointFlow: true },
      ],
      [{}, { sweepEnabled: true }],
      [sweep, { sweepEnabled: true }],
      [{ ...sweep, sweepBelowBalance: '' }, { sweepEnabled: true }],
      [{ phoneNumber: '123' }, {}],
    ];
    for (const [patch, ctx] of cases) {
      const { schema, value } = pi(patch, ctx);
      expect(isValidPersonalInfo(value, { ...baseCtx, ...ctx }), JSON.stringify([patch, ctx])).toBe(
        schema.safeParse(value).success,
      );
    }
    expect(isValidPersonalInfo(null, baseCtx)).toBe(false);
    expect(isValidPersonalInfo('Jane', baseCtx)).toBe(false);
  });

  it('the same context gives the same legal-terms schema, the same product the same term-choice one', () => {
    const ctx = { isFhsa: false, isTerm: true, isJoint: false };
    expect(legalTermsFormSchema({ ...ctx })).toBe(legalTermsFormSchema({ ...ctx }));
    expect(legalTermsFormSchema({ ...ctx, isJoint: true })).not.toBe(legalTermsFormSchema(ctx));
    const product = { termDepositAcctConfig: null };
    expect(termChoiceFormSchema(product)).toBe(termChoiceFormSchema(product));
    expect(termChoiceFormSchema(undefined)).toBe(termChoiceFormSchema(null));
  });
});
