/**
 * The browser's view of an applicant's application (GET /api/omo/Application and every save's answer):
 * what was entered and what the server derived from it, never the password, the SIN (only masked) or a
 * code. `toPhoneView` is shared with the phone-verification module.
 */
import {
  decisionSeenBy,
  canResendCode,
  canGetNewCode,
  codeTriesLeft,
  canVisitStep,
  isSavableStep,
  isCreditReportUsed,
  isVerificationLimitReached,
  lastFourDigits,
  maskSin,
  membershipResponseOf,
  nextPathOf,
  referenceNumberOf as referenceNumberOfCode,
  routeJointSaveResponse,
  routeSingleSaveResponse,
  SAVABLE_STEPS,
  type Decision,
  type DecisionView,
  type ApplicationPhoneView,
  type ApplicationView,
  type SavableStepId,
  type StepId,
} from '@omo/domain';
import type { ProgressRead } from './progress.ts';
import { flowOf } from './progress.ts';
import type { ApplicantContext, ApplicantRecord, ApplicationRecord } from './repository.ts';

/** The applicant's reference number (the domain's format), P for the primary, J for the co-applicant. */
export function referenceNumberOf(
  application: Pick<ApplicationRecord, 'refCode'>,
  applicant: Pick<ApplicantRecord, 'role'>,
) {
  return referenceNumberOfCode(application.refCode, applicant.role === 'joint' ? 'J' : 'P');
}

/** True when the phone counts as verified: approved, skipped by the provider, or recorded verified. */
export function isPhoneVerified(applicant: Pick<ApplicantRecord, 'phoneVerified' | 'phoneState'>): boolean {
  const { status } = applicant.phoneState;
  return applicant.phoneVerified === true || status === 'approved' || status === 'skipped';
}

/** The `phone` object of the view (the counters, resend and Continue rules). */
export function toPhoneView(
  applicant: Pick<ApplicantRecord, 'phoneNumber' | 'phoneType' | 'phoneVerified' | 'phoneState'>,
): ApplicationPhoneView {
  const state = applicant.phoneState;
  const verified = isPhoneVerified(applicant);
  return {
    number: applicant.phoneNumber,
    type: applicant.phoneType,
    verified,
    status: state.status,
    channel: state.channel,
    sendFailCounter: state.sendFailCounter,
    resendCounter: state.resendCounter,
    invalidCounter: state.invalidCounter,
    canResend: !verified && state.status === 'pending' && canResendCode(state),
    canContinue: verified || isVerificationLimitReached(state) || state.serviceException === true,
    triesLeft: codeTriesLeft(state),
    canGetNewCode: !verified && state.status === 'pending' && canGetNewCode(state),
    lastFour: applicant.phoneNumber ? lastFourDigits(applicant.phoneNumber) : null,
  };
}

/** The steps whose answers the view shows in fields of their own; every other step's is in `answers`. */
const OWN_VIEW_FIELDS: ReadonlySet<string> = new Set([
  'personalinfo',
  'address',
  'confirmproducts',
  'sin',
  'finalizeaccount',
  'legalterms',
  'reviewapplication',
]);

/** The stored answers the view shows in `answers`: an answer of the application only to its roles. */
function answersShownTo(applicant: ApplicantRecord): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(applicant.answers).filter(
      ([id]) =>
        !OWN_VIEW_FIELDS.has(id) &&
        isSavableStep(id as StepId) &&
        SAVABLE_STEPS[id as SavableStepId].save.roles.includes(applicant.role),
    ),
  );
}

/** Where the applicant should be now. */
export function nextPathFor(read: Pick<ProgressRead, 'progress' | 'answers'>): string {
  return nextPathOf(read.progress, read.answers.identity);
}

/**
 * The whole view.
 * @param creditBureau the bureau the identity provider checks against ('' when none is named)
 */
export function toApplicationView(
  { application, applicant }: ApplicantContext,
  read: ProgressRead,
  creditBureau = '',
): ApplicationView {
  const { progress } = read;
  const seen = decisionSeenBy(applicant.role, application.decision);
  const decisionView = seen ? toDecisionView(seen, { application, applicant }) : null;
  // The co-applicant sees their own and the shared answers: not the primary's codes, term or account usage.
  const isPrimary = applicant.role === 'primary';
  return {
    appRefNo: referenceNumberOf(application, applicant),
    flow: flowOf(applicant).kind,
    email: applicant.email,
    promoCode: isPrimary ? (application.promoCode ?? '') : '',
    referralCode: isPrimary ? (application.referralCode ?? '') : '',
    consent: applicant.consent,
    productIds: application.productIds,
    sweepEnabled: application.sweepEnabled,
    personalInfo: applicant.personalInfo,
    phone: toPhoneView(applicant),
    address: applicant.address,
    products:
      isPrimary && application.productChoice
        ? {
            termPeriod: application.productChoice.termPeriod ?? '',
            termOption: application.productChoice.termOption ?? '',
          }
        : null,
    sin: {
      provided: applicant.sinProvided,
      skipped: applicant.sinSkipped,
      masked: applicant.sinProvided && applicant.sinLast3 ? maskSin(applicant.sinLast3) : null,
    },
    accountUsage: isPrimary ? (application.accountUsage as ApplicationView['accountUsage']) : null,
    identity: {
      status: applicant.identity.status,
      recheck: applicant.identity.lapsed === true,
      creditBureau:
        creditBureau !== '' && isCreditReportUsed(applicant.identity.status) ? creditBureau : null,
    },
    legalTerms: applicant.legalTerms,
    reviewConsent: applicant.reviewConsent,
    termsAccepted: applicant.termsAccepted,
    answers: answersShownTo(applicant),
    decision: decisionView,
    progress: {
      steps: progress.steps.map((s) => ({ ...s, canVisit: canVisitStep(progress, s.id) })),
      nextStepId: progress.nextStepId,
      isComplete: progress.isComplete,
      groups: progress.groups,
    },
    nextPath: decisionView?.route ?? nextPathFor(read),
  };
}

/** The save response of an applicant's decision (the stored one, reused by every later submit). */
export function saveResponseOf(decision: Decision, { application, applicant }: ApplicantContext) {
  return membershipResponseOf(decision, {
    appRefNo: referenceNumberOf(application, applicant),
    applicantId: applicant.id,
    applicationId: application.id,
  });
}

/** The decision as the browser sees it, with the outcome page its response routes to. */
export function toDecisionView(decision: Decision, context: ApplicantContext): DecisionView {
  const response = saveResponseOf(decision, context);
  // No enumeration: an existing membership shows as a decision still being taken.
  const hidden = decision.outcome === 'existingMember';
  return {
    state: hidden ? 'pending' : decision.state,
    outcome: hidden ? null : decision.outcome,
    response,
    route:
      flowOf(context.applicant).kind === 'joint'
        ? routeJointSaveResponse(response)
        : routeSingleSaveResponse(response),
    openedProductIds: decision.openedProductIds,
    debitCardOrdered: decision.debitCardOrdered,
    question: decision.asked?.message ?? null,
    documentsRefusedReason: context.applicant.identity.documentsRefusedReason ?? null,
  };
}
