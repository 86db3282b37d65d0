/**
 * The one adapter from the applicants as the decision froze them to the domain's `MembershipAnswers`
 * (from which `membershipRequestOf` makes the request the core receives, decision 0075). The SIN is not
 * in the snapshot (it is kept encrypted): the caller reads it and passes it here.
 */
import type { MembershipAnswers, MembershipApplicantAnswers, StepValues } from '@omo/domain';
import type { ApplicantContext } from '../application/repository.ts';
import { referenceNumberOf } from '../application/view.ts';

/** An applicant's answers; `sinDigits` is the stored SIN read for the request, or null. */
function applicantAnswersOf(
  { applicant }: ApplicantContext,
  sinDigits: string | null,
): MembershipApplicantAnswers {
  const { personalInfo, address, legalTerms } = applicant;
  if (!personalInfo || !address || !legalTerms) {
    throw new Error('A submitted applicant has answered personal information, address and legal terms');
  }
  return {
    applicantId: applicant.id,
    email: applicant.email,
    language: applicant.language,
    consent: applicant.consent,
    personalInfo,
    address,
    sin: applicant.sinSkipped ? 'atBranch' : sinDigits,
    legalTerms,
    identityStatus: applicant.identity.status,
  };
}

/**
 * The membership answers of a decision round: the primary's application and answers, the co-applicant's
 * answers when they take part.
 */
export function membershipAnswersOf(
  frozen: { primary: ApplicantContext; coApplicant?: ApplicantContext | undefined },
  sins: { primary: string | null; coApplicant: string | null },
  submittedAt: Date,
): MembershipAnswers {
  const { application } = frozen.primary;
  return {
    applicationId: application.id,
    appRefNo: referenceNumberOf(application, frozen.primary.applicant),
    submittedAt: submittedAt.toISOString(),
    sweepEnabled: application.sweepEnabled,
    productChoice: application.productChoice,
    accountUsage: application.accountUsage as MembershipAnswers['accountUsage'],
    isSavingsOffer: application.decision?.offerAccepted === true,
    funding: (frozen.primary.applicant.answers.funding as StepValues['funding'] | undefined) ?? null,
    primary: applicantAnswersOf(frozen.primary, sins.primary),
    ...(frozen.coApplicant ? { coApplicant: applicantAnswersOf(frozen.coApplicant, sins.coApplicant) } : {}),
  };
}
