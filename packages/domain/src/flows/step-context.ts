/**
 * What the rules of an applicant's steps read besides the answer being saved: the facts (the application's
 * products, today, the flow) and the answers saved so far, with the contexts the form schemas are built
 * from. Kept apart from the step contracts (steps.ts) so that a screen importing one helper does not load
 * every step's schema.
 */
import {
  deriveApplicationFlags,
  isJointAllowed,
  isRegisteredPlanCategory,
  type FlagSource,
} from '../rules/application-flags.ts';
import type { ApplicationFlags } from '../rules/application-flags.types.ts';
import type { ProductOffering } from '../schemas/entities.ts';
import { accountUsageFormSchema, shortAccountUsageFormSchema } from '../schemas/forms/account-usage.ts';
import type { LegalTermsContext } from '../schemas/forms/legal-terms.ts';
import type { PersonalInfoContext } from '../schemas/forms/personal-info.ts';
import { hasTermRates } from '../schemas/forms/term-choice.ts';
import type { FlowKind } from './flows.ts';
import type { IdentityStatus } from './identity.ts';

/** The product fields the rules of the steps read. */
export type ProductFacts = Pick<
  ProductOffering,
  'productID' | 'accountCategory' | 'benefit' | 'isInterestBearing' | 'termDepositAcctConfig' | 'funding'
>;

/** The applicant's role: the primary applicant (single flow) or the co-applicant (joint flow). */
export type ApplicantRole = 'primary' | 'joint';

/** What the rules of an applicant's steps depend on, besides the answers. */
export interface ApplicantFacts {
  flowKind: FlowKind;
  /** The application's products, in the order they were chosen. */
  products: readonly ProductFacts[];
  /** The applicant's own e-mail (a named co-applicant's must differ). */
  email: string;
  sweepEnabled: boolean;
  today: Date;
}

/** The confirmation of the products, with the term choice of a term deposit. */
export interface ProductChoice {
  productIds: string[];
  termPeriod?: string;
  termOption?: string;
}

/** An applicant's saved answers, as the server holds them (unknown: re-checked by the step contracts). */
export interface ApplicantAnswers {
  personalInfo: unknown;
  phone: {
    /** A code was asked for (sent, or refused by the provider). */
    isStarted: boolean;
    /** The phone step was closed with Continue, verified or not. */
    isClosed: boolean;
  };
  address: unknown;
  /** The confirmation of the products, with the term choice of a term deposit. */
  products: { productIds: readonly string[]; termPeriod?: string; termOption?: string } | null;
  /** The SIN step: skipped (given in person at a branch), or a SIN given (its digits held encrypted). */
  sin: { isSkipped: true } | { isSkipped: false; digits: string } | null;
  /** Account-usage answers by product id. */
  accountUsage: Readonly<Record<string, unknown>> | null;
  identity: IdentityStatus;
  legalTerms: unknown;
  reviewConsent: boolean;
  termsAccepted: boolean;
  /**
   * Every stored answer by step id, as its contract parsed it (the SIN without its ciphertext): a step
   * declared after the fields above reads its answer here.
   */
  steps: Readonly<Record<string, unknown>>;
}

/** The flags of an applicant's products. */
export function flagsOf(facts: Pick<ApplicantFacts, 'products'>): ApplicationFlags {
  return deriveApplicationFlags(facts.products);
}

/** An interest-bearing product asks for the SIN: the SIN step is on the path (domain, server and screen). */
export function asksForSin(products: readonly FlagSource[]): boolean {
  return deriveApplicationFlags(products).mInterestBearing;
}

/** The home province of saved address answers (two-letter code), when one was given. */
export function provinceOfAddress(address: unknown): string | undefined {
  const province = (address as { provinceName?: unknown } | null)?.provinceName;
  return typeof province === 'string' && province.trim() !== '' ? province.trim() : undefined;
}

/**
 * The context of the personal-information rules: the products' age limits and joint section, the sweep
 * section, the applicant's e-mail, and the province once the address is known (age of majority).
 */
export function personalInfoContextOf(facts: ApplicantFacts, province?: string): PersonalInfoContext {
  const flags = flagsOf(facts);
  return {
    flags,
    today: facts.today,
    sweepEnabled: facts.sweepEnabled,
    isJointFlow: facts.flowKind === 'joint',
    jointAllowed: isJointAllowed(flags),
    primaryEmail: facts.email,
    ...(province ? { province } : {}),
  };
}

/** The context of the compliance questionnaire. */
export function legalTermsContextOf(facts: ApplicantFacts): LegalTermsContext {
  const flags = flagsOf(facts);
  return { isFhsa: flags.mFHSA, isTerm: flags.mTerm, isJoint: facts.flowKind === 'joint' };
}

/** The product whose term choice is asked (the first with term rates), if any. */
export function termProductOf(facts: Pick<ApplicantFacts, 'products'>): ProductFacts | undefined {
  return facts.products.find((p) => hasTermRates(p));
}

/**
 * A product offers the applicant a choice (the length and renewal of a term deposit): only then is 'Confirm
 * your application' a screen of its own; otherwise the funding screen shows the product cards (decision 0101).
 */
export function offersProductChoice(products: readonly ProductFacts[]): boolean {
  return termProductOf({ products }) !== undefined;
}

/** The account-usage questionnaire of a product: the shorter one for registered plans. */
export function accountUsageSchemaFor(product: Pick<ProductFacts, 'accountCategory'>) {
  return isRegisteredPlanCategory(product.accountCategory)
    ? shortAccountUsageFormSchema
    : accountUsageFormSchema;
}
