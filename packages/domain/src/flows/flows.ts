/**
 * The single and joint flows as data (design.md §2): ordered steps with their paths, progress groups and
 * title keys, the branch rules (interest bearing → SIN; identity result → legal terms or ID terms) and the
 * save-response routing (rules/business.ts). Pages ask `nextRoute` for the next path; the step tracker and the
 * progress marks read the same definition; the server uses `canVisit` to refuse out-of-order submissions.
 *
 * Paths: the spec spells the legal-terms route both 'legalTerms' (spec 001 §2.1) and 'legalterms' (spec 000
 * §4); omo's canonical path is lower case '/single/legalterms', and every lookup by path is case-insensitive.
 * 'verificationCode' keeps the spec's camel case.
 *
 * Joint flow: spec 001 lists /joint/finalizeaccount but no route leads to it (address goes to SIN or to the
 * identity check, SIN goes to legal terms or ID terms). The step is kept, off the path (not mandatory);
 * its Continue follows the same identity branch as SIN.
 */
import {
  ERROR_IDS,
  errorRoute,
  routeJointSaveResponse,
  routeSingleSaveResponse,
  type SaveResponseLike,
} from '../rules/business.ts';

/** Progress-mark group of a route (spec 000 §2 Layout), or null for routes outside the tracker. */
export type ProgressGroup = 'profile' | 'address' | 'confirmProduct' | 'finalizeAccount';

export type FlowKind = 'single' | 'joint';

/** Step ids (the last path segment, spelled as in the canonical path). */
export type StepId =
  | 'getstarted'
  | 'createprofile'
  | 'personalinfo'
  | 'phoneverification'
  | 'verificationCode'
  | 'address'
  | 'confirmproducts'
  | 'sin'
  | 'finalizeaccount'
  | 'idverifyterms'
  | 'legalterms'
  | 'reviewapplication'
  | 'reviewterms'
  | 'confirmapplication'
  | 'confirmcoapplicantapplication'
  | 'jointcomplete'
  | 'verifyidentification'
  | 'applicationdecline'
  | 'processingapplication'
  | 'savingsaccountoffer';

/** When a conditional step is part of the applicant's path. */
export type StepCondition = 'interestBearing' | 'identityStepUp';

export interface FlowStep {
  id: StepId;
  /** Canonical path, e.g. '/single/createprofile'. */
  path: string;
  group: ProgressGroup | null;
  /** i18n key of the page title. */
  titleKey: string;
  /** The spec's English title, where the spec gives one. */
  titleEn?: string;
  /** 'step' pages collect data; 'outcome' pages are reached by the save routing. */
  kind: 'step' | 'outcome';
  /** Must be complete before any later step can be visited (unconditionally). */
  mandatory: boolean;
  /** Mandatory only when this condition holds for the application. */
  condition?: StepCondition;
}

export interface Flow {
  kind: FlowKind;
  steps: readonly FlowStep[];
}

const TITLES_EN: Partial<Record<StepId, string>> = {
  getstarted: "Let's get you started",
  createprofile: 'Create your profile',
  personalinfo: 'Tell us about yourself',
  phoneverification: 'We need to verify your phone number',
  verificationCode: 'Verify your phone number',
  address: 'Where do you live?',
  confirmproducts: 'Confirm your application',
  sin: "What's your Social Insurance Number?",
  finalizeaccount: 'Finalize your account',
  legalterms: 'Review the legal terms',
  reviewapplication: 'Review your application',
  reviewterms: 'Review and accept the Terms and Conditions',
};

/** Progress groups of spec 000 §2 Layout (route ids in lower case). */
const GROUP_OF: Partial<Record<string, ProgressGroup>> = {
  createprofile: 'profile',
  personalinfo: 'profile',
  phoneverification: 'profile',
  verificationcode: 'profile',
  address: 'address',
  confirmproducts: 'confirmProduct',
  sin: 'confirmProduct',
  finalizeaccount: 'finalizeAccount',
  legalterms: 'finalizeAccount',
  reviewapplication: 'finalizeAccount',
  reviewterms: 'finalizeAccount',
  processingapplication: 'finalizeAccount',
  savingsaccountoffer: 'finalizeAccount',
};

type StepSpec = [id: StepId, kind: FlowStep['kind'], mandatory: boolean, condition?: StepCondition];

