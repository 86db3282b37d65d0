/**
 * Test support of the phone-verification and address screens: draft views and a fetch stub answered by a
 * function (the screens call the same path several times and expect different answers).
 */
import { vi } from 'vitest';
import {
  API_PATHS,
  EXAMPLE_PHONE_CODE_SENT,
  EXAMPLE_VIEW_LATER_STEPS_UNANSWERED,
  SINGLE_FLOW,
  type ApplicationPhoneView,
  type StepId,
} from '@omo/domain';
import type { ApplicationView } from '../lib/application-api.ts';
import { TEST_CONFIG } from './fixtures.ts';

/**
 * The server's progress for a view: the steps of the single flow, complete up to `nextStepId`, each
 * visitable up to it (or all of them with `canVisitAll`).
 */
export function makeProgress(
  nextStepId: StepId | null,
  options: { canVisitAll?: boolean } = {},
): ApplicationView['progress'] {
  const steps = SINGLE_FLOW.steps.filter((s) => s.kind !== 'outcome');
  const nextIndex = nextStepId === null ? steps.length : steps.findIndex((s) => s.id === nextStepId);
  return {
    steps: steps.map((s, i) => ({
      id: s.id,
      path: s.path,
      required: s.requirement !== 'never',
      complete: i < nextIndex,
      canVisit: options.canVisitAll === true || i <= nextIndex,
    })),
    nextStepId,
    isComplete: nextStepId === null,
    groups: { profile: false, address: false, confirmProduct: false, finalizeAccount: false },
  };
}

export function makePhone(overrides: Partial<ApplicationPhoneView> = {}): ApplicationPhoneView {
  return {
    number: '6135550100',
    type: 'mobile',
    verified: false,
    ...EXAMPLE_PHONE_CODE_SENT,
    lastFour: '0100',
    ...overrides,
  };
}

export function makeView(overrides: Partial<ApplicationView> = {}): ApplicationView {
  return {
    appRefNo: 'OMOABCDEFGHP',
    flow: 'single',
    email: 'alex@example.com',
    promoCode: '',
    referralCode: '',
    consent: false,
    productIds: ['1001'],
    sweepEnabled: false,
    personalInfo: null,
    phone: makePhone(),
    address: null,
    products: null,
    sin: { provided: false, skipped: false, masked: null },
    ...EXAMPLE_VIEW_LATER_STEPS_UNANSWERED,
    progress: makeProgress('phoneverification', { canVisitAll: true }),
    nextPath: '/single/phoneverification',
    ...overrides,
  };
}

export interface FetchCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type FetchAnswer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * Stubs fetch: GetApiConfig answers the test config; every other request goes to `handler` (undefined →
 * 404). Returns the list of calls (GetApiConfig excluded).
 */
export function routeFetch(
  handler: (
    call: FetchCall,
  ) => FetchAnswer | undefined | Promise<{ status?: number; body?: unknown } | undefined>,
): FetchCall[] {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(status === 204 ? null : JSON.stringify(body ?? null), {
        status,
        headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
      });
    if (url.pathname === API_PATHS.getApiConfig) return json(200, TEST_CONFIG);
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    const answer = await handler(call);
    if (!answer) return json(404, { title: 'Not Found', status: 404 });
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/** The API of a flow page (the review) for the layout's and the funnel's tests. */
export const REVIEW_API = {
  [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
  '/api/omo/Application': {
    body: makeView({
      productIds: [],
      progress: makeProgress('reviewapplication'),
      nextPath: '/single/reviewapplication',
    }),
  },
};
