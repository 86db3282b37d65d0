import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@omo/domain';
import { ApiError, apiRequest, findProducts } from './api.ts';
import { mockFetch } from '../test/mock-fetch.ts';

describe('apiRequest', () => {
  afterEach(() => vi.useRealTimers());

  it('returns parsed JSON on 200 and sends JSON, same-origin credentials', async () => {
    const fetchMock = mockFetch({ '/api/x': { body: { ok: true } } });
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns null on 204', async () => {
    mockFetch({ [API_PATHS.clearCache]: { status: 204 } });
    await expect(apiRequest(API_PATHS.clearCache, { method: 'POST' })).resolves.toBeNull();
  });

  it("maps 500 to 'Internal Server Error'", async () => {
    mockFetch({ '/api/x': { status: 500, body: { title: 'boom' } } });
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Internal Server Error');
    expect((error as ApiError).status).toBe(500);
  });

  it.each([400, 401, 404, 429, 502, 201])(
    "maps %i to 'An unexpected server error occurred.' with status, body and headers",
    async (status) => {
      mockFetch({ '/api/x': { status, body: { detail: 'nope' }, headers: { 'x-request-id': 'r1' } } });
      const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toBe('An unexpected server error occurred.');
      expect(error.status).toBe(status);
      expect(error.body).toEqual({ detail: 'nope' });
      expect(error.headers['x-request-id']).toBe('r1');
    },
  );

  it('refuses a null required parameter before any request', async () => {
    const fetchMock = mockFetch({});
    await expect(findProducts(null)).rejects.toThrow("The parameter 'prodCodes' cannot be null.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('encodes query parameters', async () => {
    const fetchMock = mockFetch({ [API_PATHS.getProduct]: { body: [] } });
    await findProducts('1001;1002');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/omo/GetProduct?prodCodes=1001%3B1002');
  });

  it('aborts after the 60 s timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = apiRequest('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.status).toBe(0);
  });
});
