/**
 * Where an applicant's part of an application stands, derived from the stored decision, and which calls
 * each state allows. The server checks a call against this table inside the call's write transaction,
 * under the application row's lock, so a save racing the submission cannot write after the claim.
 *
 * draft ─submit─► deciding ─defer─► pending (documents under review, a late decision)
 *                 deciding / pending ─fail─► retrying (the core banking or the screening failed: the job
 *                                                      retries with backoff; nothing counts as opened)
 *                 deciding / pending / retrying ─decide─► decided
 *                                              awaitingCoApplicant  (primary complete: the co-applicant is invited)
 *                                              awaitingInPersonId   (ID to be shown at a branch or post office)
 *                                              awaitingOfferAnswer  (a savings account offered instead)
 *                                              awaitingStaff        (held for the credit union's review: the
 *                                                 staff queue; the decision's reviewReason says why,
 *                                                 coreBankingFailed once a retrying decision's retries are spent)
 * The co-applicant's part is a draft while the primary's part waits for them (primary complete or ID in
 * person), and closed once the primary went on alone.
 */
import { canStartJointRound, decisionSeenBy, type Decision, type DecisionOutcome } from './decision.ts';

export const APPLICANT_STATES = [
  'draft',
  'deciding',
  'pending',
  'retrying',
  'awaitingCoApplicant',
  'awaitingInPersonId',
  'awaitingOfferAnswer',
  'awaitingStaff',
  'decided',
  'closed',
] as const;
export type ApplicantState = (typeof APPLICANT_STATES)[number];

const WAITING_OUTCOMES: Partial<Record<DecisionOutcome, ApplicantState>> = {
  primaryComplete: 'awaitingCoApplicant',
  inPerson: 'awaitingInPersonId',
  savingsOffer: 'awaitingOfferAnswer',
  heldForReview: 'awaitingStaff',
};

/**
 * The state of an applicant's part, as that applicant sees the decision.
 * @param role 'primary' or 'joint' (the co-applicant)
 */
export function applicantStateOf(role: 'primary' | 'joint', decision: Decision | null): ApplicantState {
  if (role === 'primary' ? decision === null : canStartJointRound(decision)) return 'draft';
  const seen = decisionSeenBy(role, decision);
  if (!seen) return 'closed';
  if (seen.state !== 'decided' && seen.retrying) return 'retrying';
  if (seen.state === 'deciding') return 'deciding';
  if (seen.state === 'pending') return 'pending';
  return (seen.outcome && WAITING_OUTCOMES[seen.outcome]) ?? 'decided';
}

/**
 * Every call that changes an application, and the states of the caller's part it is allowed in:
 * - editAnswers: a step's save (and a review edit), InitializeApplication again (Back), the phone calls,
 *   the identity check and the document capture;
 * - submit: SaveApplication / SaveJointApplication claiming the decision (answered again once claimed);
 * - acceptSavingsOffer: AcceptSavingsOffer;
 * - inPersonRecord: CanadaPostCreate, the post-office record of the ID shown in person.
 */
export const APPLICANT_CALLS = {
  editAnswers: ['draft'],
  submit: ['draft'],
  acceptSavingsOffer: ['awaitingOfferAnswer'],
  inPersonRecord: ['awaitingInPersonId'],
} as const satisfies Record<string, readonly ApplicantState[]>;
export type ApplicantCall = keyof typeof APPLICANT_CALLS;

/** True when `call` is allowed in `state`. */
export function isCallAllowed(call: ApplicantCall, state: ApplicantState): boolean {
  return (APPLICANT_CALLS[call] as readonly ApplicantState[]).includes(state);
}
