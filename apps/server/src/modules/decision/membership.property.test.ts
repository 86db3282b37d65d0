/**
 * Property: every snapshot the flow can produce (answers each step's own rules accept, on the real
 * catalogue) maps, through the server's adapter and the domain's mapping, to a membership request the
 * sandbox core accepts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADDRESS_FIELDS,
  accountUsageSchemaFor,
  addressFormSchema,
  type AddressPart,
  fundingFieldsOf,
  deriveApplicationFlags,
  isJointAllowed,
  isRegisteredPlanCategory,
  isValidPersonalInfo,
  legalTermsContextOf,
  legalTermsFormSchema,
  membershipRequestOf,
  personalInfoContextOf,
  productOfferingSchema,
  renewalOptionValues,
  SAVABLE_STEPS,
  termChoiceFormSchema,
  termPeriodValue,
  termProductOf,
  type ProductOffering,
} from '@omo/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMembershipRequest } from '../../providers/banking/sandbox.ts';
import { INITIAL_PHONE_STATE, type ApplicantContext } from '../application/repository.ts';
import { membershipAnswersOf } from './membership.ts';

const CATALOGUE: ProductOffering[] = productOfferingSchema
  .array()
  .parse(
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../../data/products.json'), 'utf8')),
  );
const SAVINGS_OFFERED = CATALOGUE.find((p) => p.accountCategory === 'Savings' && !p.benefit)!;
const TODAY = new Date('2026-11-26T12:00:00Z');

const yesNo = fc.constantFrom('yes', 'no');
const name = fc.constantFrom('Ada', 'Élodie', 'Jean-Luc', "O'Brien", 'Mary Ann', 'Nguyen');

const personalInfo = fc.record({
  firstName: name,
  middleName: fc.option(name, { nil: undefined }),
  lastName: name,
  dob_year: fc.integer({ min: 1940, max: 2007 }).map(String),
  dob_month: fc.integer({ min: 1, max: 12 }).map((m) => (m < 10 && m % 2 ? `0${m}` : String(m))),
  dob_day: fc.integer({ min: 1, max: 28 }).map(String),
  phoneNumber: fc
    .tuple(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 99 }))
    .map(([area, n]) => `(${area}) 555-01${String(n).padStart(2, '0')}`),
  phoneType: fc.constantFrom('mobile' as const, 'home' as const),
  hasSweep: yesNo,
  sweepBelowBalance: fc.constantFrom('100', '250.50', '1000'),
  sweepExceedsBalance: fc.constantFrom('500', '2000.25', '10000'),
});

const HOMES = [
  {
    streetNumber: '290',
    streetName: 'Bremner Blvd',
    cityName: 'Toronto',
    provinceName: 'ON',
    postalCode: 'M5V 3L9',
  },
  {
    streetNumber: '1',
    unitNumber: '12',
    streetName: 'Rue Sainte-Catherine',
    cityName: 'Montréal',
    provinceName: 'QC',
    postalCode: 'H2X 1Z4',
  },
  {
    streetNumber: '800',
    streetName: 'Robson St',
    cityName: 'Vancouver',
    provinceName: 'BC',
    postalCode: 'V6Z 2E7',
  },
];
/** A mailing address's parts under the mailing address's field names (the domain's one mapping). */
const mailingFields = (parts: Partial<Record<AddressPart, string>>) =>
  Object.fromEntries(
    Object.entries(parts).map(([part, value]) => [ADDRESS_FIELDS.mailing[part as AddressPart], value]),
  );
const MAILINGS = [
  {
    streetNumber: '10',
    streetName: 'Main St',
    cityName: 'Buffalo',
    provinceName: 'NY',
    postalCode: '14202',
    country: 'US',
  },
  { streetNumber: '5', streetName: 'Rue de Rivoli', cityName: 'Paris', postalCode: '75001', country: 'FR' },
  {
    streetNumber: '77',
    streetName: 'King St W',
    cityName: 'Toronto',
    provinceName: 'ON',
    postalCode: 'M5K 1A2',
    country: 'CA',
  },
].map(mailingFields);
const address = fc
  .tuple(fc.constantFrom(...HOMES), fc.option(fc.constantFrom(...MAILINGS), { nil: undefined }))
  .map(([home, mailing]) => ({
    isManualAddress: true,
    ...home,
    country: 'CA',
    isMailingAddressSame: mailing === undefined,
    isManualMailingAddress: mailing !== undefined,
    ...mailing,
  }));

