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
