// Cross-site requests: every state-changing call of the OpenAPI document refuses a foreign Origin or a
// cross-site Sec-Fetch-Site with 403, and every call that reads a body takes JSON only (415 otherwise).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant } from '../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';
import { ownOrigins } from '../lib/origins.ts';

const OWN = 'https://apply.omo.example';

describe('cross-site requests', () => {
  let t: TestApp;
  let unsafe: { method: 'POST' | 'PUT'; url: string }[];
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, {
      // The routes' own tight limits (HandOff/Renew's 3 a minute) would answer 429 before the content type.
      env: { PUBLIC_URL: OWN, RATE_LIMIT_ROUTE_FACTOR: '100' },
      rateLimitMax: 100_000,
    });
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, object> }>();
    unsafe = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods)
        .filter((m) => m === 'post' || m === 'put')
        .map((m) => ({ method: m.toUpperCase() as 'POST' | 'PUT', url })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every state-changing call sent from another site', async () => {
    expect(unsafe.length).toBeGreaterThanOrEqual(10);
    for (const { method, url } of unsafe) {
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'https://apply.omo.example.evil.example' },
        { origin: 'http://apply.omo.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: OWN, 'sec-fetch-site': 'cross-site' },
      ]) {
        const res = await t.app.inject({ method, url, headers, payload: {} });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 403, detail: 'Cross-site request refused.' });
      }
    }
  });

  it("lets the site's own pages, and callers that are no browser, through", async () => {
    for (const headers of [
      { origin: OWN, 'sec-fetch-site': 'same-origin' } as Record<string, string>,
      { origin: OWN },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ]) {
      const applicant = new TestApplicant(t.app);
      const res = await applicant.call('POST', '/api/omo/InitializeApplication', applicant.initializeBody(), {
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('lets a foreign page read (GET), as reading changes nothing and CORS keeps the answer from it', async () => {
    const res = await t.app.inject({
      url: '/api/omo/OnlineAccountList',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers every call that reads a body with 415 unless the body is JSON', async () => {
    const applicant = await new TestApplicant(t.app).progress('personalInfo');
    for (const { method, url } of unsafe) {
      for (const [type, payload] of [
        ['text/plain', '{"channel":"sms"}'],
        ['text/plain;charset=UTF-8', '{}'],
        ['application/x-www-form-urlencoded', 'channel=sms'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        ],
      ] as const) {
        const res = await applicant.call(method, url, payload, { headers: { 'content-type': type } });
        expect(res.statusCode, `${method} ${url} as ${type}`).toBe(415);
      }
    }
    // Continue, which needs no body, still takes none (and JSON).
    const plain = await applicant.call('POST', '/api/omo/PhoneVerification/Continue', 'x', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    const empty = await applicant.call('POST', '/api/omo/PhoneVerification/Continue');
    expect(empty.statusCode).toBe(409); // not verified yet: the call itself went through
  });
});

describe('ownOrigins', () => {
  it('is the public address, and its loopback aliases when it is on this machine', () => {
    expect([...ownOrigins('https://apply.omo.example')]).toEqual(['https://apply.omo.example']);
    expect([...ownOrigins('http://localhost:3291')].sort()).toEqual([
      'http://127.0.0.1:3291',
      'http://[::1]:3291',
      'http://localhost:3291',
    ]);
  });
});
