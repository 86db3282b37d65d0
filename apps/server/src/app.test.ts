import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToContainEach } from './testing/expect-text.ts';
import { buildTestApp, FIXTURE_SEED_DIR, TEST_DATABASES, type TestApp } from './testing/test-app.ts';

const PROBLEM = /^application\/problem\+json/;

describe.each(TEST_DATABASES)('app on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the OpenAPI document listing every route', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/heartbeat',
        '/api/omo/ClearCache',
        '/api/omo/GetOccupationList',
        '/api/omo/GetPepPositionList',
        '/api/omo/OnlineAccountList',
        '/api/omo/GetProduct',
        '/api/omo/GetApiConfig',
        '/api/omo/GetBranchLocations',
        '/api/dev/productlist',
        '/api/dev/outbox',
        '/api/dev/reminders/sweep',
        '/api/omo/InitializeApplication',
        '/api/omo/Application',
        '/api/omo/Application/PersonalInfo',
        '/api/omo/Application/Phone',
        '/api/omo/Application/Address',
        '/api/omo/Application/Products',
        '/api/omo/Application/Step/funding',
        '/api/omo/Application/Step/identityconsent',
        '/api/omo/Application/Sin',
        '/api/omo/Application/AccountUsage',
        '/api/omo/Application/LegalTerms',
        '/api/omo/Application/ReviewConsent',
        '/api/omo/Application/Codes',
        '/api/omo/Application/Sin/Reveal',
        '/api/omo/MembershipTerms',
        '/api/omo/SaveApplication',
        '/api/omo/AcceptSavingsOffer',
        '/api/omo/AnswerStaffQuestion',
        '/api/omo/ProcessInPersonIdNotification',
        '/api/omo/GetApplicationFromJointCode',
        '/api/omo/JointEmailCode',
        '/api/omo/JointInvitation/Resend',
        '/api/omo/SaveJointApplication',
        '/api/omo/ApplyAsSingle',
        '/api/dev/joint/sweep',
        '/api/dev/clock',
        '/api/omo/resume/RequestLink',
        '/api/omo/resume/OpenLink',
        '/api/omo/resume/VerifyCode',
        '/api/omo/resume/Unsubscribe',
        '/api/omo/BlocklistCheck',
        '/api/omo/IdentityCheck',
        '/api/omo/DocumentVerification/Start',
        '/api/omo/DocumentVerification/Status',
        '/api/omo/DocumentVerification/InPerson',
        '/api/omo/DocumentVerification/Capture/{side}',
        '/api/omo/DocumentVerification/Capture/Submit',
        '/api/omo/DocumentVerification/HandOff',
        '/api/omo/DocumentVerification/HandOff/Status',
        '/api/omo/HandOff/Open',
        '/api/omo/HandOff/Renew',
        '/api/omo/ProcessIDVNotification',
        '/api/omo/PhoneVerification/Start',
        '/api/omo/PhoneVerification/Check',
        '/api/omo/PhoneVerification/Continue',
        '/api/omo/AddressLookup/Find',
        '/api/omo/AddressLookup/Retrieve',
        '/api/omo/Session',
        '/api/omo/Session/Arrival',
        '/api/omo/Session/Extend',
        '/api/omo/Session/End',
        '/api/omo/CanadaPostCreate',
        '/api/omo/CreateIDVerificationRequest',
        '/api/omo/Application/NearestBranch',
        '/api/omo/FunnelView',
      ].sort(),
    );
    expect(Object.keys(doc.paths['/api/omo/GetBranchLocations']!)).toEqual(['post']);
    expect(JSON.stringify(doc.paths['/api/omo/GetProduct'])).toContain('prodCodes');
  });

  it('sets the Content-Security-Policy and other security headers', async () => {
    const res = await t.app.inject('/api/omo/GetApiConfig');
    const csp = res.headers['content-security-policy'];
    expectToContainEach(csp, [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
    ]);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-ratelimit-limit']).toBe('300');
  });

  it('compresses large answers when asked', async () => {
    const res = await t.app.inject({
      url: '/api/omo/OnlineAccountList',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers unknown API paths and methods with 404 problem details', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/omo/Nothing' },
      { method: 'POST' as const, url: '/api/heartbeat' },
      { method: 'DELETE' as const, url: '/api/omo/OnlineAccountList' },
      { method: 'GET' as const, url: '/api' },
    ]) {
      const res = await t.app.inject(req);
      expect(res.statusCode, req.url).toBe(404);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found', instance: req.url });
    }
  });

  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"latitude": 43,'],
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['JSON null', { 'content-type': 'application/json' }, 'null'],
    ['a JSON string', { 'content-type': 'application/json' }, '"hello"'],
    ['plain text', { 'content-type': 'text/plain' }, 'latitude=43'],
    ['an unknown media type', { 'content-type': 'application/x-weird' }, 'abc'],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'latitude=43&longitude=-79'],
    [
      'deeply nested garbage',
      { 'content-type': 'application/json' },
      JSON.stringify({ latitude: { a: [1, { b: null }] } }),
    ],
    ['huge numbers', { 'content-type': 'application/json' }, '{"latitude": 1e400, "longitude": -1e400}'],
    [
      'prototype pollution',
      { 'content-type': 'application/json' },
      '{"__proto__": {"x": 1}, "latitude": 1, "longitude": 2}',
    ],
  ])('answers %s with a 4xx problem, never 500', async (_label, headers, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/omo/GetBranchLocations', headers, payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    const body = res.json<{ status: number; title: string; type: string; instance: string }>();
    expect(body.status).toBe(res.statusCode);
    expect(body.type).toMatch(/^https:\/\//);
    expect(body.instance).toBe('/api/omo/GetBranchLocations');
  });

  it('rejects a body over the limit with 413 problem details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/GetBranchLocations',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ latitude: 1, longitude: 1, pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(PROBLEM);
  });

  it('treats odd query strings on GET routes as input, never as a crash', async () => {
    for (const url of [
      '/api/omo/GetProduct?prodCodes=2001&prodCodes=2002',
      '/api/omo/GetProduct?prodCodes[a]=1',
      '/api/omo/GetProduct?prodCodes=%E0%A4%A',
      '/api/omo/OnlineAccountList?x=%00',
      '/api/omo/GetProduct?prodCodes=' + 'A'.repeat(5000),
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('rate limit', () => {
  it('answers 429 problem details once a client exceeds the limit', async () => {
    const t = await buildTestApp(TEST_DATABASES[0]!, { rateLimitMax: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await t.app.inject('/api/omo/GetApiConfig')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await t.app.inject('/api/nowhere');
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json()).toMatchObject({
        status: 429,
        title: 'Too Many Requests',
        // The key a page shows in the applicant's language (the detail is English).
        errors: [
          {
            path: '',
            key: 'api.tooManyRequests',
            message: 'Too many requests. Wait a minute, then try again.',
          },
        ],
      });
      expect(res.headers['retry-after']).toBeDefined();
      // The web app itself is not limited: pages and assets still load.
      expect((await t.app.inject('/single/getstarted')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('logging', () => {
  it('never writes a password, SIN, code or cookie to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await buildTestApp(TEST_DATABASES[0]!, {
      env: { LOG_LEVEL: 'trace', SEED_DIR: FIXTURE_SEED_DIR },
      logStream: stream,
    });
    try {
      const secrets = {
        password: 'Secr3tPass!',
        sin: '046454286',
        code: '918273',
        verificationCode: '564738',
      };
      await t.app.inject({
        method: 'POST',
        url: '/api/omo/GetBranchLocations?code=918273',
        headers: { cookie: 'omo_session=cookie-secret-value', authorization: 'Bearer token-secret-value' },
        payload: { ...secrets, latitude: 'not a number' },
      });
      await t.app.inject({ method: 'POST', url: '/api/nowhere', payload: secrets });
      // Code that logs request data on purpose is redacted too, at any depth.
      t.app.log.info(
        { body: secrets, applicant: { sin: secrets.sin, birthDate: '1980-01-31', dob_year: '1980' } },
        'payload',
      );
      t.app.log.info({
        req: { headers: { cookie: 'omo_session=cookie-secret-value' } },
        deep: { a: { b: { password: secrets.password } } },
      });
      t.app.log.info({ password: secrets.password, idNumber: 'D1234-56789', code: secrets.code });

      const output = lines.join('');
      expect(output).toContain('payload');
      expect(output).toContain('[Redacted]');
      for (const secret of [
        ...Object.values(secrets),
        'cookie-secret-value',
        'token-secret-value',
        '1980-01-31',
        'D1234-56789',
      ]) {
        expect(output, secret).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
