import { describe, it, expect } from 'vitest';
import {
  ACCOUNT_TYPES,
  branchLocationSchema,
  membershipResponseSchema,
  occupationSchema,
  pepPositionSchema,
  postOfficeSchema,
  problemDetailsSchema,
  productListLinkSchema,
  productOfferingSchema,
  USAGE_TYPE_VALUES,
} from './entities.ts';
import { sampleChequing, sampleGic } from './entities.fixtures.ts';

describe('account types (spec 000 §3)', () => {
  it('lists the twelve account types of the spec', () => {
    expect(ACCOUNT_TYPES).toEqual(
      'Chequing Savings USChequing GIC TFSA FHSA RRSP RIF Mortgage LOC CreditCard Other'.split(' '),
    );
  });
});

describe('productOfferingSchema (seed shape of data/products.json)', () => {
  it('parses a non-term product with deposit config', () => {
    expect(productOfferingSchema.parse(sampleChequing)).toEqual(sampleChequing);
  });

  it('parses a term product with term rates in Months, Years and Days', () => {
    const parsed = productOfferingSchema.parse(sampleGic);
    expect(parsed.termDepositAcctConfig?.termRate).toHaveLength(3);
  });

  it('keeps the spec field names (productID, line1..line5, applyNowURL, moreInfoURL)', () => {
    const keys = Object.keys(productOfferingSchema.shape);
    for (const k of [
      'productID',
      'productCode',
      'accountCategory',
      'description',
      'benefit',
      'line1',
      'line2',
      'line3',
      'line4',
      'line5',
      'applyNowURL',
      'featured',
      'moreInfoURL',
      'displayOrder',
      'isInterestBearing',
      'depositAcctConfig',
      'termDepositAcctConfig',
      'loanAcctConfig',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('refuses a numeric productID, an unknown category and an unknown group', () => {
    expect(productOfferingSchema.safeParse({ ...sampleChequing, productID: 1001 }).success).toBe(false);
    expect(productOfferingSchema.safeParse({ ...sampleChequing, accountCategory: 'Crypto' }).success).toBe(
      false,
    );
    expect(productOfferingSchema.safeParse({ ...sampleChequing, group: 'Bundles' }).success).toBe(false);
  });

  it('refuses a term rate with an unknown period type', () => {
    const bad = JSON.parse(JSON.stringify(sampleGic)) as typeof sampleGic;
    (bad.termDepositAcctConfig!.termRate[0] as { periodType: string }).periodType = 'Weeks';
    expect(productOfferingSchema.safeParse(bad).success).toBe(false);
  });

  it('requires the French text', () => {
    const { fr: _fr, ...noFr } = sampleChequing;
    expect(productOfferingSchema.safeParse(noFr).success).toBe(false);
  });
});

describe('productListLinkSchema (data/product-links.json)', () => {
  it('accepts a bundle of two ids and a sweep link with a promo code', () => {
    expect(
      productListLinkSchema.safeParse({
        group: 'Bundles',
        label: 'Chequing + Savings',
        labelFr: 'Chèques + épargne',
        productIds: ['1001', '2001'],
      }).success,
    ).toBe(true);
    expect(
      productListLinkSchema.safeParse({
        group: 'GIC Advantage',
        label: 'GIC promo',
        labelFr: 'CPG promo',
        productIds: ['4001'],
        sweep: true,
        prm: 'PromoGIC',
      }).success,
    ).toBe(true);
  });

  it('refuses three ids, no id and an unknown prm', () => {
    const base = { group: 'Sweeps', label: 'x', labelFr: 'x' };
    expect(productListLinkSchema.safeParse({ ...base, productIds: ['1', '2', '3'] }).success).toBe(false);
    expect(productListLinkSchema.safeParse({ ...base, productIds: [] }).success).toBe(false);
    expect(productListLinkSchema.safeParse({ ...base, productIds: ['1'], prm: 'Other' }).success).toBe(false);
  });
});

describe('reference entity schemas', () => {
  it('occupation {code, name}, PEP position {code, name, category?}', () => {
    expect(occupationSchema.safeParse({ code: '0011', name: 'Legislators' }).success).toBe(true);
    expect(pepPositionSchema.safeParse({ code: 'D01', name: 'Head of state' }).success).toBe(true);
    expect(pepPositionSchema.safeParse({ code: 'D01', name: 'Head of state', category: 'hio' }).success).toBe(
      true,
    );
    expect(pepPositionSchema.safeParse({ code: 'D01', name: 'x', category: 'other' }).success).toBe(false);
  });

  it('branch location with hours per weekday and cash-machine details', () => {
    const branch = {
      id: 'b1',
      name: 'Downtown',
      siteType: 'Branch and ATM',
      phones: [{ type: 'main', number: '416-555-0100' }],
      address: {
        street: '1 Main St',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5V 3L9',
        latitude: 43.64,
        longitude: -79.38,
      },
      hours: [{ dayOfWeek: 1, openingTime: '09:30', closingTime: '17:00' }],
      cashMachine: { depositTaking: true, currencies: ['CAD'] },
    };
    expect(branchLocationSchema.safeParse(branch).success).toBe(true);
    expect(
      branchLocationSchema.safeParse({
        ...branch,
        hours: [{ dayOfWeek: 7, openingTime: '09:30', closingTime: '17:00' }],
      }).success,
    ).toBe(false);
    expect(branchLocationSchema.safeParse({ ...branch, siteType: 'Kiosk' }).success).toBe(false);
  });

  it('post office with address lines, hours list and optional distance', () => {
    const po = {
      id: 'po1',
      name: 'Postal outlet',
      bilingualServices: true,
      address: {
        line1: '1 Rue',
        line2: null,
        line3: null,
        city: 'Ottawa',
        province: 'ON',
        postalCode: 'K1A 0A9',
        latitude: 45.4,
        longitude: -75.7,
      },
      hours: [{ dayOfWeek: 0, openingTime: '10:00', closingTime: '16:00' }],
    };
    expect(postOfficeSchema.safeParse(po).success).toBe(true);
    expect(postOfficeSchema.safeParse({ ...po, distance: 1.2 }).success).toBe(true);
    expect(
      postOfficeSchema.safeParse({
        ...po,
        hours: [{ dayOfWeek: 0, openingTime: '25:00', closingTime: '16:00' }],
      }).success,
    ).toBe(false);
  });

  it('problem details with field errors', () => {
    expect(
      problemDetailsSchema.safeParse({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: "The parameter 'prodCodes' cannot be null.",
        instance: '/api/omo/GetProduct',
        errors: [{ path: 'email', message: 'Enter your email address' }],
      }).success,
    ).toBe(true);
  });

  it('membership response carries every routing flag of spec 000 §3, and our decline flag', () => {
    const flags = Object.keys(membershipResponseSchema.shape).filter((k) => k.startsWith('show'));
    expect(flags.sort()).toEqual(
      [
        'showCanadaPostScreen',
        'showAgeErrorScreen',
        'showGenericErrorScreen',
        'showBlockListErrorScreen',
        'showPrimaryCompleteScreen',
        'showJointCompleteScreen',
        'showCustomErrorScreen',
        'showTimeoutScreen',
        'showSavingsAccountOfferScreen',
        'showDeclineScreen',
      ].sort(),
    );
  });

  it('usage types are the nine of spec 000 §3 in order', () => {
    expect(USAGE_TYPE_VALUES).toEqual(
      (
        'PayrollandorLivingExpenses Pension RecreationEntertainment SavingsEducation SavingsRetirement ' +
        'SavingsHomeAssetPurchase SavingsTravel HomeImprovementsSavingsExpenses Other'
      ).split(' '),
    );
  });
});