function buildFlow(kind: FlowKind, specs: readonly StepSpec[]): Flow {
  return {
    kind,
    steps: specs.map(([id, stepKind, mandatory, condition]) => {
      const step: FlowStep = {
        id,
        path: `/${kind}/${id}`,
        group: GROUP_OF[id.toLowerCase()] ?? null,
        titleKey: `steps.${id}.title`,
        kind: stepKind,
        mandatory,
      };
      const titleEn = TITLES_EN[id];
      if (titleEn !== undefined) step.titleEn = titleEn;
      if (condition !== undefined) step.condition = condition;
      return step;
    }),
  };
}

/**
 * Single flow (spec 000 §4, spec 001 §2.1): getstarted → createprofile → personalinfo → phoneverification →
 * verificationCode → address → confirmproducts → (sin) → finalizeaccount → (idverifyterms) → legalterms →
 * reviewapplication → reviewterms → outcome. getstarted and phoneverification are not mandatory: the first
 * only informs, and the second can be skipped (identity already initialised) or fail towards the code screen.
 */
export const SINGLE_FLOW: Flow = buildFlow('single', [
  ['getstarted', 'step', false],
  ['createprofile', 'step', true],
  ['personalinfo', 'step', true],
  ['phoneverification', 'step', false],
  ['verificationCode', 'step', true],
  ['address', 'step', true],
  ['confirmproducts', 'step', true],
  ['sin', 'step', false, 'interestBearing'],
  ['finalizeaccount', 'step', true],
  ['idverifyterms', 'step', false, 'identityStepUp'],
  ['legalterms', 'step', true],
  ['reviewapplication', 'step', true],
  ['reviewterms', 'step', true],
  ['confirmapplication', 'outcome', false],
  ['confirmcoapplicantapplication', 'outcome', false],
  ['verifyidentification', 'outcome', false],
  ['applicationdecline', 'outcome', false],
  ['processingapplication', 'outcome', false],
  ['savingsaccountoffer', 'outcome', false],
]);

/**
 * Joint flow (spec 001 §2.6, §2.7, §4.4): getstarted?jointCode → createprofile → personalinfo →
 * phoneverification → verificationCode → address → (sin) → (idverifyterms) → legalterms → reviewapplication →
 * reviewterms → outcome. finalizeaccount is kept off the path (see the header).
 */
export const JOINT_FLOW: Flow = buildFlow('joint', [
  ['getstarted', 'step', false],
  ['createprofile', 'step', true],
  ['personalinfo', 'step', true],
  ['phoneverification', 'step', false],
  ['verificationCode', 'step', true],
  ['address', 'step', true],
  ['sin', 'step', false, 'interestBearing'],
  ['finalizeaccount', 'step', false],
  ['idverifyterms', 'step', false, 'identityStepUp'],
  ['legalterms', 'step', true],
  ['reviewapplication', 'step', true],
  ['reviewterms', 'step', true],
  ['confirmapplication', 'outcome', false],
  ['jointcomplete', 'outcome', false],
  ['verifyidentification', 'outcome', false],
  ['processingapplication', 'outcome', false],
  ['savingsaccountoffer', 'outcome', false],
]);

/** Both flows by kind. */
export const FLOWS: Readonly<Record<FlowKind, Flow>> = { single: SINGLE_FLOW, joint: JOINT_FLOW };

/** Routes outside the two flows (spec 001 §2.1). */
export const PUBLIC_ROUTES = {
  landing: '/',
  error: '/error',
  applyAsSingle: '/single/applyassingle',
  productList: '/productlist',
  diagnostics: '/Diagnostics',
} as const;

/** The four visible tracker steps (spec 000 §1): number, progress group, i18n label key, English label. */
export const TRACKER_STEPS = [
  { number: 1, group: 'profile', labelKey: 'tracker.profile', labelEn: 'Set up your profile' },
  { number: 2, group: 'address', labelKey: 'tracker.address', labelEn: 'Add your address' },
  {
    number: 3,
    group: 'confirmProduct',
    labelKey: 'tracker.confirmProduct',
    labelEn: 'Confirm your products',
  },
  {
    number: 4,
    group: 'finalizeAccount',
    labelKey: 'tracker.finalizeAccount',
    labelEn: 'Finalize your account',
  },
] as const satisfies readonly { number: number; group: ProgressGroup; labelKey: string; labelEn: string }[];
export type TrackerStep = (typeof TRACKER_STEPS)[number];

/** Lower-cases a pathname and drops its query, hash and trailing slash. */
function normalizePath(pathname: string): string {
  const bare = pathname.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed.toLowerCase();
}

