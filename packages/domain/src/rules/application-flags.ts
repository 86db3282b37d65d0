/**
 * Application flags derived from the selected products (spec 000 §4). The browser computes them on the
 * landing step and the server recomputes them from the product ids it stores, so both read the same rules.
 *
 * Decision (RIF): the spec lists the flags chequing, savings, RRSP, TFSA, FHSA and no RIF flag. A RIF is
 * opened by people converting their RRSP, typically at 71, so applying the RRSP rules ("under 71", no joint
 * section) to it would refuse its own audience: `mRRSP` is set for accountCategory RRSP only, and a RIF
 * raises no registered-plan flag (use `isRegisteredPlanCategory` where "any registered plan" is meant).
 */
import type { AccountType, ProductOffering } from '../schemas/entities.ts';
import type { ApplicationFlags } from './application-flags.types.ts';

/** Benefit fragments (case-insensitive) that mark a senior product (spec 000 §4). */
const SENIOR_BENEFIT_MARKERS = ['senior', 'nosc', 'snrpkg', 'snrplus'] as const;
/** Benefit fragment that marks a student product. */
const STUDENT_BENEFIT_MARKER = 'student';
/** Benefit fragment that marks a new-to-Canada product. */
const NTC_BENEFIT_MARKER = 'ntc';

/** Product fields the flags are derived from. */
export type FlagSource = Pick<
  ProductOffering,
  'accountCategory' | 'benefit' | 'isInterestBearing' | 'termDepositAcctConfig'
>;

/**
 * Tells whether a benefit text contains a marker, ignoring case.
 * @param benefit the product's free-text benefit ('' when none)
 * @param marker a lower-case fragment such as 'student'
 */
function benefitContains(benefit: string | null | undefined, marker: string): boolean {
  return (benefit ?? '').toLowerCase().includes(marker);
}

/**
 * Tells whether a product is a chequing product (category Chequing or USChequing, spec 000 §4).
 * @param category the product's accountCategory
 */
function isChequingCategory(category: AccountType): boolean {
  return category === 'Chequing' || category === 'USChequing';
}

/**
 * Tells whether a category is a registered plan (RRSP, RIF, TFSA, FHSA): the joint-account section and
 * the shorter usage questionnaire apply to these.
 * @param category the product's accountCategory
 */
export function isRegisteredPlanCategory(category: AccountType): boolean {
  return category === 'RRSP' || category === 'RIF' || category === 'TFSA' || category === 'FHSA';
}

/**
 * Derives the application flags of spec 000 §4 from the selected products, in selection order.
 * - mSenior: a benefit contains senior, nosc, snrpkg or snrplus (case-insensitive)
 * - mStudent / mNTC: a benefit contains student / ntc
 * - mChequing: category Chequing or USChequing; mSavings, mRRSP, mTFSA, mFHSA: that category
 * - mTerm: a product has a term deposit config; mInterestBearing: a product is interest bearing
 * - lowestTermMin / highestTermMax: over the term products' minAmount / maxAmount (null without term)
 * - orderDebitCard: the first product is chequing or savings
 * @param products the selected products (may be empty: every flag false)
 */
export function deriveApplicationFlags(products: readonly FlagSource[]): ApplicationFlags {
  const some = (test: (p: FlagSource) => boolean): boolean => products.some(test);
  const termConfigs = products.flatMap((p) => (p.termDepositAcctConfig ? [p.termDepositAcctConfig] : []));
  const first = products[0];
  return {
    mSenior: some((p) => SENIOR_BENEFIT_MARKERS.some((m) => benefitContains(p.benefit, m))),
    mStudent: some((p) => benefitContains(p.benefit, STUDENT_BENEFIT_MARKER)),
    mNTC: some((p) => benefitContains(p.benefit, NTC_BENEFIT_MARKER)),
    mChequing: some((p) => isChequingCategory(p.accountCategory)),
    mSavings: some((p) => p.accountCategory === 'Savings'),
    mRRSP: some((p) => p.accountCategory === 'RRSP'),
    mTFSA: some((p) => p.accountCategory === 'TFSA'),
    mFHSA: some((p) => p.accountCategory === 'FHSA'),
    mTerm: termConfigs.length > 0,
    mInterestBearing: some((p) => p.isInterestBearing),
    lowestTermMin: termConfigs.length > 0 ? Math.min(...termConfigs.map((c) => c.minAmount)) : null,
    highestTermMax: termConfigs.length > 0 ? Math.max(...termConfigs.map((c) => c.maxAmount)) : null,
    orderDebitCard:
      first !== undefined &&
      (isChequingCategory(first.accountCategory) || first.accountCategory === 'Savings'),
  };
}

/**
 * Tells whether the joint-account section of 'Tell us about yourself' is shown: hidden for RRSP, TFSA and
 * FHSA (spec 000 §2). The browser and the server's re-check (personalInfoFormSchema's `jointAllowed`) both
 * read it.
 * @param flags the application flags
 */
export function isJointAllowed(flags: Pick<ApplicationFlags, 'mRRSP' | 'mTFSA' | 'mFHSA'>): boolean {
  return !(flags.mRRSP || flags.mTFSA || flags.mFHSA);
}

/**
 * Sweep is enabled when the below-balance amount is greater than 0 (spec 000 §4).
 * @param belowBalance the sweep below-balance amount (number or numeric text; empty/invalid → false)
 */
export function isSweepEnabled(belowBalance: number | string | null | undefined): boolean {
  if (belowBalance === null || belowBalance === undefined || belowBalance === '') return false;
  const n = typeof belowBalance === 'number' ? belowBalance : Number(belowBalance);
  return Number.isFinite(n) && n > 0;
}
