/**
 * Test support of the profile, personal-info, confirm-products and SIN screens: a fetch stub that records
 * method, path and body, answers GetApiConfig with the test config (plus overrides) and sends everything
 * else to a handler; and a helper putting products in the application slice.
 */
import { vi } from 'vitest';
import { API_PATHS, type ProductOffering } from '@omo/domain';
import { setSlice } from '../lib/session-state.ts';
import { TEST_CONFIG } from './fixtures.ts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  /** The query string ('' when none, else from '?'). */
  query?: string;
}

export type Answer = { status?: number; body?: unknown } | undefined;

export function stubApi(
  handler: (call: RecordedCall) => Answer,
  config: Record<string, unknown> = {},
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body ?? null), {
          status,
          headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
        });
      if (url.pathname === API_PATHS.getApiConfig) return json(200, { ...TEST_CONFIG, ...config });
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        query: url.search,
      };
      calls.push(call);
      const answer = handler(call);
      if (!answer) return json(404, { title: 'Not Found', status: 404 });
      return json(answer.status ?? 200, answer.body);
    }),
  );
  return calls;
}

export const UNAUTHORIZED = {
  status: 401,
  body: { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'No application in progress.' },
};

/** Puts products in the application slice as the landing page does. */
export function holdProducts(
  products: ProductOffering[],
  extra: { sweepEnabled?: boolean; promoCode?: string; forceTuTest?: boolean } = {},
): void {
  setSlice('application', {
    selectedProducts: products,
    sweepEnabled: extra.sweepEnabled ?? false,
    promoCode: extra.promoCode ?? '',
    ...(extra.forceTuTest ? { forceTuTest: true } : {}),
  });
}

/** Every value held in sessionStorage, joined (to assert that a secret is not there). */
export function allSessionStorage(): string {
  let out = '';
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (key !== null) out += `${key}=${sessionStorage.getItem(key) ?? ''}\n`;
  }
  return out;
}
