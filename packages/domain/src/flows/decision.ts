/**
 * The decision of an application as a typed state with named transitions, and the save response (spec 001
 * §3) each outcome answers. The server moves it (SaveApplication, the decision job, AcceptSavingsOffer);
 * the browser only routes by the response (rules/business.ts, spec 001 §4.2–4.3).
 *
 * undecided ─submit──► deciding         (a submit claimed the decision and runs the rules)
 * deciding  ─defer───► pending          (the decision outlasted the wait: the applicant sees processing,
 *                                         a background job finishes it and e-mails the result)
 * deciding / pending ─decide(outcome)─► decided
 * decided(savingsOffer) ─acceptOffer─► decided(approved)
 *
 * A joint application is decided in two rounds: the primary's submission checks the primary and ends on
 * primaryComplete (the co-applicant is invited); the co-applicant's submission claims the decision again
 * (round 'joint') and decides with both applicants' checks. Should the co-applicant not come, the primary
 * may go on alone (round 'single'), which claims it again from primaryComplete.
 */
import type { MembershipResponse } from '../schemas/entities.ts';

/** Where a decision stands. */
export const DECISION_STATES = ['deciding', 'pending', 'decided'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

/**
 * Every outcome a decision can reach, in the priority order the rules are tried (spec 001 §4.2):
 * - ageRefused: the applicant's age is outside a product's limits (or under the age of majority);
 * - blocked: the block list holds the applicant;
 * - inPerson: identity could not be confirmed online: ID in person, at a branch or a post office;
 * - existingMember: the e-mail already holds a membership (answered like a late decision, see below);
 * - approved: a member number and an account for each product;
 * - savingsOffer: the requested product is refused, a savings account is offered instead;
 * - declined: the membership is refused;
 * - primaryComplete: the primary's part of a joint application is done, the co-applicant is invited;
 * - jointComplete: the co-applicant finished before the primary was decided;
 * - heldForReview: the credit union's staff decide (the applicant sees the processing page), nothing is
 *   opened; why is the decision's `reviewReason` (REVIEW_REASONS);
 * - failed: the decision could not be taken (a provider failed beyond its retries).
 */
export const DECISION_OUTCOMES = [
  'ageRefused',
  'blocked',
  'inPerson',
  'existingMember',
  'approved',
  'savingsOffer',
  'declined',
  'primaryComplete',
  'jointComplete',
  'heldForReview',
  'failed',
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/**
 * Why a decision waits for the credit union's staff (heldForReview, the applicant's state awaitingStaff):
 * - coApplicantName: the co-applicant's legal name is not the invited one;
 * - screeningHit: the sanctions screening matched the applicant at or above SCREENING_THRESHOLD;
 * - coreBankingFailed: the core banking failed (no answer, or refused the request) through every retry:
 *   nothing counts as opened; staff look at what the core holds and finish or refuse it;
 * - screeningFailed: the screening service gave no answer through every retry.
 */
export const REVIEW_REASONS = [
  'coApplicantName',
  'screeningHit',
  'coreBankingFailed',
  'screeningFailed',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/**
 * The screening matches that hold an application for staff review: those scored at or above the
 * threshold (SCREENING_THRESHOLD), best first.
 */
export function screeningHitsOf<M extends { score: number }>(matches: readonly M[], threshold: number): M[] {
  return matches.filter((m) => m.score >= threshold).sort((a, b) => b.score - a.score);
}

/** How the outcome is reported once for analytics (spec 001 §4.9). */
export type OutcomeReport = 'pending' | 'unsuccessful' | 'complete';

/** Which submission the decision answers: the primary's, the co-applicant's, or the primary's alone. */
export type DecisionRound = 'primary' | 'joint' | 'single';

/** The decision as stored on the application. */
/** A screening match that held an application: whose, the listed entity, its score and lists. */
export interface ScreeningHit {
  role: 'primary' | 'joint';
  matchId: string;
  caption: string;
  score: number;
  datasets: string[];
}

/** True when staff cleared this match of this applicant as another person. */
export function isClearedScreeningMatch(
  decision: Pick<Decision, 'clearedScreeningMatches'> | null | undefined,
  role: 'primary' | 'joint',
  matchId: string,
): boolean {
  return (decision?.clearedScreeningMatches ?? []).some((c) => c.role === role && c.matchId === matchId);
}

export interface Decision {
  state: DecisionState;
  round: DecisionRound;
  /** The primary's outcome while the co-applicant's round is decided (what the primary goes on seeing). */
  primaryOutcome?: DecisionOutcome | null;
  /** Set once decided. */
  outcome: DecisionOutcome | null;
  /** Member numbers, set when approved. */
  primaryCustNo: string | null;
  jointCustNo: string | null;
  /** The products the membership opened, in order (approved only). */
  openedProductIds: string[];
  /** A debit card was ordered with the membership (approved only). */
  debitCardOrdered: boolean;
  /** The applicant accepted the savings account offered: the decision opens it. */
  offerAccepted?: boolean;
  /** Why staff decide it (heldForReview only). */
  reviewReason?: ReviewReason;
  /** The screening matches that held it (reviewReason screeningHit): what staff judge. */
  screeningHits?: ScreeningHit[];
  /**
   * Matches staff found to be another person (a false positive), by applicant: the decisions taken
   * afterwards pass over them. Kept through every retake; a new match still holds the application.
   */
  clearedScreeningMatches?: { role: 'primary' | 'joint'; matchId: string }[];
  /**
   * The decision failed and its job will retry it (state deciding or pending): the core banking (or the
   * screening) gave no answer or refused the request, this many times so far.
   */
  retrying?: { reason: 'coreBanking' | 'screening'; failures: number };
  /**
   * Staff asked the applicant for something (decided only): the case waits on the applicant until they
   * answer; the outcome stays as it was. Cleared by the answer, a refusal or the decision taken again.
   */
  asked?: StaffQuestion;
}

/** A staff member's question to the applicant, as it waits for the answer. */
export interface StaffQuestion {
  message: string;
  askedAt: string;
}

/** A decision just claimed by a submit. */
export const DECIDING: Decision = {
  state: 'deciding',
  round: 'primary',
  outcome: null,
  primaryCustNo: null,
  jointCustNo: null,
  openedProductIds: [],
  debitCardOrdered: false,
};

export const DECISION_TRANSITIONS = {
  submit: { from: [null], to: 'deciding' },
  defer: { from: ['deciding'], to: 'pending' },
  decide: { from: ['deciding', 'pending'], to: 'decided' },
} as const satisfies Record<string, { from: readonly (DecisionState | null)[]; to: DecisionState }>;
export type DecisionTransition = keyof typeof DECISION_TRANSITIONS;

/** True when `transition` may start from `from` (null: no decision yet). */
export function canTransitionDecision(from: DecisionState | null, transition: DecisionTransition): boolean {
  return (DECISION_TRANSITIONS[transition].from as readonly (DecisionState | null)[]).includes(from);
}

/** True when the primary's part is decided and waits for the co-applicant (or for going on alone). */
export function isAwaitingCoApplicant(decision: Decision | null): boolean {
  return decision?.state === 'decided' && decision.outcome === 'primaryComplete';
}

/**
 * The joint round's outcomes that are the co-applicant's alone: their refusals, and joint complete (the
 * primary still has to show ID in person). The primary's part stands as it was.
 */
const CO_APPLICANT_OUTCOMES: readonly (DecisionOutcome | null)[] = [
  null,
  'ageRefused',
  'blocked',
  'inPerson',
  'existingMember',
  'jointComplete',
  'heldForReview',
];

/**
 * The co-applicant's outcomes after which their part cannot go on online (refused, ID in person, an
 * existing member): the primary is offered to go on alone.
 */
const CO_APPLICANT_CANNOT_GO_ON: readonly DecisionOutcome[] = [
  'ageRefused',
  'blocked',
  'inPerson',
  'existingMember',
];

/** True when the joint round ended in an outcome of the co-applicant alone (the primary's part stands). */
export function isCoApplicantOutcome(decision: Decision | null): boolean {
  return (
    decision?.round === 'joint' &&
    decision.state === 'decided' &&
    CO_APPLICANT_OUTCOMES.includes(decision.outcome)
  );
}

/** True when the primary of a joint application may go on alone (apply as single). */
export function canApplyAsSingle(decision: Decision | null): boolean {
  return (
    isAwaitingCoApplicant(decision) ||
    (decision?.round === 'joint' &&
      decision.state === 'decided' &&
      decision.outcome !== null &&
      CO_APPLICANT_CANNOT_GO_ON.includes(decision.outcome))
  );
}

/**
 * The decision as an applicant may see it: the co-applicant only the joint round's; the primary their
 * own part while the co-applicant's round is being taken or refused the co-applicant, then its result
 * (a membership, a refusal of the membership, a savings offer).
 */
export function decisionSeenBy(role: 'primary' | 'joint', decision: Decision | null): Decision | null {
  if (!decision) return null;
  if (role === 'joint') return decision.round === 'joint' ? decision : null;
  if (decision.round !== 'joint') return decision;
  const settled = decision.state === 'decided' && !CO_APPLICANT_OUTCOMES.includes(decision.outcome);
  return settled
    ? decision
    : {
        ...decision,
        state: 'decided',
        round: 'primary',
        outcome: decision.primaryOutcome ?? 'primaryComplete',
      };
}

/** True when the co-applicant may submit: the primary's part is done and waits for them. */
export function canStartJointRound(decision: Decision | null): boolean {
  return (
    decision?.round === 'primary' &&
    decision.state === 'decided' &&
    (decision.outcome === 'primaryComplete' || decision.outcome === 'inPerson')
  );
}

/** True when a decided savings offer may be accepted. */
export function canAcceptSavingsOffer(decision: Decision | null): boolean {
  return decision?.state === 'decided' && decision.outcome === 'savingsOffer';
}

/**
 * The outcome report of a decided outcome (spec 001 §4.9): pending while someone still has to act (ID in
 * person, the co-applicant), unsuccessful when refused, complete when a member was made. Outcomes the
 * applicant can still change (a savings offer not yet answered) or that are not a decision (failed, and an
 * existing membership, which is answered privately) report nothing.
 */
export function outcomeReportOf(outcome: DecisionOutcome): OutcomeReport | null {
  switch (outcome) {
    case 'approved':
      return 'complete';
    case 'inPerson':
    case 'primaryComplete':
    case 'jointComplete':
    case 'heldForReview':
      return 'pending';
    case 'declined':
    case 'blocked':
    case 'ageRefused':
      return 'unsuccessful';
    case 'savingsOffer':
    case 'existingMember':
    case 'failed':
      return null;
  }
}

/** The save response's flags, all off. */
const NO_FLAGS = {
  showCanadaPostScreen: false,
  showAgeErrorScreen: false,
  showGenericErrorScreen: false,
  showBlockListErrorScreen: false,
  showPrimaryCompleteScreen: false,
  showJointCompleteScreen: false,
  showCustomErrorScreen: false,
  showTimeoutScreen: false,
  showSavingsAccountOfferScreen: false,
  showDeclineScreen: false,
} as const;

/** The flag each outcome sets (approved sets none: its member number routes it). */
const FLAG_OF: Record<DecisionOutcome, keyof typeof NO_FLAGS | null> = {
  ageRefused: 'showAgeErrorScreen',
  blocked: 'showBlockListErrorScreen',
  inPerson: 'showCanadaPostScreen',
  // No enumeration: an existing membership looks like a decision that outlasted its wait (the same screen,
  // after the same wait); the real answer is e-mailed to that address.
  existingMember: 'showTimeoutScreen',
  approved: null,
  savingsOffer: 'showSavingsAccountOfferScreen',
  declined: 'showDeclineScreen',
  primaryComplete: 'showPrimaryCompleteScreen',
  jointComplete: 'showJointCompleteScreen',
  // Waits on staff: the processing page ('we'll e-mail you').
  heldForReview: 'showTimeoutScreen',
  failed: 'showGenericErrorScreen',
};

/** Who is asking, for the identifiers of the response. */
export interface ResponseIdentifiers {
  appRefNo: string;
  applicantId: string;
  applicationId: string;
}

/**
 * The save response of a decision (spec 001 §3): one flag per outcome, the member numbers once approved,
 * the timeout flag while the decision is still being taken. `hasResponse` is true: a stored response is
 * reused rather than submitting again.
 */
export function membershipResponseOf(decision: Decision, ids: ResponseIdentifiers): MembershipResponse {
  const flags: Record<keyof typeof NO_FLAGS, boolean> = { ...NO_FLAGS };
  if (decision.state !== 'decided' || decision.outcome === null) flags.showTimeoutScreen = true;
  else {
    const flag = FLAG_OF[decision.outcome];
    if (flag) flags[flag] = true;
  }
  const approved = decision.state === 'decided' && decision.outcome === 'approved';
  return {
    ...ids,
    errMsg: null,
    primaryCustNo: approved ? decision.primaryCustNo : null,
    jointCustNo: approved ? decision.jointCustNo : null,
    ...flags,
    hasResponse: true,
  };
}
