/**
 * The identity verification of an applicant as a typed state with named transitions. The server moves it
 * (identity check, document verification, the provider's notifications); the flows read it to decide
 * whether the ID verification terms come before the legal terms.
 *
 * notStarted ─skip──────────────► skipped            (the server chose not to use the identity provider)
 *            ─pass──────────────► passed             (confirmed on data alone)
 *            ─deny──────────────► denied             (not confirmed online)
 *            ─requireDocuments──► stepUp             (a photo ID and a selfie are asked)
 *            ─fail──────────────► error              (the provider gave no result; the check runs again in the
 *                                                  background while the applicant goes on; decision 0050)
 * stepUp / denied ─submitDocuments─► documentPending (captured; the provider's result comes later)
 * documentPending ─approveDocuments─► documentApproved
 *                 ─declineDocuments─► documentDeclined
 * stepUp / denied / documentPending ─expireDocuments─► documentExpired
 */

/** Every identity status, in the order an applicant meets them. */
export const IDENTITY_STATUSES = [
  'notStarted',
  'skipped',
  'passed',
  'denied',
  'stepUp',
  'error',
  'documentPending',
  'documentApproved',
  'documentDeclined',
  'documentExpired',
] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** The named transitions: from which statuses each may start, and where it leads. */
export const IDENTITY_TRANSITIONS = {
  skip: { from: ['notStarted'], to: 'skipped' },
  pass: { from: ['notStarted', 'error'], to: 'passed' },
  deny: { from: ['notStarted', 'error'], to: 'denied' },
  requireDocuments: { from: ['notStarted', 'error'], to: 'stepUp' },
  fail: { from: ['notStarted', 'error'], to: 'error' },
  submitDocuments: { from: ['stepUp', 'denied'], to: 'documentPending' },
  approveDocuments: { from: ['documentPending'], to: 'documentApproved' },
  declineDocuments: { from: ['documentPending'], to: 'documentDeclined' },
  expireDocuments: { from: ['stepUp', 'denied', 'documentPending'], to: 'documentExpired' },
} as const satisfies Record<string, { from: readonly IdentityStatus[]; to: IdentityStatus }>;
export type IdentityTransition = keyof typeof IDENTITY_TRANSITIONS;

/** A transition asked of a status it cannot start from. */
export class IdentityTransitionError extends Error {
  constructor(
    readonly from: IdentityStatus,
    readonly transition: IdentityTransition,
  ) {
    super(`Identity transition '${transition}' cannot start from '${from}'`);
    this.name = 'IdentityTransitionError';
  }
}

/** True for a known identity status (anything else read from storage or the network is an error). */
export function isIdentityStatus(value: unknown): value is IdentityStatus {
  return typeof value === 'string' && (IDENTITY_STATUSES as readonly string[]).includes(value);
}

/** True when `transition` may start from `from`. */
export function canTransitionIdentity(from: IdentityStatus, transition: IdentityTransition): boolean {
  return (IDENTITY_TRANSITIONS[transition].from as readonly IdentityStatus[]).includes(from);
}

/**
 * The status a transition leads to.
 * @throws IdentityTransitionError when the transition cannot start from `from`
 */
export function applyIdentityTransition(
  from: IdentityStatus,
  transition: IdentityTransition,
): IdentityStatus {
  if (!canTransitionIdentity(from, transition)) throw new IdentityTransitionError(from, transition);
  return IDENTITY_TRANSITIONS[transition].to;
}

/** True once the identity check has a result (skipped, or the provider answered). */
export function isIdentityCheckDone(status: IdentityStatus): boolean {
  return status !== 'notStarted' && status !== 'error';
}

/**
 * True once the identity check step no longer holds the applicant: it has a result, or the provider gave none
 * ('error') and the server retries it in the background while the applicant goes on (the decision waits
 * for it). Decision 0050.
 */
export function isIdentityCheckStepComplete(status: IdentityStatus): boolean {
  return status !== 'notStarted';
}

const DOCUMENT_STATUSES: readonly IdentityStatus[] = [
  'documentPending',
  'documentApproved',
  'documentDeclined',
  'documentExpired',
];

/** True once the document step is over for the flows: captured (pending or decided) or expired. */
export function isDocumentStepDone(status: IdentityStatus): boolean {
  return DOCUMENT_STATUSES.includes(status);
}

/**
 * True when the identity provider checked the applicant (against a credit bureau's file): it answered, or
 * documents were asked after it. Skipped, not started or without an answer: no credit report was used.
 */
export function isCreditReportUsed(status: IdentityStatus): boolean {
  return status !== 'notStarted' && status !== 'skipped' && status !== 'error';
}

/**
 * True when the identity result sends the applicant to the ID verification terms (document capture).
 * The primary applicant goes on to the legal terms unless a step-up is asked (a denial is settled when
 * the application is decided); the co-applicant goes to the ID verification terms unless the check passed
 * or was skipped.
 * @param flowKind 'single' for the primary applicant, 'joint' for the co-applicant
 */
export function isDocumentStepRequired(flowKind: 'single' | 'joint', status: IdentityStatus): boolean {
  if (isDocumentStepDone(status)) return true;
  if (status === 'stepUp') return true;
  return flowKind === 'joint' && status === 'denied';
}

/**
 * What the identity result means for the decision: go on (confirmed, or not checked by the provider),
 * ID in person (not confirmed online, or the documents were declined or expired), wait (the documents'
 * result, or the identity check's retried in the background, has not come yet), or incomplete (the
 * identity steps were not done).
 * @param flowKind 'single' for the primary applicant, 'joint' for the co-applicant
 */
export function identityOutcomeOf(
  flowKind: 'single' | 'joint',
  status: IdentityStatus,
): 'continue' | 'inPerson' | 'wait' | 'incomplete' {
  switch (status) {
    case 'passed':
    case 'skipped':
    case 'documentApproved':
      return 'continue';
    case 'documentDeclined':
    case 'documentExpired':
      return 'inPerson';
    case 'denied':
      // The co-applicant is asked for documents instead.
      return flowKind === 'single' ? 'inPerson' : 'incomplete';
    // The documents' result, or the identity check's (the provider gave none yet: the background retry
    // brings it, decision 0050), has not come.
    case 'documentPending':
    case 'error':
      return 'wait';
    case 'notStarted':
    case 'stepUp':
      return 'incomplete';
  }
}