const legalTerms = fc.record({
  resStatus: yesNo,
  taxResidentorCitizenUs: yesNo,
  taxNotCanadaNotUS: yesNo,
  crsUsTin: fc.constant('123-45-6789'),
  crsCountry: fc.constantFrom('FR', 'MX'),
  crsTin: fc.constant('AB1234567'),
  polExposed: yesNo,
  politicallyExposedType: fc.constantFrom('self', 'relative'),
  positionHeld: fc.constant('Mayor'),
  countryPositionHeld: fc.constantFrom('CA', 'FR'),
  ontarioWork: yesNo,
  occupation: fc.constant({ id: '2173', name: 'Software engineers and designers' }),
  ownerOperator: yesNo,
  singleInstitution: yesNo,
  natureOfBanking: fc.constantFrom('Personal', 'PersonalBusiness'),
  primaryPurpose: fc.constantFrom('1', '2', '5', '6', '9'),
  primaryOtherPurpose: fc.constant('Community fund'),
  primaryPurposeGIC: fc.constantFrom('4', '5', '9'),
  primaryOtherPurposeGIC: fc.constant('Gift savings'),
});

const answer = fc.integer({ min: 0, max: 3 });
const usage = fc.record({
  creditSources: fc.record({ cash: answer, cheque: answer, payroll: answer, eft: answer }),
  depositSources: fc.record({ branch: answer, atm: answer, wires: answer, eft: answer }),
});

const applicantInputs = fc.record({
  personalInfo,
  address,
  legalTerms,
  sin: fc.constantFrom('130692544', '046454286', 'atBranch', null),
  identity: fc.constantFrom('passed' as const, 'documentApproved' as const, 'skipped' as const),
  consent: fc.boolean(),
  language: fc.constantFrom('en' as const, 'fr' as const),
});
type ApplicantInputs = typeof applicantInputs extends fc.Arbitrary<infer T> ? T : never;

const snapshot = fc.record({
  products: fc.uniqueArray(fc.constantFrom(...CATALOGUE), {
    minLength: 1,
    maxLength: 3,
    selector: (p) => p.productID,
  }),
  usages: fc.array(usage, { minLength: 3, maxLength: 3 }),
  // The funding step as typed: a method, and an amount in any shape (the contract keeps those it accepts).
  fundings: fc.array(
    fc.record({
      method: fc.constantFrom('eTransfer', 'branch', 'later', ''),
      amount: fc.oneof(
        fc.integer({ min: 0, max: 2_000_000 }).map((cents) => (cents / 100).toFixed(2)),
        fc.constantFrom('', '1 500,50', '12,3456', '$7,000.00', 'ten'),
      ),
    }),
    { minLength: 3, maxLength: 3 },
  ),
  termIndex: fc.nat(),
  termOption: fc.constantFrom('rollover', 'transfer', 'payout'),
  sweepEnabled: fc.boolean(),
  isSavingsOffer: fc.boolean(),
  primary: applicantInputs,
  coApplicant: fc.option(applicantInputs, { nil: undefined }),
});
type Snapshot = typeof snapshot extends fc.Arbitrary<infer T> ? T : never;

