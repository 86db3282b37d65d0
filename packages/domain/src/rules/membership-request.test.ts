import { describe, expect, it } from 'vitest';
import type { ProductOffering } from '../schemas/entities.ts';
import { sampleChequing, sampleGic } from '../schemas/entities.fixtures.ts';
import { membershipRequestSchema } from '../schemas/membership-request.ts';
import {
  contractTypeOf,
  membershipRequestOf,
  MembershipRequestError,
  type MembershipAnswers,
  type MembershipApplicantAnswers,
} from './membership-request.ts';

const savings: ProductOffering = {
  ...sampleChequing,
  productID: '1101',
  accountCategory: 'Savings',
  description: 'Savings',
};
const tfsa: ProductOffering = {
  ...sampleChequing,
  productID: '1401',
  accountCategory: 'TFSA',
  description: 'TFSA',
};
const studentChequing: ProductOffering = { ...sampleChequing, productID: '1002', benefit: 'STUDENT' };
const secondGic: ProductOffering = {
  ...sampleGic,
  productID: '4002',
  termDepositAcctConfig: {
    ...sampleGic.termDepositAcctConfig!,
    mdAllowMature: false,
    termRate: [{ period: 2, periodType: 'Years', description: '2 years', rate: 3.5 }],
  },
};

const USAGE = {
  creditSources: { cash: 1, cheque: 0, payroll: 3, eft: 2 },
  depositSources: { branch: 0, atm: 1, wires: 0, eft: 3 },
};

function applicant(overrides: Partial<MembershipApplicantAnswers> = {}): MembershipApplicantAnswers {
  return {
    applicantId: 'p-1',
    email: 'Ada@Example.com',
    language: 'fr',
    consent: false,
    personalInfo: {
      firstName: ' Ada ',
      middleName: '',
      lastName: 'Lovelace',
      dob_year: '1980',
      dob_month: '5',
      dob_day: '9',
      phoneNumber: '(416) 555-0100',
      phoneType: 'home',
      hasSweep: 'yes',
      sweepBelowBalance: '100',
      sweepExceedsBalance: '2500.50',
    },
    address: {
      streetNumber: '290',
      streetName: 'Bremner Blvd',
      cityName: 'Toronto',
      provinceName: 'ON',
      postalCode: 'm5v 3l9',
      country: 'Canada',
      isMailingAddressSame: true,
    },
    sin: '130 692 544',
    legalTerms: {
      resStatus: 'yes',
      taxResidentorCitizenUs: 'no',
      crsUsTin: '',
      taxNotCanadaNotUS: 'yes',
      crsCountry: 'France',
      crsTin: 'FR1234',
      polExposed: 'yes',
      politicallyExposedType: 'self',
      positionHeld: 'Mayor',
      countryPositionHeld: 'CA',
      ontarioWork: 'no',
      occupation: { id: '2173', name: 'Software engineers' },
      ownerOperator: 'yes',
      singleInstitution: 'no',
      natureOfBanking: 'PersonalBusiness',
      primaryPurpose: '9',
      primaryOtherPurpose: 'Club dues',
      primaryPurposeGIC: '5',
    },
    identityStatus: 'passed',
    ...overrides,
  };
}

function answers(overrides: Partial<MembershipAnswers> = {}): MembershipAnswers {
  return {
    applicationId: 'app-1',
    appRefNo: 'OMOABC123P',
    submittedAt: '2026-11-20T10:00:00.000Z',
    sweepEnabled: true,
    productChoice: { termPeriod: '18 Months 3.3%', termOption: 'payout' },
    accountUsage: { '1001': USAGE, '4001': USAGE, '4002': USAGE, '1101': USAGE },
    isSavingsOffer: false,
    funding: {
      accounts: [
        { productId: '1001', method: 'eTransfer', amountCents: 15000 },
        { productId: '4001', method: 'later', amountCents: null },
      ],
    },
    primary: applicant(),
    ...overrides,
  };
}

const settings = (products: ProductOffering[]) => ({ branchCode: '001', products });

