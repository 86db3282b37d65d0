/**
 * One fictional applicant's answers, step by step: the step contracts' example bodies (the API's
 * documentation) and the tests' starting point, so every test fills a step the same way.
 */
import type { LegalTermsAnswers } from '../rules/membership-request.ts';
import type { FlowKind } from './flows.ts';
import type { ApplicantAnswers, ApplicantFacts, ProductFacts } from './step-context.ts';

/** 'Tell us about yourself', answered by an adult in Ontario. */
export const EXAMPLE_PERSONAL_INFO = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob_month: '05',
  dob_day: '10',
  dob_year: '1986',
  phoneNumber: '(416) 555-0123',
  phoneType: 'mobile' as const,
  hasJointApp: 'no' as const,
};

/** The parts of a Canadian home address (no unit), by their home field names. */
export const EXAMPLE_HOME_PARTS = {
  streetNumber: '290',
  streetName: 'Bremner Blvd',
  cityName: 'Toronto',
  provinceName: 'ON',
  postalCode: 'M5V 3L9',
  country: 'CA',
};

/** The address lookup's suggestion of the example home address (Find), leading to the address itself. */
export const EXAMPLE_FIND_ITEM = {
  Id: 'CA|CP|ENG|290-BREMNER',
  Text: '290 Bremner Blvd',
  Highlight: '0-3,4-7',
  Cursor: 0,
  Description: 'Toronto, ON, M5V 3L9',
  Next: 'Retrieve' as const,
};

/** The example home address as the address lookup's Retrieve answers it in English (but its id and label). */
export const EXAMPLE_RETRIEVED_PARTS = {
  Language: 'ENG',
  SubBuilding: '',
  BuildingNumber: '290',
  Street: 'Bremner Blvd',
  City: 'Toronto',
  Province: 'ON',
  ProvinceName: 'Ontario',
  PostalCode: 'M5V 3L9',
  CountryName: 'Canada',
  CountryIso2: 'CA',
  Line1: '290 Bremner Blvd',
  Line2: '',
};

/** A second Canadian address (no unit), by its home field names: a mailing address, or a move. */
export const EXAMPLE_OTHER_PARTS = {
  streetNumber: '111',
  streetName: 'Wellington St',
  cityName: 'Ottawa',
  provinceName: 'ON',
  postalCode: 'K1A 0A9',
  country: 'CA',
};

/** The second address as the mailing address, by the mailing address's field names. */
export const EXAMPLE_MAILING_PARTS = {
  maStreetNumber: EXAMPLE_OTHER_PARTS.streetNumber,
  maStreetName: EXAMPLE_OTHER_PARTS.streetName,
  maCityName: EXAMPLE_OTHER_PARTS.cityName,
  maProvinceName: EXAMPLE_OTHER_PARTS.provinceName,
  maPostalCode: EXAMPLE_OTHER_PARTS.postalCode,
  maCountry: EXAMPLE_OTHER_PARTS.country,
};

/** 'Where do you live?', typed by hand, mailing address the same. */
export const EXAMPLE_ADDRESS = {
  isManualAddress: true,
  ...EXAMPLE_HOME_PARTS,
  isMailingAddressSame: true,
};

/** 'How will you use the account?' for one product. */
export const EXAMPLE_ACCOUNT_USAGE = {
  creditSources: { cash: 1, cheque: 0, payroll: 3, eft: 2 },
  depositSources: { branch: 0, atm: 1, wires: 0, eft: 3 },
};

/**
 * 'Review the legal terms', answered by a resident with no foreign tax residence, not exposed, with an
 * occupation of the list (valid for every product).
 */
export const EXAMPLE_LEGAL_TERMS = {
  resStatus: 'yes',
  taxResidentorCitizenUs: 'no',
  taxNotCanadaNotUS: 'no',
  polExposed: 'no',
  ontarioWork: 'yes',
  occupation: { id: '2173', name: 'Software engineers and designers' },
  ownerOperator: 'no',
  singleInstitution: 'yes',
  natureOfBanking: 'Personal',
  primaryPurpose: '1',
  primaryPurposeGIC: '5',
} satisfies LegalTermsAnswers;

/** The phone's view once a code is texted to it: no send failed, nothing resent or mistyped yet. */
export const EXAMPLE_PHONE_CODE_SENT = {
  status: 'pending' as const,
  channel: 'sms' as const,
  sendFailCounter: 0,
  resendCounter: 0,
  invalidCounter: 0,
  canResend: true,
  canContinue: false,
};

/** The application view's later steps, none of them answered yet (and no decision). */
export const EXAMPLE_VIEW_LATER_STEPS_UNANSWERED = {
  accountUsage: null,
  identity: { status: 'notStarted' as const },
  legalTerms: null,
  reviewConsent: false,
  termsAccepted: false,
  answers: {},
  decision: null,
};

/** A GIC's maturity instructions as the catalogue allows them: every one but a cheque. */
export const EXAMPLE_GIC_MATURITY_OPTIONS = {
  mdAllowRenew: true,
  mdAllowTransfer: true,
  mdAllowCheque: false,
  mdAllowMature: true,
  mdAllowRollover: true,
};

/** The answers of an applicant who has answered nothing yet. */
export const NO_ANSWERS: ApplicantAnswers = {
  personalInfo: null,
  phone: { isStarted: false, isClosed: false },
  address: null,
  products: null,
  sin: null,
  accountUsage: null,
  identity: 'notStarted',
  legalTerms: null,
  reviewConsent: false,
  termsAccepted: false,
  steps: {},
};

/** What the server knows of the example applicant (ada@example.com, no sweep) on `today`. */
export function exampleFacts(
  products: readonly ProductFacts[],
  today: Date,
  flowKind: FlowKind = 'single',
): ApplicantFacts {
  return { flowKind, products, email: 'ada@example.com', sweepEnabled: false, today };
}