/**
 * Finds the step of a flow whose path matches a pathname, ignoring case, query, hash and a trailing slash.
 * @param flow the flow to search
 * @param pathname e.g. '/single/legalTerms'
 * @returns the step, or undefined when the path is not one of the flow's
 */
export function matchStep(flow: Flow, pathname: string): FlowStep | undefined {
  const path = normalizePath(pathname);
  return flow.steps.find((s) => s.path.toLowerCase() === path);
}

/**
 * Finds the flow and step of a pathname in either flow (case-insensitive).
 * @param pathname e.g. '/joint/sin'
 */
export function findStepByPath(pathname: string): { flow: Flow; step: FlowStep } | undefined {
  for (const flow of [SINGLE_FLOW, JOINT_FLOW]) {
    const step = matchStep(flow, pathname);
    if (step) return { flow, step };
  }
  return undefined;
}

/**
 * Returns a step of a flow by id.
 * @throws Error when the flow has no such step
 */
export function getStep(flow: Flow, stepId: StepId): FlowStep {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) throw new Error(`The ${flow.kind} flow has no step '${stepId}'`);
  return step;
}

/**
 * Returns the canonical path of a step of a flow.
 * @throws Error when the flow has no such step
 */
export function pathOf(flow: Flow, stepId: StepId): string {
  return getStep(flow, stepId).path;
}

/**
 * Progress group of a pathname (spec 000 §2 Layout), case-insensitive, or null outside the groups.
 * @param pathname e.g. '/single/verificationCode' → 'profile'
 */
export function progressGroupOf(pathname: string): ProgressGroup | null {
  return findStepByPath(pathname)?.step.group ?? null;
}

/**
 * Tracker step number 1..4 of a pathname (the mobile 'STEP 0n/04' banner), or null outside the tracker.
 * @param pathname e.g. '/single/sin' → 3
 */
