import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';

/** Helmet's headers for our options (production adds Strict-Transport-Security). */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, { rateLimitMax: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are the same on every kind of answer: prepared, 304, problem, 429, page', async () => {
    const list = await t.app.inject('/api/omo/OnlineAccountList');
    const answers = [
      list,
      await t.app.inject({
        url: '/api/omo/OnlineAccountList',
        headers: { 'if-none-match': list.headers.etag as string },
      }),
      await t.app.inject('/api/omo/GetProduct'),
      await t.app.inject('/single/getstarted'),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 304, 429, 200]);
    for (const res of answers) {
      expect(res.headers, String(res.statusCode)).toMatchObject(SECURITY_HEADERS);
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self';.*frame-ancestors 'none'/);
      expect(res.headers).not.toHaveProperty('strict-transport-security');
      expect(res.headers).not.toHaveProperty('cross-origin-embedder-policy');
      expect(res.headers).not.toHaveProperty('x-powered-by');
    }
  });
});
