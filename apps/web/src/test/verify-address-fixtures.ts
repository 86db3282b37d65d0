/**
 * Test support of the phone-verification and address screens: draft views and a fetch stub answered by a
 * function (the screens call the same path several times and expect different answers).
 */
import { vi } from 'vitest';
import { API_PATHS } from '@omo/domain';
import type { ApplicationView, PhoneView } from '../lib/application-api.ts';
import { TEST_CONFIG } from './fixtures.ts';

export function makePhone(overrides: Partial<PhoneView> = {}): PhoneView {
  return {
    number: '6135550100',
    type: 'mobile',
    verified: false,
    status: 'pending',
    channel: 'sms',
    sendFailCounter: 0,
    resendCounter: 0,
    invalidCounter: 0,
    canResend: true,
    canContinue: false,
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
    skipAlloy: true,
    personalInfo: null,
    phone: makePhone(),
    address: null,
    products: null,
    sin: { provided: false, masked: null },
    completedSteps: ['createprofile', 'personalinfo'],
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
export function routeFetch(handler: (call: FetchCall) => FetchAnswer | undefined): FetchCall[] {
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
