import { vi } from 'vitest';

export type MockRoute = { status?: number; body?: unknown; headers?: Record<string, string> } | (() => never);

/**
 * Stubs global fetch with a table keyed by "pathname" or "pathname?query" (exact query first).
 * Unknown paths answer 404. Returns the mock to inspect calls.
 */
export function mockFetch(routes: Record<string, MockRoute>) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname + url.search] ?? routes[url.pathname];
    if (typeof route === 'function') return route();
    if (!route)
      return new Response('{"title":"Not Found"}', {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const status = route.status ?? 200;
    const body = status === 204 ? null : JSON.stringify(route.body ?? null);
    return new Response(body, { status, headers: { 'content-type': 'application/json', ...route.headers } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
