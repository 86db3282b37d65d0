/**
 * What the applicant sees when a partner fails, through the real adapters against their local fakes made
 * to fail (the database: pglite). Each failure is logged once at warn with the partner, the operation and
 * the kind, and nothing personal; nothing is lost or doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCanadaPost, type FakeCanadaPost } from '../providers/address-lookup/canada-post.fake.ts';
import { startFakeTwilio, type FakeTwilio } from '../providers/phone-verification/twilio.fake.ts';
import { TestApplicant } from '../testing/applicant.ts';
import { startFaultyHttp, type FaultyHttp } from '../testing/faulty-http.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';
import { logCapture, type LogCapture } from './log-capture.ts';

const TIMEOUT_SECONDS = '0.3';
const TWILIO = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'token', serviceSid: `VA${'2'.repeat(32)}` };
const CP_KEY = 'AA11-AA11-AA11-AA11';

const partnerWarnings = (log: LogCapture) =>
  log.lines.filter((l) => l.level === 40 && l.msg === 'partner call failed');

describe('the SMS and address partners failing', () => {
  let twilio: FakeTwilio;
  let canadaPost: FakeCanadaPost;
  let twilioRelay: FaultyHttp;
  let canadaPostRelay: FaultyHttp;
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    twilio = await startFakeTwilio(TWILIO);
    canadaPost = await startFakeCanadaPost(CP_KEY);
    twilioRelay = await startFaultyHttp(twilio.baseUrl, { lateMs: 600 });
    canadaPostRelay = await startFaultyHttp(canadaPost.baseUrl, { lateMs: 600 });
    t = await buildTestApp(TEST_DATABASES[0]!, {
      logStream: log.stream,
      env: {
        LOG_LEVEL: 'info',
        PHONE_VERIFICATION_PROVIDER: 'twilio',
        TWILIO_BASE_URL: twilioRelay.baseUrl,
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.authToken,
        TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
        ADDRESS_LOOKUP_PROVIDER: 'canadapost',
        CANADA_POST_BASE_URL: canadaPostRelay.baseUrl,
        CANADA_POST_KEY: CP_KEY,
        PARTNER_TIMEOUT_SECONDS: TIMEOUT_SECONDS,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await twilioRelay.close();
    await canadaPostRelay.close();
    await twilio.close();
    await canadaPost.close();
  });

  /** `count` partner warnings logged since the first `before` of them, the first one like `first`. */
  const expectWarningsSince = (before: number, count: number, first: Record<string, unknown>) => {
    const warnings = partnerWarnings(log).slice(before);
    expect(warnings).toHaveLength(count);
    expect(warnings[0]).toMatchObject(first);
  };

  it('address suggestions: a slow or failing Canada Post answers 503 "enter it manually" at once, logged once', async () => {
    for (const fault of ['late', 'http500', 'malformed'] as const) {
      canadaPostRelay.fault = fault;
      const before = partnerWarnings(log).length;
      const start = Date.now();
      const res = await t.app.inject(
        '/api/omo/AddressLookup/Find?SearchTerm=290%20Bremner&LanguagePreference=en',
      );
      expect(Date.now() - start).toBeLessThan(2_000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        detail: 'Address lookup is unavailable. Enter the address manually.',
      });
      expectWarningsSince(before, 1, {
        partner: 'addressLookup',
        provider: 'canadapost',
        operation: 'find',
        failure: 'unavailable',
        kind: { late: 'timeout', http500: 'httpError', malformed: 'malformed' }[fault],
      });
    }
    canadaPostRelay.fault = 'none';
    expect(JSON.stringify(log.lines)).not.toMatch(/Bremner|AA11-AA11/);
  });

  it('phone: three sends while the SMS partner is down open Continue; once it is back, a send goes through (not 429)', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.progress('personalInfo');
    twilioRelay.fault = 'late';
    const before = partnerWarnings(log).length;
    for (let i = 1; i <= 3; i++) {
      const start = Date.now();
      const sent = await applicant.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' });
      expect(Date.now() - start).toBeLessThan(2_000);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ phone: { status: 'failed', sendFailCounter: i } });
    }
    const third = await applicant.view();
    expect(third.json()).toMatchObject({ phone: { canContinue: true } });
    expectWarningsSince(before, 3, {
      partner: 'phoneVerification',
      provider: 'twilio',
      operation: 'startVerification',
      failure: 'unavailable',
      kind: 'timeout',
    });

    twilioRelay.fault = 'none';
    const sent = await applicant.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ phone: { status: 'pending' } });
    const code = twilio.codeFor(`+1${applicant.phoneNumber.replace(/\D/g, '')}`)!;
    const checked = await applicant.call('POST', '/api/omo/PhoneVerification/Check', { code });
    expect(checked.json()).toMatchObject({ phone: { verified: true } });
    expect(JSON.stringify(log.lines)).not.toContain(applicant.phoneNumber.replace(/\D/g, '').slice(-7));
  });

  it('phone: a code checked while the SMS partner is down lets the applicant go on (the service exception), logged once, and the code still works after', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.progress('personalInfo');
    twilioRelay.fault = 'none';
    const sent = await applicant.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' });
    expect(sent.json()).toMatchObject({ phone: { status: 'pending' } });
    const code = twilio.codeFor(`+1${applicant.phoneNumber.replace(/\D/g, '')}`)!;
    twilioRelay.fault = 'http500';
    const before = partnerWarnings(log).length;
    const unchecked = await applicant.call('POST', '/api/omo/PhoneVerification/Check', { code });
    twilioRelay.fault = 'none';
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json()).toMatchObject({
      error: 'unavailable',
      phone: { verified: false, canContinue: true },
    });
    expect(partnerWarnings(log).slice(before)).toEqual([
      expect.objectContaining({
        partner: 'phoneVerification',
        operation: 'checkVerification',
        failure: 'unavailable',
        kind: 'httpError',
      }),
    ]);
    const checked = await applicant.call('POST', '/api/omo/PhoneVerification/Check', { code });
    expect(checked.json()).toMatchObject({ phone: { verified: true } });
    // No text of the log holds the code (numbers such as the time are not text).
    const texts = log.lines.flatMap((l) => Object.values(l).filter((v) => typeof v === 'string'));
    expect(texts.filter((v) => v.includes(code))).toEqual([]);
  });

  it('phone: a number the partner refuses three times stays refused (429): only outages are forgiven', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.progress('personalInfo');
    for (let i = 0; i < 3; i++) {
      twilio.failNext(403, 60205, 'SMS is not supported by landline phone number');
      await applicant.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' });
    }
    const fourth = await applicant.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' });
    expect(fourth.statusCode).toBe(429);
  });
});
