import { describe, it, expect } from 'vitest';
import {
  deriveApplicationFlags,
  isJointAllowed,
  isSweepEnabled,
  type FlagSource,
} from './application-flags.ts';
import type { AccountType, TermDepositAcctConfig } from '../schemas/entities.ts';
import { sampleGic } from '../schemas/entities.fixtures.ts';

const term = (minAmount: number, maxAmount: number): TermDepositAcctConfig => ({
  ...sampleGic.termDepositAcctConfig!,
  isFixedLength: true,
  maxLength: 12,
  minAmount,
  maxAmount,
  termRate: [{ period: 12, periodType: 'Months', description: '1 year', rate: 3 }],
});

const product = (accountCategory: AccountType, over: Partial<FlagSource> = {}): FlagSource => ({
  accountCategory,
  benefit: '',
  isInterestBearing: false,
  termDepositAcctConfig: null,
  ...over,
});

describe('deriveApplicationFlags (spec 000 §4)', () => {
  it('gives every flag false and no term bounds for no product', () => {
    expect(deriveApplicationFlags([])).toEqual({
      mSenior: false,
      mStudent: false,
      mNTC: false,
      mChequing: false,
      mSavings: false,
      mRRSP: false,
      mTFSA: false,
      mFHSA: false,
      mTerm: false,
      mInterestBearing: false,
      lowestTermMin: null,
      highestTermMax: null,
      orderDebitCard: false,
    });
  });

  it.each([
    'senior',
    'SENIOR',
    'Senior Plus',
    'nosc',
    'NOSC',
    'snrpkg',
    'SNRPKG',
    'snrplus',
    'SNRPLUS',
    'xxSnrPlusxx',
  ])('senior when the benefit contains senior, nosc, snrpkg or snrplus (case-insensitive): %s', (benefit) => {
    expect(deriveApplicationFlags([product('Chequing', { benefit })]).mSenior).toBe(true);
  });

  it.each(['', 'SNR', 'STUDENT', 'NTC', 'sen ior'])('not senior for %j', (benefit) => {
    expect(deriveApplicationFlags([product('Chequing', { benefit })]).mSenior).toBe(false);
  });

  it('student when the benefit contains student (case-insensitive)', () => {
    expect(deriveApplicationFlags([product('Chequing', { benefit: 'STUDENT' })]).mStudent).toBe(true);
    expect(deriveApplicationFlags([product('Chequing', { benefit: 'PostStudentPkg' })]).mStudent).toBe(true);
    expect(deriveApplicationFlags([product('Chequing', { benefit: 'SENIOR' })]).mStudent).toBe(false);
  });

  it('NTC when the benefit contains ntc (case-insensitive)', () => {
    expect(deriveApplicationFlags([product('Chequing', { benefit: 'NTC' })]).mNTC).toBe(true);
    expect(deriveApplicationFlags([product('Chequing', { benefit: 'newcomer-ntc' })]).mNTC).toBe(true);
    expect(deriveApplicationFlags([product('Chequing', { benefit: 'STUDENT' })]).mNTC).toBe(false);
  });

  it('chequing for category Chequing or USChequing', () => {
    expect(deriveApplicationFlags([product('Chequing')]).mChequing).toBe(true);
    expect(deriveApplicationFlags([product('USChequing')]).mChequing).toBe(true);
    expect(deriveApplicationFlags([product('Savings')]).mChequing).toBe(false);
  });

  it('savings, RRSP, TFSA and FHSA by category', () => {
    expect(deriveApplicationFlags([product('Savings')]).mSavings).toBe(true);
    expect(deriveApplicationFlags([product('RRSP')]).mRRSP).toBe(true);
    expect(deriveApplicationFlags([product('TFSA')]).mTFSA).toBe(true);
    expect(deriveApplicationFlags([product('FHSA')]).mFHSA).toBe(true);
    const chq = deriveApplicationFlags([product('Chequing')]);
    expect([chq.mSavings, chq.mRRSP, chq.mTFSA, chq.mFHSA]).toEqual([false, false, false, false]);
  });

  it('a RIF raises no registered-plan flag (decision: RRSP flag for RRSP only)', () => {
    const f = deriveApplicationFlags([product('RIF')]);
    expect([f.mRRSP, f.mTFSA, f.mFHSA]).toEqual([false, false, false]);
  });

  it('term when a product has a term deposit config, whatever its category', () => {
    expect(deriveApplicationFlags([product('GIC', { termDepositAcctConfig: term(500, 100000) })]).mTerm).toBe(
      true,
    );
    expect(
      deriveApplicationFlags([product('TFSA', { termDepositAcctConfig: term(500, 100000) })]).mTerm,
    ).toBe(true);
    expect(deriveApplicationFlags([product('GIC')]).mTerm).toBe(false);
  });

  it('interest bearing when any product is interest bearing', () => {
    expect(
      deriveApplicationFlags([product('Chequing'), product('Savings', { isInterestBearing: true })])
        .mInterestBearing,
    ).toBe(true);
    expect(deriveApplicationFlags([product('Chequing')]).mInterestBearing).toBe(false);
  });

  it('tracks the lowest term minimum and the highest term maximum over term products', () => {
    const f = deriveApplicationFlags([
      product('GIC', { termDepositAcctConfig: term(1000, 50000) }),
      product('Chequing'),
      product('GIC', { termDepositAcctConfig: term(500, 250000) }),
      product('TFSA', { termDepositAcctConfig: term(750, 100000) }),
    ]);
    expect(f.lowestTermMin).toBe(500);
    expect(f.highestTermMax).toBe(250000);
  });

  it('orders a debit card when the first product is chequing or savings', () => {
    expect(deriveApplicationFlags([product('Chequing'), product('GIC')]).orderDebitCard).toBe(true);
    expect(deriveApplicationFlags([product('USChequing')]).orderDebitCard).toBe(true);
    expect(deriveApplicationFlags([product('Savings')]).orderDebitCard).toBe(true);
    expect(deriveApplicationFlags([product('GIC'), product('Chequing')]).orderDebitCard).toBe(false);
    expect(deriveApplicationFlags([product('TFSA')]).orderDebitCard).toBe(false);
  });

  it('combines flags over several products', () => {
    const f = deriveApplicationFlags([
      product('Chequing', { benefit: 'SNRPLUS' }),
      product('TFSA', { isInterestBearing: true }),
    ]);
    expect(f).toMatchObject({
      mSenior: true,
      mChequing: true,
      mTFSA: true,
      mInterestBearing: true,
      mSavings: false,
    });
  });
});

