// A production-mode instance as an attacker finds it: the client address is the TCP peer unless the request
// came through a configured proxy, and the operator calls (ClearCache, the OpenAPI document) are absent to
// anyone without the operator's token.
import { describe, expect, it } from 'vitest';
import { expectToContainEach } from './testing/expect-text.ts';
import { spawnServer } from './testing/server-process.ts';
import { buildTestApp, PRODUCTION_TEST_ENV, TEST_DATABASES, type TestApp } from './testing/test-app.ts';

const PRODUCTION = { ...PRODUCTION_TEST_ENV, RATE_LIMIT_PER_MINUTE: '20' };
const OPERATOR_TOKEN = 'operator-secret-'.padEnd(48, 'z');
const pglite = TEST_DATABASES[0]!;

/** Statuses of `count` GETs of one API call, each with its own request options. */
async function statuses(
  t: TestApp,
  count: number,
  request: (i: number) => { remoteAddress?: string; headers?: Record<string, string> },
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push((await t.app.inject({ url: '/api/omo/GetApiConfig', ...request(i) })).statusCode);
  }
  return out;
}

const allowedThenRefused = (allowed: number, refused: number) => [
  ...Array<number>(allowed).fill(200),
  ...Array<number>(refused).fill(429),
];

describe('client address in production', () => {
  it('behind no proxy (TRUST_PROXY=false), refuses a rotating X-Forwarded-For at the rate limit and logs the real peer', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(pglite, {
      env: { ...PRODUCTION, LOG_LEVEL: 'info' },
      logLines: lines,
    });
    try {
      const got = await statuses(t, 30, (i) => ({
        remoteAddress: '198.51.100.23',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      }));
      expect(got).toEqual(allowedThenRefused(20, 10));
      const logged = lines.join('');
      expect(logged).toContain('"remoteAddress":"198.51.100.23"');
      expect(logged).not.toContain('203.0.113.');
    } finally {
      await t.close();
    }
  });

  it('behind one trusted proxy (TRUST_PROXY=1), counts each client the proxy names, however it was forged before', async () => {
    const t = await buildTestApp(pglite, { env: { ...PRODUCTION, TRUST_PROXY: '1' } });
    try {
      // Thirty clients through the load balancer: thirty counts.
      const clients = await statuses(t, 30, (i) => ({
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      }));
      expect(clients.every((s) => s === 200)).toBe(true);
      // One client that rotates the header it sends: the proxy appends the address it saw, which is counted.
      const rotating = await statuses(t, 25, (i) => ({
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.77` },
      }));
      expect(rotating).toEqual(allowedThenRefused(20, 5));
    } finally {
      await t.close();
    }
  });

  it('trusts X-Forwarded-For only from the configured ranges (TRUST_PROXY=10.0.0.0/8)', async () => {
    const t = await buildTestApp(pglite, { env: { ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const viaProxy = await statuses(t, 25, (i) => ({
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      }));
      expect(viaProxy.every((s) => s === 200)).toBe(true);
      const direct = await statuses(t, 25, (i) => ({
        remoteAddress: '198.51.100.99',
        headers: { 'x-forwarded-for': `10.0.0.${i + 1}` },
      }));
      expect(direct).toEqual(allowedThenRefused(20, 5));
    } finally {
      await t.close();
    }
  });
});

describe('operator calls in production', () => {
  const clearCache = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/omo/ClearCache', headers });
  const docs = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/docs/json', headers });

  it('without OPERATOR_TOKEN, ClearCache and the OpenAPI document are absent (404)', async () => {
    const t = await buildTestApp(pglite, { env: PRODUCTION });
    try {
      for (const res of [
        await t.app.inject('/api/omo/ClearCache'),
        await clearCache(t),
        await clearCache(t, { authorization: 'Bearer ' }),
        await clearCache(t, { authorization: `Bearer ${OPERATOR_TOKEN}` }),
        await docs(t),
        await docs(t, { authorization: `Bearer ${OPERATOR_TOKEN}` }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    } finally {
      await t.close();
    }
  });

  it('with OPERATOR_TOKEN, they answer the operator only, and ClearCache is a POST', async () => {
    const t = await buildTestApp(pglite, { env: { ...PRODUCTION, OPERATOR_TOKEN } });
    try {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer wrong' },
        { authorization: OPERATOR_TOKEN },
        { authorization: `Bearer ${OPERATOR_TOKEN}x` },
        { authorization: `Basic ${OPERATOR_TOKEN}` },
      ]) {
        expect((await clearCache(t, headers)).statusCode, JSON.stringify(headers)).toBe(404);
        expect((await docs(t, headers)).statusCode, JSON.stringify(headers)).toBe(404);
      }
      const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
      expect((await clearCache(t, operator)).statusCode).toBe(204);
      expect((await t.app.inject({ url: '/api/omo/ClearCache', headers: operator })).statusCode).toBe(404);
      const doc = await docs(t, operator);
      expect(doc.statusCode).toBe(200);
      expect(
        doc.json<{ paths: Record<string, { post?: unknown }> }>().paths['/api/omo/ClearCache']?.post,
      ).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

/** Starts the server as `npm start` does (from source) and waits for it to exit; its status and output. */
async function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // Only what is given here: the machine's own DATABASE_URL, SMTP_URL or PUBLIC_URL must not count.
  const child = spawnServer(
    { PATH: process.env.PATH ?? '', PORT: '0', DATABASE_URL: 'memory://', ...env },
    { envOnly: true },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('a production start', () => {
  it('without PUBLIC_URL, SMTP_URL and a stated TRUST_PROXY, on sandbox partners, exits 1 naming each, before listening', async () => {
    const { code, output } = await startServer({
      APP_ENV: 'production',
      SIN_ENCRYPTION_KEY: 'cd'.repeat(32),
    });
    expect(code).toBe(1);
    expect(output).toContain('APP_ENV=production: refusing to start.');
    expectToContainEach(output, [
      'phone verification (PHONE_VERIFICATION_PROVIDER)',
      'core banking (CORE_BANKING_PROVIDER)',
      'PUBLIC_URL is unset',
      'SMTP_URL is unset',
      'TRUST_PROXY is unset',
    ]);
    expect(output).not.toContain('omo server started');
  }, 60_000);
});
