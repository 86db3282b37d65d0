import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FIXTURE_WEB_DIST, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';

const pglite = TEST_DATABASES[0]!;

describe('web app serving (non-production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(pglite);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    '/',
    '/single/getstarted',
    '/single/verificationCode?x=1',
    '/error/3',
    '/productlist',
    '/Diagnostics',
    '/dev/outbox',
  ])('GET %s falls back to index.html, not cached', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('omo test app');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip copy the build wrote when the browser accepts it, else the file', async () => {
    const plain = readFileSync(path.join(FIXTURE_WEB_DIST, 'assets/app-abc123.js'), 'utf8');
    const br = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);

    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain);

    const none = await t.app.inject('/assets/app-abc123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
    expect(none.headers.vary).toMatch(/accept-encoding/i);
  });

  it('serves other files revalidated', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the app', async () => {
    for (const url of [
      '/assets/missing-123.js',
      '/favicon.ico',
      '/../../package.json',
      '/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('does not fall back for other methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/single/getstarted' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

const OPERATOR = 'operator-token-'.padEnd(40, 'x');

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(pglite, {
      env: {
        APP_ENV: 'production',
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        SIN_ENCRYPTION_KEY: 'ab'.repeat(32),
        OPERATOR_TOKEN: OPERATOR,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/dev/productlist', '/api/dev/outbox'])('hides the dev API %s', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it.each(['/productlist', '/Diagnostics', '/diagnostics', '/dev/outbox', '/dev'])(
    'answers the non-production page %s with 404 (the app shows not-found)',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('omo test app');
    },
  );

  it('still serves the ordinary pages', async () => {
    expect((await t.app.inject('/single/getstarted')).statusCode).toBe(200);
    expect((await t.app.inject('/productlistx')).statusCode).toBe(200);
  });

  it('reports production in the API configuration and hides the dev routes from OpenAPI', async () => {
    const config = (await t.app.inject('/api/omo/GetApiConfig')).json<{
      isProduction: boolean;
      forceIdResult: unknown;
    }>();
    expect(config.isProduction).toBe(true);
    expect(config.forceIdResult).toBeNull();
    const doc = (
      await t.app.inject({ url: '/api/docs/json', headers: { authorization: `Bearer ${OPERATOR}` } })
    ).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/dev'))).toBe(false);
  });

  it('sends Strict-Transport-Security', async () => {
    const res = await t.app.inject('/api/heartbeat');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'omo-no-web-'));
    t = await buildTestApp(pglite, { env: { WEB_DIST: empty } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers pages with a 503 note on how to build, and the API still works', async () => {
    const page = await t.app.inject('/single/getstarted');
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('npm run build');
    expect((await t.app.inject('/api/heartbeat')).statusCode).toBe(200);
    expect((await t.app.inject('/api/unknown')).statusCode).toBe(404);
  });
});