describe('the membership request made from the answers', () => {
  it('carries each account’s funding: the method and, unless later, the amount in dollars', () => {
    const request = membershipRequestOf(
      answers({
        funding: {
          accounts: [
            { productId: '1001', method: 'branch', amountCents: 250050 },
            { productId: '4001', method: 'later', amountCents: null },
          ],
        },
      }),
      settings([sampleChequing]),
    );
    expect(request.products[0]!.funding).toEqual({ method: 'branch', amount: 2500.5 });
    // The contract refuses an amount with later, and later without an amount.
    const line = request.products[0]!;
    const bad = (funding: unknown) =>
      membershipRequestSchema.safeParse({ ...request, products: [{ ...line, funding }] }).success;
    expect(bad({ method: 'later', amount: 10 })).toBe(false);
    expect(bad({ method: 'eTransfer' })).toBe(false);
    expect(bad({ method: 'cash', amount: 10 })).toBe(false);
    expect(bad({ method: 'eTransfer', amount: 10 })).toBe(true);
  });

  it('carries the applicant payload: names, birth date, contact with the phone, SIN, consent, compliance', () => {
    const homeContact = {
      streetNo: '290',
      streetName: 'Bremner Blvd',
      city: 'Toronto',
      province: 'ON',
      country: 'CA',
      postalCode: 'M5V 3L9',
      email1: 'ada@example.com',
      homeArea: '416',
      homePhone: '5550100',
    };
    const request = membershipRequestOf(answers(), settings([sampleChequing]));
    expect(request.primary).toEqual({
      applicantId: 'p-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1980-05-09',
      language: 'fr',
      contact: homeContact,
      // The mailing address is the home one.
      mailingContact: homeContact,
      sin: '130692544',
      sinStatus: 'provided',
      rcvEmailOffers: false,
      compliance: {
        canadianResident: true,
        usCitizenOrResident: false,
        crsTaxOtherCountry: true,
        crsCountry: 'FR',
        crsTin: 'FR1234',
        workInCanada: false,
        ownerOperator: true,
        singleInstitution: false,
        natureOfBanking: 'PersonalBusiness',
        polExposed: true,
        polExpoFamMem: false,
        positionHeld: 'Mayor',
        contPositionHeld: 'CA',
        occupationCode: '2173',
        occupation: 'Software engineers',
      },
      identityVerification: { method: 'identityProvider' },
    });
    expect(request).toMatchObject({
      applicationId: 'app-1',
      appRefNo: 'OMOABC123P',
      applicantType: 'Single',
      branchCode: '001',
      orderDebitCard: true,
      isSavingsOffer: false,
      sweep: { sweepInAmount: 100, sweepOutAmount: 2500.5 },
    });
    expect(request.benefit).toBeUndefined();
    expect(request.jointHolder).toBeUndefined();
  });

  it('sends the mailing address and a mobile phone when given, with the unit and a state code abroad', () => {
    const who = applicant({
      personalInfo: { ...applicant().personalInfo, phoneType: 'mobile' },
      address: {
        ...applicant().address,
        unitNumber: '12',
        isMailingAddressSame: false,
        maStreetNumber: '10',
        maStreetName: 'Main St',
        maCityName: 'Buffalo',
        maProvinceName: 'New York',
        maPostalCode: '14202',
        maCountry: 'United States',
      },
    });
    const request = membershipRequestOf(answers({ primary: who }), settings([sampleChequing]));
    expect(request.primary.contact).toMatchObject({ unit: '12', mobileArea: '416', mobilePhone: '5550100' });
    expect(request.primary.contact.homeArea).toBeUndefined();
    expect(request.primary.mailingContact).toEqual({
      streetNo: '10',
      streetName: 'Main St',
      city: 'Buffalo',
      province: 'NY',
      country: 'US',
      postalCode: '14202',
      email1: 'ada@example.com',
      mobileArea: '416',
      mobilePhone: '5550100',
    });
  });

  it('names the SIN given at a branch or not asked, and sends no SIN then', () => {
    const atBranch = membershipRequestOf(
      answers({ primary: applicant({ sin: 'atBranch' }) }),
      settings([sampleChequing]),
    );
    expect(atBranch.primary).toMatchObject({ sinStatus: 'atBranch' });
    expect(atBranch.primary.sin).toBeUndefined();
    const notAsked = membershipRequestOf(
      answers({ primary: applicant({ sin: null }) }),
      settings([sampleChequing]),
    );
    expect(notAsked.primary).toMatchObject({ sinStatus: 'notAsked' });
  });

  it('answers the US TIN and a relative PEP; the dependent answers of a no are not sent', () => {
    const terms = {
      ...applicant().legalTerms,
      taxResidentorCitizenUs: 'yes' as const,
      crsUsTin: '123-45-6789',
      taxNotCanadaNotUS: 'no' as const,
      politicallyExposedType: 'relative',
    };
    const request = membershipRequestOf(
      answers({ primary: applicant({ legalTerms: terms }) }),
      settings([sampleChequing]),
    );
    expect(request.primary.compliance).toMatchObject({
      usCitizenOrResident: true,
      usTin: '123-45-6789',
      polExposed: false,
      polExpoFamMem: true,
    });
    expect(request.primary.compliance.crsCountry).toBeUndefined();
    const noPep = membershipRequestOf(
      answers({ primary: applicant({ legalTerms: { ...terms, polExposed: 'no' } }) }),
      settings([sampleChequing]),
    );
    expect(noPep.primary.compliance).toMatchObject({ polExposed: false, polExpoFamMem: false });
    expect(noPep.primary.compliance.positionHeld).toBeUndefined();
  });

  it('a product line per product: type, contract, usage with its percentages; Other carries its text', () => {
    const request = membershipRequestOf(
      answers({
        accountUsage: {
          '1001': USAGE,
          '1401': { creditSources: { cheque: 1, eft: 1 }, depositSources: { eft: 2 } },
        },
      }),
      settings([sampleChequing, tfsa]),
    );
    expect(request.products[0]).toEqual({
      productId: '1001',
      productCode: 'CHQ-EVERY',
      productName: 'Everyday Chequing',
      accountCategory: 'Chequing',
      productType: 'Chequing',
      productBenefit: '',
      usage: {
        usageType: 'Other',
        otherUsage: 'Club dues',
        creditSources: { cash: 1, cheque: 0, payroll: 3, eft: 2 },
        depositSources: { branch: 0, atm: 1, wires: 0, eft: 3 },
        cashPrct: 17,
        chequePrct: 0,
        payrollPrct: 50,
        eftPrct: 33,
        branchPrct: 0,
        atmPrct: 25,
        wiresPrct: 0,
        depositEftPrct: 75,
      },
      funding: { method: 'eTransfer', amount: 150 },
    });
    // An account nobody answered the funding of (the TFSA here) comes later.
    expect(request.products[1]!.funding).toEqual({ method: 'later' });
    // The shorter questionnaire's missing rows count as 0.
    expect(request.products[1]).toMatchObject({
      productType: 'Savings',
      contractType: 'TFSA',
      usage: {
        creditSources: { cash: 0, cheque: 1, payroll: 0, eft: 1 },
        chequePrct: 50,
        eftPrct: 50,
        depositEftPrct: 100,
      },
    });
  });

  it('maps the registered plans to their contract types (RRSP is RSP)', () => {
    expect(['RRSP', 'RIF', 'TFSA', 'FHSA', 'Chequing', 'GIC'].map((c) => contractTypeOf(c as never))).toEqual(
      ['RSP', 'RIF', 'TFSA', 'FHSA', undefined, undefined],
    );
  });

  it('a GIC carries the chosen length and renewal option, its minimum deposit and the GIC purpose; another GIC its own first length', () => {
    const request = membershipRequestOf(answers(), settings([sampleGic, secondGic]));
    expect(request.products[0]).toMatchObject({
      productType: 'Term',
      term: {
        period: 18,
        periodType: 'Months',
        rate: 3.3,
        maturityInstruction: 'payout',
        minimumDeposit: 500,
      },
      usage: { usageType: 'SavingsRetirement' },
    });
    expect(request.products[1]).toMatchObject({
      term: { period: 2, periodType: 'Years', rate: 3.5, maturityInstruction: 'rollover' },
    });
    expect(request.orderDebitCard).toBe(false);
  });

  it('refuses a term choice the product does not offer', () => {
    expect(() =>
      membershipRequestOf(
        answers({ productChoice: { termPeriod: '5 Years 9%', termOption: 'rollover' } }),
        settings([sampleGic]),
      ),
    ).toThrow(MembershipRequestError);
  });

  it('sends no sweep when sweep is off or not answered yes, and the student benefit from the products', () => {
    const off = membershipRequestOf(
      answers({ sweepEnabled: false, accountUsage: { '1002': USAGE } }),
      settings([studentChequing]),
    );
    expect(off.sweep).toBeUndefined();
    expect(off.benefit).toBe('STUDENT');
    const no = membershipRequestOf(
      answers({ primary: applicant({ personalInfo: { ...applicant().personalInfo, hasSweep: 'no' } }) }),
      settings([sampleChequing]),
    );
    expect(no.sweep).toBeUndefined();
  });

  it('a joint membership carries the co-applicant as joint holder', () => {
    const request = membershipRequestOf(
      answers({
        coApplicant: applicant({
          applicantId: 'j-1',
          email: 'grace@example.com',
          identityStatus: 'documentApproved',
        }),
      }),
      settings([sampleChequing]),
    );
    expect(request.applicantType).toBe('Joint');
    expect(request.jointHolder).toMatchObject({
      applicantId: 'j-1',
      identityVerification: { method: 'documents' },
    });
  });

  it('a savings account offered instead takes the usage answers of the first product answered', () => {
    const request = membershipRequestOf(
      answers({ isSavingsOffer: true, accountUsage: { '1001': USAGE } }),
      settings([savings]),
    );
    expect(request).toMatchObject({
      isSavingsOffer: true,
      products: [{ productId: '1101', usage: { payrollPrct: 50 } }],
    });
  });

  it('refuses answers the flow cannot produce: an unconfirmed identity, a product without usage answers', () => {
    expect(() =>
      membershipRequestOf(
        answers({ primary: applicant({ identityStatus: 'denied' }) }),
        settings([sampleChequing]),
      ),
    ).toThrow(MembershipRequestError);
    expect(() => membershipRequestOf(answers({ accountUsage: {} }), settings([sampleChequing]))).toThrow(
      /account-usage answers/,
    );
  });
});

