/**
 * What is complete, what may be visited and what comes next, derived from an applicant's saved answers.
 * Nothing is stored beside the answers: a step is complete when its answers are saved and still valid
 * under today's rules for this application (a new product, province or date can undo it), so the server
 * can tell for any applicant which step is next and whether the whole application is complete.
 */
import { deriveApplicationFlags, isRegisteredPlanCategory } from '../rules/application-flags.ts';
import type { ApplicationFlags } from '../rules/application-flags.types.ts';
import { errorRoute } from '../rules/error-routes.ts';
import { isValidSin } from '../rules/validation/sin-and-tin.ts';
import type { ProductOffering } from '../schemas/entities.ts';
import { accountUsageFormSchema, shortAccountUsageFormSchema } from '../schemas/forms/account-usage.ts';
import { addressFormSchema } from '../schemas/forms/address.ts';
import { legalTermsFormSchema, type LegalTermsContext } from '../schemas/forms/legal-terms.ts';
import { isValidPersonalInfo, type PersonalInfoContext } from '../schemas/forms/personal-info.ts';
import { hasTermRates, termChoiceFormSchema } from '../schemas/forms/term-choice.ts';
import { isJointAllowed } from '../rules/application-flags.ts';
import { TRACKER_STEPS, type Flow, type FlowStep, type ProgressGroup, type StepId } from './flows.ts';
import {
  isDocumentStepDone,
  isDocumentStepRequired,
  isIdentityCheckStepComplete,
  type IdentityStatus,
} from './identity.ts';

/** The product fields the rules of the steps read. */
export type ProductFacts = Pick<
  ProductOffering,
  'productID' | 'accountCategory' | 'benefit' | 'isInterestBearing' | 'termDepositAcctConfig'
>;

/** What the rules of an applicant's steps depend on, besides the answers. */
export interface ApplicantFacts {
  flowKind: Flow['kind'];
  /** The application's products, in the order they were chosen. */
  products: readonly ProductFacts[];
  /** The applicant's own e-mail (a named co-applicant's must differ). */
  email: string;
  sweepEnabled: boolean;
  today: Date;
}

/** An applicant's saved answers, as the server holds them (unknown: re-checked here). */
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
}

/** One step of the applicant's path, as derived. */
export interface StepState {
  id: StepId;
  path: string | null;
  required: boolean;
  complete: boolean;
}

export interface FlowProgress {
  flow: Flow;
  steps: StepState[];
  /** The first required step not complete, or null when every required step is. */
  nextStepId: StepId | null;
  /** Every required step is complete and valid. */
  isComplete: boolean;
  /** The tracker's complete marks. */
  groups: Record<ProgressGroup, boolean>;
}