export function stepNumberOf(pathname: string): 1 | 2 | 3 | 4 | null {
  const group = progressGroupOf(pathname);
  return TRACKER_STEPS.find((t) => t.group === group)?.number ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Branch rules
// ---------------------------------------------------------------------------------------------------------

/** Identity-check statuses omo's server reports; any other non-empty status means a step-up (ID terms). */
export const IDENTITY_STATUS = {
  /** Passed on data alone (the credit-bureau "TU" path). */
  passed: 'TU',
  /** Declined; the applicant still goes to legal terms and the save answers with the outcome. */
  denied: 'denied',
  /** Document verification needed (ID verification terms next). */
  stepUp: 'pending_step_up',
} as const;

/** What `nextRoute` needs to know about the application. */
export interface NextRouteContext {
  /** At least one selected product is interest bearing (→ SIN step). */
  isInterestBearing: boolean;
  /** Result status of the identity check; null/'' when the check returned nothing (→ /error). */
  identityStatus?: string | null;
  /** The identity check is skipped (page setting): go straight to legal terms. */
  identitySkipped?: boolean;
  /** Save response, read after reviewterms. */
  saveResponse?: SaveResponseLike | null;
}

/**
 * Where the identity-check result sends the applicant (spec 000 §2 finalizeaccount, spec 001 §4.4):
 * skipped → legal terms; empty result → /error; single: TU or denied → legal terms, else ID terms;
 * joint: a pass (TU) → legal terms, else ID terms.
 * @param flow the flow
 * @param ctx the identity fields of the context
 */
export function identityRoute(
  flow: Flow,
  ctx: Pick<NextRouteContext, 'identityStatus' | 'identitySkipped'>,
): string {
  if (ctx.identitySkipped === true) return pathOf(flow, 'legalterms');
  const status = ctx.identityStatus?.trim() ?? '';
  if (status === '') return errorRoute();
  const toLegalTerms =
    flow.kind === 'single'
      ? status === IDENTITY_STATUS.passed || status === IDENTITY_STATUS.denied
      : status === IDENTITY_STATUS.passed;
  return pathOf(flow, toLegalTerms ? 'legalterms' : 'idverifyterms');
}

/**
 * Tells whether the identity status sends the applicant to the ID verification terms (a step-up).
 * @param flow the flow (single and joint read the status differently, see `identityRoute`)
 * @param identityStatus the identity-check status
 */
export function needsIdentityStepUp(flow: Flow, identityStatus: string | null | undefined): boolean {
  return identityRoute(flow, { identityStatus }) === pathOf(flow, 'idverifyterms');
}

/**
 * The route after a step (design.md §2): single path of spec 000 §4 and joint path of spec 001 §2.7/§4.4.
 * - single: confirmproducts → sin if interest bearing, else finalizeaccount; sin → finalizeaccount;
 *   finalizeaccount → identity branch (`identityRoute`)
 * - joint: address → sin if interest bearing, else the identity branch; sin and finalizeaccount → the
 *   identity branch
 * - both: idverifyterms → legalterms → reviewapplication → reviewterms → save routing of the flow
 * @param flow SINGLE_FLOW or JOINT_FLOW
 * @param stepId the step being left
 * @param ctx application facts the branches read
 * @returns the next path, or null for outcome pages (no next step)
 */
export function nextRoute(flow: Flow, stepId: StepId, ctx: NextRouteContext): string | null {
  const to = (id: StepId): string => pathOf(flow, id);
  switch (stepId) {
    case 'getstarted':
      return to('createprofile');
    case 'createprofile':
      return to('personalinfo');
    case 'personalinfo':
      return to('phoneverification');
    case 'phoneverification':
      return to('verificationCode');
    case 'verificationCode':
      return to('address');
    case 'address':
      if (flow.kind === 'single') return to('confirmproducts');
      return ctx.isInterestBearing ? to('sin') : identityRoute(flow, ctx);
    case 'confirmproducts':
      return ctx.isInterestBearing ? to('sin') : to('finalizeaccount');
    case 'sin':
      return flow.kind === 'single' ? to('finalizeaccount') : identityRoute(flow, ctx);
    case 'finalizeaccount':
      return identityRoute(flow, ctx);
    case 'idverifyterms':
      return to('legalterms');
    case 'legalterms':
      return to('reviewapplication');
    case 'reviewapplication':
      return to('reviewterms');
    case 'reviewterms':
      return flow.kind === 'single'
        ? routeSingleSaveResponse(ctx.saveResponse)
        : routeJointSaveResponse(ctx.saveResponse);
    default:
      return null;
  }
}

/** Facts that make conditional steps mandatory in `canVisit`. */
export interface CanVisitContext {
  isInterestBearing?: boolean;
  /** Identity status, when known: a step-up makes the ID terms mandatory. */
  identityStatus?: string | null;
  identitySkipped?: boolean;
}

/**
 * Tells whether a step is mandatory for this application: unconditionally mandatory steps, SIN when interest
 * bearing, ID terms when the identity status asks for a step-up.
 * @param flow the flow
 * @param step a step of the flow
 * @param ctx application facts; without them conditional steps are not required
 */
export function isStepRequired(flow: Flow, step: FlowStep, ctx: CanVisitContext = {}): boolean {
  if (step.mandatory) return true;
  if (step.condition === 'interestBearing') return ctx.isInterestBearing === true;
  if (step.condition === 'identityStepUp') {
    return (
      ctx.identitySkipped !== true && !!ctx.identityStatus && needsIdentityStepUp(flow, ctx.identityStatus)
    );
  }
  return false;
}

/**
 * Tells whether a step can be visited: only when every earlier required step is complete (the server uses it
 * to refuse out-of-order submissions).
 * @param flow the flow
 * @param stepId the step to visit
 * @param completedStepIds the steps already complete
 * @param ctx application facts for the conditional steps (SIN, ID terms)
 * @returns false for a step the flow does not have
 */
export function canVisit(
  flow: Flow,
  stepId: StepId,
  completedStepIds: Iterable<StepId>,
  ctx: CanVisitContext = {},
): boolean {
  const index = flow.steps.findIndex((s) => s.id === stepId);
  if (index < 0) return false;
  const done = new Set(completedStepIds);
  return flow.steps.slice(0, index).every((s) => !isStepRequired(flow, s, ctx) || done.has(s.id));
}

/** Error routes used by the flows (spec 001 §2.11): re-exported for pages that only import flows. */
export const FLOW_ERROR_ROUTES = {
  generic: errorRoute(ERROR_IDS.generic),
  blockList: errorRoute(ERROR_IDS.blockList),
  loadFailure: errorRoute(ERROR_IDS.loadFailure),
  age: errorRoute(ERROR_IDS.age),
  jointExpired: errorRoute(ERROR_IDS.jointExpired),
  custom: errorRoute(ERROR_IDS.custom),
  bare: errorRoute(),
} as const;
