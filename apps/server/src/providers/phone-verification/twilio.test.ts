import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from './twilio.fake.ts';
import { createTwilioPhoneVerification, mapTwilioError } from './twilio.ts';

const CREDENTIALS = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'test-auth-token',
  serviceSid: `VA${'2'.repeat(32)}`,
};

describe('Twilio Verify adapter against a local fake', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio(CREDENTIALS);
  });
  afterAll(async () => {
    await fake.close();
  });
  const adapter = () => createTwilioPhoneVerification({ baseUrl: fake.baseUrl, ...CREDENTIALS });
  const messaging = () =>
    createTwilioPhoneVerification({
      baseUrl: fake.baseUrl,
      ...CREDENTIALS,
      messagingBaseUrl: fake.baseUrl,
      messagingServiceSid: `MG${'3'.repeat(32)}`,
    });

  it("sends a text of omo's own through the Messaging Service, form-encoded with Basic auth", async () => {
    const body =
      'omo Credit Union: take the photos of your ID on this phone: https://apply.example/handoff#x';
    expect(await messaging().sendMessage({ to: '+14165550140', body })).toEqual({ ok: true, value: true });
    expect(fake.messages.at(-1)).toEqual({ to: '+14165550140', body });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${CREDENTIALS.accountSid}/Messages.json`,
      form: { To: '+14165550140', Body: body, MessagingServiceSid: `MG${'3'.repeat(32)}` },
    });
  });

  it('refuses a number Twilio cannot text, and sends nothing without a Messaging Service', async () => {
    expect(await messaging().sendMessage({ to: '4165550140', body: 'x' })).toMatchObject({
      ok: false,
      failure: { code: 'invalidParameter', vendorCode: 21211 },
    });
    fake.failNext(400, 21610, 'Attempt to send to unsubscribed recipient');
    expect(await messaging().sendMessage({ to: '+14165550141', body: 'x' })).toMatchObject({
      ok: false,
      failure: { code: 'sendFailed', vendorCode: 21610 },
    });
    const sent = fake.requests.length;
    expect(await adapter().sendMessage({ to: '+14165550142', body: 'x' })).toMatchObject({
      ok: false,
      failure: { code: 'sendFailed' },
    });
    expect(fake.requests.length).toBe(sent);
  });

  it('starts a verification with a form-encoded POST and reads the Verification resource', async () => {
    const result = await adapter().startVerification({ to: '+14165550123', channel: 'sms', locale: 'fr' });
    expect(result).toEqual({
      ok: true,
      value: {
        sid: expect.stringMatching(/^VE[0-9a-f]{32}$/),
        to: '+14165550123',
        channel: 'sms',
        status: 'pending',
      },
    });
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v2/Services/${CREDENTIALS.serviceSid}/Verifications`,
      form: { To: '+14165550123', Channel: 'sms', Locale: 'fr' },
    });
  });

  it('checks a code: wrong → pending, right → approved, then the verification is gone (notFound)', async () => {
    const provider = adapter();
    const started = await provider.startVerification({ to: '+14165550124', channel: 'call', locale: 'en' });
    if (!started.ok) throw new Error('start failed');
    expect(started.value.channel).toBe('call');
    const code = fake.codeFor('+14165550124')!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await provider.checkVerification({ sid: started.value.sid, code: wrong })).toMatchObject({
      ok: true,
      value: { status: 'pending' },
    });
    expect(fake.requests.at(-1)?.form).toEqual({ VerificationSid: started.value.sid, Code: wrong });
    expect(await provider.checkVerification({ to: '+14165550124', code })).toMatchObject({
      ok: true,
      value: { status: 'approved', sid: started.value.sid },
    });
    expect(await provider.checkVerification({ sid: started.value.sid, code })).toEqual({
      ok: false,
      failure: { code: 'notFound', vendorCode: 20404, httpStatus: 404, message: expect.any(String) },
    });
  });

  it('maps an invalid number to invalidParameter (60200)', async () => {
    const result = await adapter().startVerification({ to: '4165550123', channel: 'sms', locale: 'en' });
    expect(result).toMatchObject({
      ok: false,
      failure: { code: 'invalidParameter', vendorCode: 60200, httpStatus: 400 },
    });
  });

  it('maps too many sends to maxSendAttempts (60203)', async () => {
    const provider = adapter();
    for (let i = 0; i < 5; i++) {
      expect(
        (await provider.startVerification({ to: '+14165550125', channel: 'sms', locale: 'en' })).ok,
      ).toBe(true);
    }
    expect(
      await provider.startVerification({ to: '+14165550125', channel: 'sms', locale: 'en' }),
    ).toMatchObject({
      ok: false,
      failure: { code: 'maxSendAttempts', vendorCode: 60203, httpStatus: 429 },
    });
  });

  it('maps too many checks to maxCheckAttempts (60202)', async () => {
    const provider = adapter();
    const started = await provider.startVerification({ to: '+14165550126', channel: 'sms', locale: 'en' });
    if (!started.ok) throw new Error('start failed');
    const wrong = fake.codeFor('+14165550126') === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await provider.checkVerification({ sid: started.value.sid, code: wrong });
    expect(await provider.checkVerification({ sid: started.value.sid, code: wrong })).toMatchObject({
      ok: false,
      failure: { code: 'maxCheckAttempts', vendorCode: 60202, httpStatus: 429 },
    });
  });

  it.each([
    [429, 20429, 'rateLimited'],
    [403, 60605, 'sendFailed'],
    [403, 60205, 'sendFailed'],
    [503, 20500, 'unavailable'],
  ] as const)('maps HTTP %i with code %i to %s', async (status, code, expected) => {
    fake.failNext(status, code, 'injected');
    expect(
      await adapter().startVerification({ to: '+14165550127', channel: 'sms', locale: 'en' }),
    ).toMatchObject({
      ok: false,
      failure: { code: expected, vendorCode: code, httpStatus: status },
    });
  });

  it('maps refused credentials to unauthorized', async () => {
    const provider = createTwilioPhoneVerification({
      baseUrl: fake.baseUrl,
      ...CREDENTIALS,
      authToken: 'wrong',
    });
    expect(
      await provider.startVerification({ to: '+14165550128', channel: 'sms', locale: 'en' }),
    ).toMatchObject({
      ok: false,
      failure: { code: 'unauthorized', vendorCode: 20003, httpStatus: 401 },
    });
  });

  it('answers unavailable when Twilio cannot be reached', async () => {
    const provider = createTwilioPhoneVerification({ baseUrl: 'http://127.0.0.1:1', ...CREDENTIALS });
    expect(
      await provider.startVerification({ to: '+14165550129', channel: 'sms', locale: 'en' }),
    ).toMatchObject({
      ok: false,
      failure: { code: 'unavailable' },
    });
  });

  it('maps error answers without a JSON body by HTTP status', () => {
    expect(mapTwilioError(404, undefined).code).toBe('notFound');
    expect(mapTwilioError(502, 'x').code).toBe('unavailable');
  });
});
