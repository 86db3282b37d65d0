/**
 * The single and joint flows as data: ordered steps with their paths, progress groups, title keys and the
 * condition under which each is required. What is complete and what comes next are derived from the saved
 * answers (progress.ts); pages ask the server for the next path and never spell another page's path. The
 * step tracker and the progress marks read the same definition.
 *
 * Paths: the legal-terms route is lower case '/single/legalterms' (the spec spells it both ways) and every
 * lookup by path is case-insensitive; 'verificationCode' keeps its camel case.
 *
 * The identity check is a step without a screen of its own ('check'). It needs the applicant's consent, a
 * step of its own just before it (decision 0097): the server refuses the check until it is given. The
 * primary applicant's runs when the account-usage screen opens (its host), while the applicant answers; the
 * co-applicant's runs as part of the save that makes it due (the consent's, or a later change's). The co-applicant's account-usage screen is off the path:
 * the primary answers for the accounts.
 */
import { ERROR_IDS, errorRoute } from '../rules/error-routes.ts';

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
  | 'funding'
  | 'sin'
  | 'identityconsent'
  | 'identitycheck'
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

/**
 * When a step is part of the applicant's path: always, never (the applicant may pass through it), when a
 * product is interest bearing (SIN), when a product offers a choice (the term of a term deposit: 'Confirm
 * your application', decision 0101), when the identity result asks for documents (ID verification terms).
 */
export type StepRequirement = 'always' | 'never' | 'interestBearing' | 'productChoice' | 'documentStep';

/** 'step' screens collect answers; a 'check' runs on the server; 'outcome' pages follow the decision. */
export type StepKind = 'step' | 'check' | 'outcome';

export interface FlowStep {
  id: StepId;
  /** Canonical path, e.g. '/single/createprofile'; a check has none. */
  path: string | null;
  group: ProgressGroup | null;
  /** i18n key of the page title. */
  titleKey: string;
  /** The spec's English title, where the spec gives one. */
  titleEn?: string;
  kind: StepKind;
  requirement: StepRequirement;
  /**
   * A check only: the screen that runs it when it opens (it may be visited before the check is done).
   * Without a host, the check runs as part of the save that makes it due.
   */
  host?: StepId;
  /**
   * A Back link may land on this step: every screen ('step') except those listed in the flow as not (see
   * `backPathOf` below).
   */
  isBackTarget: boolean;
  /** Its screen shows or checks the application's products (their limits, terms, registered plans). */
  showsProducts: boolean;
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
  funding: 'How would you like to fund your account?',
  sin: "What's your Social Insurance Number?",
  identityconsent: 'Can we check your identity with a credit bureau?',
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
  funding: 'confirmProduct',
  sin: 'confirmProduct',
  identityconsent: 'finalizeAccount',
  finalizeaccount: 'finalizeAccount',
  legalterms: 'finalizeAccount',
  reviewapplication: 'finalizeAccount',
  reviewterms: 'finalizeAccount',
  processingapplication: 'finalizeAccount',
  savingsaccountoffer: 'finalizeAccount',
};

/**
 * What a step spec may add: the screen hosting a check; `isBackTarget: false` for a screen Back skips;
 * `showsProducts` for a screen that needs the products (its loader reads them).
 */
interface StepOptions {
  host?: StepId;
  isBackTarget?: false;
  showsProducts?: true;
}

type StepSpec = [id: StepId, kind: StepKind, requirement: StepRequirement, options?: StepOptions];

function buildFlow(kind: FlowKind, specs: readonly StepSpec[]): Flow {
  return {
    kind,
    steps: specs.map(([id, stepKind, requirement, { host, isBackTarget, showsProducts } = {}]) => {
      const step: FlowStep = {
        id,
        path: stepKind === 'check' ? null : `/${kind}/${id}`,
        group: GROUP_OF[id.toLowerCase()] ?? null,
        titleKey: `steps.${id}.title`,
        kind: stepKind,
        requirement,
        isBackTarget: stepKind === 'step' && isBackTarget !== false,
        showsProducts: showsProducts === true,
      };
      const titleEn = TITLES_EN[id];
      if (titleEn !== undefined) step.titleEn = titleEn;
      if (host !== undefined) step.host = host;
      return step;
    }),
  };
}

/**
 * The send screen gives way to the code screen once a code was asked for (its loader goes there), so Back
 * from the code screen skips it and goes to the step before.
 */
const CODE_SCREEN_FOLLOWS: StepOptions = { isBackTarget: false };
const PRODUCTS: StepOptions = { showsProducts: true };

/** The steps both flows start with: the profile, the applicant, the phone and the address. */
const PROFILE_TO_ADDRESS: readonly StepSpec[] = [
  ['getstarted', 'step', 'never'],
  ['createprofile', 'step', 'always'],
  ['personalinfo', 'step', 'always', PRODUCTS],
  ['phoneverification', 'step', 'always', CODE_SCREEN_FOLLOWS],
  ['verificationCode', 'step', 'always'],
  ['address', 'step', 'always'],
];

/** The steps both flows end their questions with, then the new member's welcome. */
const TERMS_REVIEW_AND_WELCOME: readonly StepSpec[] = [
  ['idverifyterms', 'step', 'documentStep'],
  ['legalterms', 'step', 'always', PRODUCTS],
  ['reviewapplication', 'step', 'always', PRODUCTS],
  ['reviewterms', 'step', 'always', PRODUCTS],
  ['confirmapplication', 'outcome', 'never'],
];

