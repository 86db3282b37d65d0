import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCTION_TEST_ENV,
  buildTestApp,
  FIXTURE_WEB_DIST,
  TEST_DATABASES,
  type TestApp,
} from '../testing/test-app.ts';
import { escapeHtml } from '@omo/domain';
import { fillPage, slotValues } from './spa.ts';

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
    '/single/verificationCode?x=1',
    '/joint/getstarted?jointCode=abc',
    '/?productIds=9999',
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

  it.each([
    ['/', 'landing'],
    ['/?productIds=2001&prm=SPRING', 'landing'],
    ['/?session=ended', 'landingSessionEnded'],
    ['/single/getstarted', 'getStarted'],
    ['/single/getstarted?productIds=2001&forcetutest=true', 'getStarted'],
    ['/Single/GetStarted/', 'getStarted'],
  ])('GET %s sends the prerendered %s page, in English without a language cookie', async (url, page) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain(`<title>prerendered ${page} en | omo Credit Union</title>`);
    expect(res.body).not.toContain('__OMO_');
  });

  it.each([
    ['omo.lang=fr', 'fr'],
    ['other=1; omo.lang=fr', 'fr'],
    ['omo.lang=en', 'en'],
    ['omo.lang=de', 'en'],
  ])('chooses the language by the cookie %s', async (cookie, lang) => {
    for (const [url, page] of [
      ['/', 'landing'],
      ['/single/getstarted', 'getStarted'],
    ]) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.body, url).toContain(`<title>prerendered ${page} ${lang} |`);
    }
  });

  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', undefined, 'fr'],
    ['fr', undefined, 'fr'],
    ['en-CA,fr;q=0.9', undefined, 'en'],
    ['fr-CA', 'omo.lang=en', 'en'],
    ['en-CA', 'omo.lang=fr', 'fr'],
  ])(
    "a first visit in the browser's language %s (cookie %s): %s, the choice in the app wins",
    async (acceptLanguage, cookie, lang) => {
      const res = await t.app.inject({
        url: '/',
        headers: { 'accept-language': acceptLanguage, ...(cookie ? { cookie } : {}) },
      });
      expect(res.body).toContain(`<title>prerendered landing ${lang} |`);
      expect(res.headers.vary).toMatch(/accept-language/i);
    },
  );

  describe('a page loaded on demand', () => {
    const links = (body: string) => [...body.matchAll(/<link [^>]+>/g)].map((m) => m[0]);
    /** The address page's scripts, its texts in `language` and its stylesheet. */
    const addressPageLinks = (language: string) => [
      '<link rel="modulepreload" crossorigin href="/assets/address-page-abc.js">',
      '<link rel="modulepreload" crossorigin href="/assets/forms-abc.js">',
      `<link rel="modulepreload" crossorigin href="/assets/${language}-abc.js">`,
      '<link rel="preload" as="style" crossorigin href="/assets/address-abc.css">',
    ];

    it("paints the loading indicator and asks with the page for the route's scripts and stylesheets and the rest of the English texts", async () => {
      const res = await t.app.inject('/single/address');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.body).toContain('omo test app');
      // Painted before the scripts run: the loading indicator, in English without a language cookie.
      expect(res.body).toContain('<div id="root"><p>loading en</p></div>');
      expect(links(res.body)).toEqual(addressPageLinks('en'));
    });

    it("asks for the application a step reads first when there is a session, in the cookie's language", async () => {
      const res = await t.app.inject({
        url: '/Single/Address/',
        headers: { cookie: 'omo_session=any; omo.lang=fr' },
      });
      expect(res.body).toContain('<html lang="fr">');
      expect(res.body).toContain('<p>loading fr</p>');
      expect(links(res.body)).toEqual([
        ...addressPageLinks('fr'),
        '<link rel="preload" href="/api/omo/Application" as="fetch" crossorigin="anonymous">',
      ]);
    });

    it.each(['/joint/getstarted?jointCode=abc', '/productlist'])(
      'does not ask for the application on %s, whose loader does not read it',
      async (url) => {
        const res = await t.app.inject({ url, headers: { cookie: 'omo_session=any' } });
        expect(res.body).toContain('rel="modulepreload"');
        expect(res.body).not.toContain('/api/omo/Application');
      },
    );

    it('sends index.html as it is for a page the build did not list', async () => {
      const res = await t.app.inject({ url: '/error/3', headers: { cookie: 'omo_session=any' } });
      expect(res.body).toBe(readFileSync(path.join(FIXTURE_WEB_DIST, 'index.html'), 'utf8'));
    });
  });

  it("fills in the configuration: the header's links, the footer and the year", async () => {
    const res = await t.app.inject('/');
    const { config } = t;
    expect(res.body).toContain(`<a href="${config.publicWebsiteUrl}">${config.institutionName}</a`);
    expect(res.body).toContain(`<a href="tel:+18005550199">1-800-555-0199</a`);
    expect(res.body).toContain(`<a href="${config.onlineBankingUrl}">member</a`);
    expect(res.body).toContain(`<a href="${config.onlineBankingUrl}/product-login">sign in</a`);
    expect(res.body).toContain(`<a href="${config.publicWebsiteUrl}/privacy">privacy</a`);
    expect(res.body).toContain(`<p>© ${new Date().getFullYear()} ${config.institutionName}</p>`);
  });

  it("puts the first product asked for, by id or code, in the landing's sign-in link", async () => {
    const signIn = (body: string) => /<a href="([^"]*)">sign in<\/a/.exec(body)?.[1];
    const login = `${t.config.onlineBankingUrl}/product-login`;
    expect(signIn((await t.app.inject('/?productIds=2003;2001')).body)).toBe(`${login}?productId=2003`);
    expect(signIn((await t.app.inject('/?productIds=CHQ-TST')).body)).toBe(`${login}?productId=2001`);
    // One unknown product: the app shows its error page, so the landing is not shown first.
    const unknown = await t.app.inject('/?productIds=2001;9999');
    expect(unknown.body).toContain('omo test app');
  });

  it('never serves the prerendered pages as files', async () => {
    for (const url of ['/prerendered/landing.en.html', '/prerendered/getStarted.fr.html']) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
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

  it('lets the browser keep the icon a day: pages do not ask for it again at each navigation', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=86400');
    }
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
        ...PRODUCTION_TEST_ENV,
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

  it('sends the prerendered landing and Get Started', async () => {
    const res = await t.app.inject({ url: '/', headers: { cookie: 'omo.lang=fr' } });
    expect(res.body).toContain('<title>prerendered landing fr |');
    expect((await t.app.inject('/single/getstarted')).body).toContain('<title>prerendered getStarted en |');
  });

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

describe('filling in a prerendered page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(pglite, {
      env: {
        INSTITUTION_NAME: `Caisse "Tom & Jerry" <b>`,
        CONTACT_PHONE: '(800) 555-0123',
        ONLINE_BANKING_URL: 'https://bank.example/app/?a=1&b=2/',
        PUBLIC_WEBSITE_URL: "https://www.example.org/o'site/",
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('escapes every value and writes the links as the app does', async () => {
    const body = (await t.app.inject('/?productIds=2001')).body;
    expect(body).toContain(
      '<title>prerendered landing en | Caisse &quot;Tom &amp; Jerry&quot; &lt;b&gt;</title>',
    );
    expect(body).not.toContain('<b>');
    expect(body).toContain(
      `<a href="https://www.example.org/o&#x27;site/">Caisse &quot;Tom &amp; Jerry&quot; &lt;b&gt;</a`,
    );
    expect(body).toContain('<a href="https://www.example.org/o&#x27;site/privacy">privacy</a');
    expect(body).toContain('<a href="tel:+18005550123">(800) 555-0123</a');
    expect(body).toContain('<a href="https://bank.example/app/?a=1&amp;b=2">member</a');
    expect(body).toContain(
      '<a href="https://bank.example/app/?a=1&amp;b=2/product-login?productId=2001">sign in</a',
    );
  });

  it('fills a slot wherever it is, and each value once escaped', () => {
    const values = slotValues(t.config, 'a&b', new Date('2031-06-01T12:00:00Z'));
    expect(values.year).toBe('2031');
    expect(values.productLoginUrl).toBe('https://bank.example/app/?a=1&b=2/product-login?productId=a%26b');
    expect(fillPage('__OMO_YEAR__ __OMO_YEAR__ __OMO_CONTACT_PHONE__', values)).toBe(
      '2031 2031 (800) 555-0123',
    );
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;');
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