describe('the membership request contract', () => {
  const valid = () => membershipRequestOf(answers(), settings([sampleChequing]));

  it('is strict: an unknown field is refused', () => {
    expect(membershipRequestSchema.safeParse({ ...valid(), title: 'Dr' }).success).toBe(false);
  });

  it('refuses answers that contradict each other', () => {
    const r = valid();
    const refuses = (changed: unknown) =>
      expect(membershipRequestSchema.safeParse(changed).success).toBe(false);
    refuses({ ...r, applicantType: 'Joint' });
    refuses({ ...r, primary: { ...r.primary, sinStatus: 'atBranch' } });
    refuses({ ...r, primary: { ...r.primary, compliance: { ...r.primary.compliance, crsTin: undefined } } });
    refuses({
      ...r,
      primary: { ...r.primary, compliance: { ...r.primary.compliance, polExpoFamMem: true } },
    });
    refuses({
      ...r,
      primary: { ...r.primary, contact: { ...r.primary.contact, mobileArea: '416', mobilePhone: '5550100' } },
    });
    refuses({ ...r, products: [{ ...r.products[0]!, usage: { ...r.products[0]!.usage, cashPrct: 18 } }] });
    refuses({ ...r, products: [{ ...r.products[0]!, productType: 'Term' }] });
    refuses({ ...r, products: [r.products[0]!, r.products[0]!] });
  });
});