/** The applicant context as stored, when each step's rules accept its answers; undefined otherwise. */
function contextOf(
  s: Snapshot,
  who: ApplicantInputs,
  role: 'primary' | 'joint',
): ApplicantContext | undefined {
  const facts = {
    flowKind: role === 'joint' ? ('joint' as const) : ('single' as const),
    products: s.products,
    email: `${role}@example.com`,
    sweepEnabled: s.sweepEnabled,
    today: TODAY,
  };
  const info = {
    ...who.personalInfo,
    ...(role === 'primary' && s.coApplicant
      ? {
          hasJointApp: 'yes',
          jointFirstName: 'Grace',
          jointLastName: 'Hopper',
          jointEmail: 'joint@example.com',
        }
      : role === 'primary'
        ? { hasJointApp: 'no' }
        : {}),
  };
  if (!isValidPersonalInfo(info, personalInfoContextOf(facts, who.address.provinceName))) return undefined;
  const address = addressFormSchema.safeParse(who.address);
  const terms = legalTermsFormSchema(legalTermsContextOf(facts)).safeParse(who.legalTerms);
  if (!address.success || !terms.success) return undefined;
  const term = termProductOf(facts);
  const rates = term?.termDepositAcctConfig?.termRate ?? [];
  const choice = term
    ? { termPeriod: termPeriodValue(rates[s.termIndex % rates.length]!), termOption: s.termOption }
    : {};
  if (!termChoiceFormSchema(term).safeParse(choice).success) return undefined;
  if (term && !renewalOptionValues(term).includes(s.termOption)) return undefined;
  const accountUsage: Record<string, unknown> = {};
  for (const [i, product] of s.products.entries()) {
    const short = isRegisteredPlanCategory(product.accountCategory);
    const u = s.usages[i]!;
    const answers = short
      ? {
          creditSources: {
            cheque: u.creditSources.cheque,
            payroll: u.creditSources.payroll,
            eft: u.creditSources.eft,
          },
          depositSources: { wires: u.depositSources.wires, eft: u.depositSources.eft },
        }
      : u;
    if (!accountUsageSchemaFor(product).safeParse(answers).success) return undefined;
    accountUsage[product.productID] = answers;
  }
  // The accounts' funding is the primary's answer.
  const funding = SAVABLE_STEPS.funding.save.parse(
    Object.fromEntries(
      s.products.flatMap((product, i) => {
        const field = fundingFieldsOf(product.productID);
        return [
          [field.method, s.fundings[i]!.method],
          [field.amount, s.fundings[i]!.amount],
        ];
      }),
    ),
    { facts, answers: {} as never, role },
  );
  if (role === 'primary' && !funding.ok) return undefined;
  const at = new Date('2026-11-20T10:00:00Z');
  return {
    application: {
      id: 'app-1',
      refCode: 'ABC123',
      productIds: s.products.map((p) => p.productID),
      sweepEnabled: s.sweepEnabled,
      promoCode: null,
      referralCode: null,
      usesIdProvider: true,
      productChoice: { productIds: s.products.map((p) => p.productID), ...choice },
      accountUsage,
      decision: null,
      submittedAt: at,
      createdAt: at,
      updatedAt: at,
    },
    applicant: {
      id: `${role}-1`,
      applicationId: 'app-1',
      role,
      email: facts.email,
      consent: who.consent,
      personalInfo: info as never,
      phoneNumber: who.personalInfo.phoneNumber,
      phoneType: who.personalInfo.phoneType,
      phoneVerified: true,
      phoneState: INITIAL_PHONE_STATE,
      address: address.data,
      sinProvided: who.sin !== null && who.sin !== 'atBranch',
      sinLast3: null,
      sinSkipped: who.sin === 'atBranch',
      identity: { status: who.identity },
      legalTerms: terms.data,
      reviewConsent: true,
      termsAccepted: true,
      answers: role === 'primary' && funding.ok ? { funding: funding.value } : {},
      language: who.language,
      createdAt: at,
      updatedAt: at,
    },
  };
}

describe('membership request of every snapshot the flow can produce', () => {
  it('is accepted by the sandbox core', () => {
    fc.assert(
      fc.property(snapshot, (s) => {
        const flags = deriveApplicationFlags(s.products);
        // The registered plans are never joint; a savings offer answers a refused request.
        fc.pre(!s.coApplicant || isJointAllowed(flags));
        const primary = contextOf(s, s.primary, 'primary');
        const coApplicant = s.coApplicant && contextOf(s, s.coApplicant, 'joint');
        fc.pre(primary !== undefined && (s.coApplicant === undefined || coApplicant !== undefined));
        if (s.isSavingsOffer) primary!.application.decision = { offerAccepted: true } as never;
        const sinOf = (w: ApplicantInputs | undefined) =>
          w && w.sin !== null && w.sin !== 'atBranch' ? w.sin : null;
        const answers = membershipAnswersOf(
          { primary: primary!, coApplicant },
          { primary: sinOf(s.primary), coApplicant: sinOf(s.coApplicant) },
          primary!.application.submittedAt!,
        );
        const request = membershipRequestOf(answers, {
          branchCode: '001',
          products: s.isSavingsOffer ? [SAVINGS_OFFERED] : s.products,
        });
        expect(checkMembershipRequest(request)).toEqual({ ok: true });
        expect(request.applicantType).toBe(s.coApplicant ? 'Joint' : 'Single');
        for (const line of request.products) {
          const u = line.usage;
          expect(u.cashPrct + u.chequePrct + u.payrollPrct + u.eftPrct).toBe(100);
          expect(u.branchPrct + u.atmPrct + u.wiresPrct + u.depositEftPrct).toBe(100);
        }
      }),
      { numRuns: 300 },
    );
  });
});