/** The flags of an applicant's products. */
export function flagsOf(facts: Pick<ApplicantFacts, 'products'>): ApplicationFlags {
  return deriveApplicationFlags(facts.products);
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

/** The account-usage questionnaire of a product: the shorter one for registered plans. */
export function accountUsageSchemaFor(product: Pick<ProductFacts, 'accountCategory'>) {
  return isRegisteredPlanCategory(product.accountCategory)
    ? shortAccountUsageFormSchema
    : accountUsageFormSchema;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

type CompletenessRule = (answers: ApplicantAnswers, facts: ApplicantFacts) => boolean;

/** When each step is complete. Steps absent here (getstarted, outcomes) never are. */
const IS_COMPLETE: Partial<Record<StepId, CompletenessRule>> = {
  // An applicant exists only once the profile was created.
  createprofile: () => true,
  personalinfo: (a, f) =>
    isValidPersonalInfo(a.personalInfo, personalInfoContextOf(f, provinceOfAddress(a.address))),
  phoneverification: (a) => a.phone.isStarted || a.phone.isClosed,
  verificationCode: (a) => a.phone.isClosed,
  address: (a) => addressFormSchema.safeParse(a.address).success,
  confirmproducts: (a, f) =>
    a.products !== null &&
    sameIds(
      a.products.productIds,
      f.products.map((p) => p.productID),
    ) &&
    termChoiceFormSchema(termProductOf(f)).safeParse(a.products).success,
  sin: (a, f) => {
    if (a.sin === null) return false;
    if (a.sin.isSkipped) return true;
    const flags = flagsOf(f);
    return isValidSin(a.sin.digits, { isTfsaOrFhsa: flags.mTFSA || flags.mFHSA });
  },
  // An unanswered check ('error') is retried in the background: it does not hold the applicant.
  identitycheck: (a) => isIdentityCheckStepComplete(a.identity),
  finalizeaccount: (a, f) =>
    f.products.every((p) => accountUsageSchemaFor(p).safeParse(a.accountUsage?.[p.productID]).success),
  idverifyterms: (a) => isDocumentStepDone(a.identity),
  legalterms: (a, f) => legalTermsFormSchema(legalTermsContextOf(f)).safeParse(a.legalTerms).success,
  reviewapplication: (a) => a.reviewConsent,
  reviewterms: (a) => a.termsAccepted,
};

/** True when a step is on this applicant's path. */
function isRequired(step: FlowStep, answers: ApplicantAnswers, flags: ApplicationFlags, flow: Flow) {
  switch (step.requirement) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'interestBearing':
      return flags.mInterestBearing;
    case 'documentStep':
      return isDocumentStepRequired(flow.kind, answers.identity);
  }
}

/**
 * Derives the state of every step of a flow (outcome pages aside) from the saved answers.
 * @param flow the applicant's flow (single for the primary applicant, joint for the co-applicant)
 */
export function deriveProgress(flow: Flow, answers: ApplicantAnswers, facts: ApplicantFacts): FlowProgress {
  const flags = flagsOf(facts);
  const steps = flow.steps
    .filter((s) => s.kind !== 'outcome')
    .map<StepState>((s) => ({
      id: s.id,
      path: s.path,
      required: isRequired(s, answers, flags, flow),
      complete: IS_COMPLETE[s.id]?.(answers, facts) ?? false,
    }));
  const next = steps.find((s) => s.required && !s.complete);
  const groups = Object.fromEntries(
    TRACKER_STEPS.map(({ group }) => {
      const inGroup = steps.filter(
        (s) => s.required && flow.steps.find((f) => f.id === s.id)?.group === group,
      );
      return [group, inGroup.length > 0 && inGroup.every((s) => s.complete)];
    }),
  ) as Record<ProgressGroup, boolean>;
  return { flow, steps, nextStepId: next?.id ?? null, isComplete: next === undefined, groups };
}

/**
 * True when a step may be visited (or saved): every earlier required step is complete. A check hosted by
 * this step does not hold it back: the screen runs it.
 */
export function canVisitStep(progress: FlowProgress, stepId: StepId): boolean {
  const index = progress.steps.findIndex((s) => s.id === stepId);
  if (index < 0) return false;
  return progress.steps
    .slice(0, index)
    .every(
      (s) => !s.required || s.complete || progress.flow.steps.find((f) => f.id === s.id)?.host === stepId,
    );
}

/** The earlier required steps that hold a step back (what an out-of-order save is told to do first). */
export function missingStepsBefore(progress: FlowProgress, stepId: StepId): StepId[] {
  const index = progress.steps.findIndex((s) => s.id === stepId);
  return progress.steps
    .slice(0, Math.max(index, 0))
    .filter((s) => s.required && !s.complete)
    .filter((s) => progress.flow.steps.find((f) => f.id === s.id)?.host !== stepId)
    .map((s) => s.id);
}

/** The step that runs a check: its host screen, else the screen whose save makes it due. */
function screenOfCheck(progress: FlowProgress, check: FlowStep): StepState | undefined {
  if (check.host) return progress.steps.find((s) => s.id === check.host);
  const index = progress.steps.findIndex((s) => s.id === check.id);
  return progress.steps
    .slice(0, index)
    .reverse()
    .find((s) => s.required && s.path !== null);
}

/**
 * Where the applicant should be now: the first required step not complete. A check sends the applicant to
 * the screen that runs it; a check without a host whose provider failed sends them to the error page.
 * @param fallback where to go when every step is complete (the last screen, until the decision)
 */
export function nextPathOf(progress: FlowProgress, identity: IdentityStatus, fallback?: string): string {
  const { flow } = progress;
  const next = flow.steps.find((s) => s.id === progress.nextStepId);
  if (!next) return fallback ?? progress.steps.filter((s) => s.path !== null).at(-1)?.path ?? '/';
  if (next.kind !== 'check') return next.path ?? '/';
  if (!next.host && identity === 'error') return errorRoute();
  return screenOfCheck(progress, next)?.path ?? errorRoute();
}