/**
 * Single flow (the primary applicant): getstarted → createprofile → personalinfo → phoneverification →
 * verificationCode → address → (confirmproducts when a product offers a choice) → funding → (sin when interest bearing) → consent to the identity
 * check → identity check (run by the account-usage screen) → finalizeaccount → (idverifyterms when documents are asked) → legalterms →
 * reviewapplication → reviewterms → outcome.
 */
export const SINGLE_FLOW: Flow = buildFlow('single', [
  ...PROFILE_TO_ADDRESS,
  ['confirmproducts', 'step', 'productChoice', PRODUCTS],
  ['funding', 'step', 'always', PRODUCTS],
  ['sin', 'step', 'interestBearing', PRODUCTS],
  ['identityconsent', 'step', 'always'],
  ['identitycheck', 'check', 'always', { host: 'finalizeaccount' }],
  ['finalizeaccount', 'step', 'always', PRODUCTS],
  ...TERMS_REVIEW_AND_WELCOME,
  ['confirmcoapplicantapplication', 'outcome', 'never'],
  ['verifyidentification', 'outcome', 'never'],
  ['applicationdecline', 'outcome', 'never'],
  ['processingapplication', 'outcome', 'never'],
  ['savingsaccountoffer', 'outcome', 'never'],
]);

/**
 * Joint flow (the co-applicant): getstarted?jointCode → createprofile → personalinfo → phoneverification →
 * verificationCode → address → (sin when interest bearing) → consent to the identity check → identity check (run
 * by the consent's save) →
 * (idverifyterms) → legalterms → reviewapplication → reviewterms → outcome. finalizeaccount is off the path.
 */
export const JOINT_FLOW: Flow = buildFlow('joint', [
  ...PROFILE_TO_ADDRESS,
  ['sin', 'step', 'interestBearing', PRODUCTS],
  ['identityconsent', 'step', 'always'],
  ['identitycheck', 'check', 'always'],
  ['finalizeaccount', 'step', 'never', PRODUCTS],
  ...TERMS_REVIEW_AND_WELCOME,
  ['jointcomplete', 'outcome', 'never'],
  ['verifyidentification', 'outcome', 'never'],
  ['processingapplication', 'outcome', 'never'],
  ['savingsaccountoffer', 'outcome', 'never'],
  // Ours: the spec lists no joint decline page; a refused co-applicant sees the same page as the primary.
  ['applicationdecline', 'outcome', 'never'],
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

/** Lower-cases a pathname and drops its query, hash and trailing slash (paths match case-insensitively). */
export function normalizePath(pathname: string): string {
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
  return flow.steps.find((s) => s.path?.toLowerCase() === path);
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
 * Returns the canonical path of a screen of a flow.
 * @throws Error when the flow has no such step, or the step is a check (no screen)
 */
export function pathOf(flow: Flow, stepId: StepId): string {
  const { path } = getStep(flow, stepId);
  if (path === null) throw new Error(`The ${flow.kind} flow's '${stepId}' has no screen`);
  return path;
}

/**
 * Progress group of a pathname (spec 000 §2 Layout), case-insensitive, or null outside the groups.
 * @param pathname e.g. '/single/verificationCode' → 'profile'
 */
export function progressGroupOf(pathname: string): ProgressGroup | null {
  return findStepByPath(pathname)?.step.group ?? null;
}

/**
 * The tracker's steps for an applicant, numbered from 1: the groups in which their flow asks them
 * something (the co-applicant confirms no products: three steps, not 1, 2 and 4). With the server's
 * progress, the groups of the steps it requires; before it (no profile yet), those every applicant of the
 * flow is asked.
 * @param requiredStepIds the progress view's required steps, when known
 */
export function trackerStepsFor(
  flow: Flow,
  requiredStepIds?: readonly string[],
): { number: number; group: ProgressGroup; labelKey: string }[] {
  const groups = new Set(
    flow.steps
      .filter((s) => s.kind === 'step' && (requiredStepIds?.includes(s.id) ?? s.requirement === 'always'))
      .map((s) => s.group),
  );
  return TRACKER_STEPS.filter((t) => groups.has(t.group)).map((t, i) => ({
    number: i + 1,
    group: t.group,
    labelKey: t.labelKey,
  }));
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

/** What the Back link needs to know of each step of the applicant's progress (the view's steps). */
export interface BackStepFacts {
  id: string;
  /** On the applicant's path. */
  required: boolean;
  /** Every earlier required step is complete. */
  canVisit: boolean;
}

/**
 * Where a screen's Back link goes: the nearest earlier screen of the flow that Back may land on (see
 * `isBackTarget`) and that is on the applicant's path and may be visited, or the flow's first screen (its
 * entry). The answers stay on the server, so that screen shows them again. Back to the entry keeps the
 * query of the screen's address: the co-applicant's invitation code (jointCode) opens the joint entry.
 * @param steps the applicant's progress, or null before there is an application (only the entry is known)
 * @param query the current address's query ('?jointCode=…' or ''), kept on the way back to the entry
 * @returns the path, or null when there is none (the entry itself, a check, an outcome page)
 */
export function backPathOf(
  flow: Flow,
  stepId: StepId,
  steps: readonly BackStepFacts[] | null,
  query = '',
): string | null {
  const index = flow.steps.findIndex((s) => s.id === stepId);
  if (flow.steps[index]?.kind !== 'step') return null;
  for (let i = index - 1; i >= 0; i -= 1) {
    const step = flow.steps[i]!;
    if (!step.isBackTarget || step.path === null) continue;
    if (i === 0) return step.path + query;
    const state = steps?.find((s) => s.id === step.id);
    if (state?.required && state.canVisit) return step.path;
  }
  return null;
}
