/**
 * The credit union's side of an application (decision 0071): the state of a case as staff see it,
 * derived from the stored decision; why a case needs a person (the queue's reason); the staff roles; and
 * which action each role may take in which state. The server checks an action against this table in the
 * action's write transaction, under the application row's lock (next to the applicant's table,
 * lifecycle.ts).
 */
import type { Decision, ReviewReason } from './decision.ts';

/** Roles come from the OpenID provider's claims; a supervisor may also reverse and reassign. */
export const STAFF_ROLES = ['reviewer', 'supervisor', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff member's one role from the provider's claimed roles: the widest one, or none. */
export function staffRoleOf(claimed: unknown): StaffRole | null {
  const values = Array.isArray(claimed)
    ? claimed
    : typeof claimed === 'string'
      ? claimed.split(/[\s,]+/)
      : [];
  for (const role of ['supervisor', 'reviewer', 'auditor'] as const) {
    if (values.includes(role)) return role;
  }
  return null;
}

/**
 * Where a case stands for staff:
 * draft (not submitted) ─► processing (the decision is being taken, or waits for the documents' result)
 * processing ─► failed | awaitingInPersonId | heldForReview | blockListHit | awaitingCoApplicant
 *             | awaitingOfferAnswer | opened | refused
 * awaitingInPersonId | heldForReview ─askApplicant─► waitingOnApplicant (the decision keeps its
 *   outcome; staff's question stands over it) ─the applicant answers─► the state it stood over
 */
export const STAFF_CASE_STATES = [
  'draft',
  'processing',
  'failed',
  'awaitingInPersonId',
  'heldForReview',
  'blockListHit',
  'awaitingCoApplicant',
  'awaitingOfferAnswer',
  'waitingOnApplicant',
  'opened',
  'refused',
] as const;
export type StaffCaseState = (typeof STAFF_CASE_STATES)[number];

export function staffCaseStateOf(decision: Decision | null): StaffCaseState {
  if (!decision) return 'draft';
  if (decision.state !== 'decided') return 'processing';
  if (decision.asked) return 'waitingOnApplicant';
  switch (decision.outcome) {
    case 'failed':
      return 'failed';
    case 'inPerson':
    case 'jointComplete':
      return 'awaitingInPersonId';
    case 'heldForReview':
      return 'heldForReview';
    case 'blocked':
      return 'blockListHit';
    case 'primaryComplete':
      return 'awaitingCoApplicant';
    case 'savingsOffer':
      return 'awaitingOfferAnswer';
    case 'approved':
      return 'opened';
    case 'declined':
    case 'ageRefused':
    case 'existingMember':
    case null:
      return 'refused';
  }
}

/** Why a case is in the queue, by its state (a state absent here needs no person). */
export const QUEUE_REASON_OF_STATE = {
  processing: 'decisionProcessing',
  failed: 'decisionFailed',
  awaitingInPersonId: 'inPersonId',
  heldForReview: 'heldForReview',
  blockListHit: 'blockListHit',
  awaitingCoApplicant: 'jointInvitation',
  awaitingOfferAnswer: 'waitingOnApplicant',
  waitingOnApplicant: 'waitingOnApplicant',
} as const satisfies Partial<Record<StaffCaseState, string>>;
export type QueueReason = (typeof QUEUE_REASON_OF_STATE)[keyof typeof QUEUE_REASON_OF_STATE];
export const QUEUE_REASONS = [...new Set(Object.values(QUEUE_REASON_OF_STATE))] as QueueReason[];

/** Why a case needs a person, or null. */
export function queueReasonOf(decision: Decision | null): QueueReason | null {
  const state = staffCaseStateOf(decision);
  return (QUEUE_REASON_OF_STATE as Partial<Record<StaffCaseState, QueueReason>>)[state] ?? null;
}

/** Hours a case may wait for a person before it is late, by reason (the queue shows age against it). */
export const QUEUE_TARGET_HOURS: Record<QueueReason, number> = {
  decisionProcessing: 4,
  decisionFailed: 4,
  inPersonId: 72,
  heldForReview: 24,
  blockListHit: 24,
  jointInvitation: 24 * 14,
  waitingOnApplicant: 24 * 7,
};

/** An application's row in the staff queue (the server sends it, the back office lists it). */
export interface StaffQueueRow {
  applicationId: string;
  reference: string;
  reason: QueueReason;
  /** Why a held case waits for a person (a screening hit, a core that failed…), else null. */
  reviewReason: ReviewReason | null;
  state: StaffCaseState;
  productIds: string[];
  submittedAt: string;
  ageHours: number;
  targetHours: number;
  late: boolean;
  assignee: { subject: string; name: string } | null;
}

/** One entry of a case log as staff read it: who did what, when, from which session, with a note. */
export interface StaffCaseLogEntry {
  id: string;
  at: string;
  staffName: string;
  staffRole: string;
  staffSession: string;
  action: string;
  note: string | null;
}

/** An entry of the credit union's internal block list. */
export interface StaffBlockListEntry {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  reason: string;
  addedBy: string;
  addedAt: string;
}

const QUEUE_STATES = Object.keys(QUEUE_REASON_OF_STATE) as StaffCaseState[];
const ACTING: readonly StaffRole[] = ['reviewer', 'supervisor'];

/**
 * Every staff action, the roles that may take it and the case states it is allowed in. Reading a case and
 * revealing a masked value are reads (every role, logged); the auditor takes no action.
 * - assign / release: take a case in the queue, or give it back (a supervisor also releases another's);
 * - recordInPersonId: the ID was seen at a branch or post office: the decision goes on;
 * - approveDocuments / refuseDocuments: the documents waiting for a person's look (the refusal's reason
 *   reaches the applicant, who is then asked to show ID in person);
 * - askApplicant: staff ask the applicant for something (a message, e-mailed with a link back in); the
 *   case waits on the applicant until they answer on their outcome page. Only where that page is one the
 *   applicant waits on (in-person ID, held for review): not while the decision is being taken (its job
 *   writes the decision), not after a failure (the applicant sees an error page), nor once it is final;
 * - decline: the membership is refused, with a reason (a question waiting on the applicant ends with it);
 * - reopen (supervisor): the decision is taken again (after a failure, a refusal, a block-list hit, or a
 *   hold: a core banking or screening service back after failing through every retry);
 * - recordDeposit: an opened member's first deposit arrived (matched by the member number, rules/deposits.ts);
 * - clearScreeningHit (supervisor): the sanctions screening's match is another person (a false positive):
 *   the match is cleared for that applicant and the decision taken again (held by a screening hit only).
 */
export const STAFF_ACTIONS = {
  assign: { roles: ACTING, states: QUEUE_STATES },
  release: { roles: ACTING, states: STAFF_CASE_STATES },
  recordInPersonId: { roles: ACTING, states: ['awaitingInPersonId'] },
  approveDocuments: { roles: ACTING, states: ['processing'] },
  refuseDocuments: { roles: ACTING, states: ['processing'] },
  askApplicant: { roles: ACTING, states: ['awaitingInPersonId', 'heldForReview'] },
  decline: {
    roles: ACTING,
    states: [
      'processing',
      'failed',
      'awaitingInPersonId',
      'heldForReview',
      'blockListHit',
      'waitingOnApplicant',
    ],
  },
  reopen: { roles: ['supervisor'], states: ['failed', 'refused', 'blockListHit', 'heldForReview'] },
  recordDeposit: { roles: ACTING, states: ['opened'] },
  clearScreeningHit: { roles: ['supervisor'], states: ['heldForReview'] },
} as const satisfies Record<string, { roles: readonly StaffRole[]; states: readonly StaffCaseState[] }>;
export type StaffAction = keyof typeof STAFF_ACTIONS;
export const STAFF_ACTION_NAMES = Object.keys(STAFF_ACTIONS) as StaffAction[];

/** True when `role` may take `action` at all. */
export function isStaffActionAllowedFor(action: StaffAction, role: StaffRole): boolean {
  return (STAFF_ACTIONS[action].roles as readonly StaffRole[]).includes(role);
}

/** True when `action` is allowed in `state`. */
export function isStaffActionAllowedIn(action: StaffAction, state: StaffCaseState): boolean {
  return (STAFF_ACTIONS[action].states as readonly StaffCaseState[]).includes(state);
}

/**
 * True when `action` may be taken on a case in `state` held for `reviewReason`: clearing a screening match
 * also needs a case the screening held.
 */
export function isStaffActionAllowedOnCase(
  action: StaffAction,
  state: StaffCaseState,
  reviewReason: ReviewReason | null | undefined,
): boolean {
  if (!isStaffActionAllowedIn(action, state)) return false;
  return action !== 'clearScreeningHit' || reviewReason === 'screeningHit';
}

/** The kinds of ID a staff member may record as seen in person. */
export const IN_PERSON_ID_TYPES = [
  'driversLicence',
  'passport',
  'provincialPhotoId',
  'permanentResidentCard',
] as const;
export type InPersonIdType = (typeof IN_PERSON_ID_TYPES)[number];