describe('isSweepEnabled (spec 000 §4)', () => {
  it('is enabled when the below-balance amount is greater than 0', () => {
    expect(isSweepEnabled(0.01)).toBe(true);
    expect(isSweepEnabled(100)).toBe(true);
    expect(isSweepEnabled('25.50')).toBe(true);
  });

  it('is off at 0, below 0, empty or not a number', () => {
    expect(isSweepEnabled(0)).toBe(false);
    expect(isSweepEnabled(-5)).toBe(false);
    expect(isSweepEnabled('')).toBe(false);
    expect(isSweepEnabled('abc')).toBe(false);
    expect(isSweepEnabled(null)).toBe(false);
    expect(isSweepEnabled(undefined)).toBe(false);
  });
});

describe('isJointAllowed (spec 000 §2 personalinfo)', () => {
  const none = { mRRSP: false, mTFSA: false, mFHSA: false };
  it('shows the joint section unless an RRSP, TFSA or FHSA is selected', () => {
    expect(isJointAllowed(none)).toBe(true);
    expect(isJointAllowed({ ...none, mRRSP: true })).toBe(false);
    expect(isJointAllowed({ ...none, mTFSA: true })).toBe(false);
    expect(isJointAllowed({ ...none, mFHSA: true })).toBe(false);
  });
});
