import { Writable } from 'node:stream';
import { EXAMPLE_PHONE_CODE_SENT, LANGUAGE_COOKIE } from '@omo/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

interface PhoneView {
  status: string;
  verified: boolean;
  channel: string | null;
  sendFailCounter: number;
  resendCounter: number;
  invalidCounter: number;
  canResend: boolean;
  canContinue: boolean;
  triesLeft: number;
  canGetNewCode: boolean;
  lastFour: string | null;
}
interface Answer {
  phone: PhoneView;
  error?: string;
}
interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
}

const START = '/api/omo/PhoneVerification/Start';
const CHECK = '/api/omo/PhoneVerification/Check';
const CONTINUE = '/api/omo/PhoneVerification/Continue';

let ipCounter = 0;
let phoneCounter = 0;
let emailCounter = 0;
/** A fresh IP and number per applicant, so the hourly ceilings of one test do not touch another. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const nextPhone = () => `(416) 555-${String(1000 + (++phoneCounter % 8000)).padStart(4, '0')}`;
const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`;

/** Starts a draft through the API and fills personal information; the applicant's calls carry its cookie and IP. */
/** Jane Doe's personal information with this phone. */
const personalInfo = (phone: string, phoneType: 'mobile' | 'home') => ({
  firstName: 'Jane',
  lastName: 'Doe',
  dob_month: '03',
  dob_day: '7',
  dob_year: '1990',
  phoneNumber: phone,
  phoneType,
  hasJointApp: 'no',
});

async function newApplicant(t: TestApp, options: { phone?: string; ip?: string } = {}) {
  const phone = options.phone ?? nextPhone();
  const ip = options.ip ?? nextIp();
  const email = `jane${++emailCounter}@example.com`;
  const init = await t.app.inject({
    method: 'POST',
    url: '/api/omo/InitializeApplication',
    remoteAddress: ip,
    payload: {
      email,
      password: 'Abcdef12',
      consent: true,
      productIds: ['2001'],
      sweepEnabled: false,
    },
  });
  expect(init.statusCode, init.body).toBe(200);
  const cookie = init.cookies.find((c) => c.name === 'omo_session');
  expect(cookie).toBeDefined();
  const headers = { cookie: `omo_session=${cookie!.value}` };
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...headers, ...extra },
      ...(payload ? { payload } : {}),
    });
  const info = await call('PUT', '/api/omo/Application/PersonalInfo', personalInfo(phone, 'mobile'));
  expect(info.statusCode, info.body).toBe(200);
  return {
    phone,
    ip,
    email,
    cookie: cookie!.value,
    call,
    start: (channel: 'sms' | 'call' = 'sms', extra: Record<string, string> = {}) =>
      call('POST', START, { channel }, extra),
    check: (code: string) => call('POST', CHECK, { code }),
    continue: () => call('POST', CONTINUE),
  };
}

async function lastCodeFor(t: TestApp, phone: string): Promise<{ code: string; message: OutboxMessage }> {
  const res = await t.app.inject('/api/dev/outbox');
  const message = res.json<OutboxMessage[]>().find((m) => m.to === e164(phone));
  if (!message) throw new Error(`no message to ${phone}`);
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error('no code in the message');
  return { code, message };
}

/** How many messages the sandbox sent to a number. */
async function messagesTo(t: TestApp, phone: string): Promise<number> {
  const res = await t.app.inject('/api/dev/outbox');
  return res.json<OutboxMessage[]>().filter((m) => m.to === e164(phone)).length;
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(TEST_DATABASES)('phone verification on $name', (database) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: { LOG_LEVEL: 'debug' },
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the code by SMS through the outbox and approves the right code; Continue records verified', async () => {
    const a = await newApplicant(t);
    const started = await a.start();
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Answer>().phone).toMatchObject({
      ...EXAMPLE_PHONE_CODE_SENT,
      lastFour: a.phone.slice(-4),
    });
    const { code, message } = await lastCodeFor(t, a.phone);
    expect(message).toMatchObject({ channel: 'sms', to: e164(a.phone) });
    expect(message.body).toBe(
      `Your omo Credit Union verification code is ${code}. It expires in 10 minutes.`,
    );

    const checked = await a.check(code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json<Answer>().phone).toMatchObject({
      status: 'approved',
      verified: true,
      canContinue: true,
    });

    const done = await a.continue();
    expect(done.statusCode, done.body).toBe(200);
    const view = done.json<{
      phone: PhoneView;
      progress: { groups: { profile: boolean } };
      nextPath: string;
    }>();
    expect(view.progress.groups.profile).toBe(true);
    expect(view.phone.verified).toBe(true);
    expect(view.nextPath).toBe('/single/address');
    const row = await t.app.db
      .selectFrom('applicants')
      .select('phone_verified')
      .where('phone_number', '=', a.phone)
      .executeTakeFirstOrThrow();
    expect(row.phone_verified).toBe(true);
  });

  it("personal information's save asked to send the code texts a mobile phone; not a home phone; a failed send is counted", async () => {
    const info = personalInfo;
    const SAVE_AND_SEND = '/api/omo/Application/PersonalInfo?sendCode=true';
    type SavedView = { phone: PhoneView; nextPath: string };

    const mobile = await newApplicant(t);
    expect(await messagesTo(t, mobile.phone)).toBe(0);
    const saved = await mobile.call('PUT', SAVE_AND_SEND, info(mobile.phone, 'mobile'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SavedView>().nextPath).toBe('/single/verificationCode');
    expect(saved.json<SavedView>().phone).toMatchObject({
      status: 'pending',
      channel: 'sms',
      sendFailCounter: 0,
      resendCounter: 0,
      invalidCounter: 0,
    });
    const { code, message } = await lastCodeFor(t, mobile.phone);
    expect(message.channel).toBe('sms');
    expect((await mobile.check(code)).json<Answer>().phone.status).toBe('approved');

    const home = await newApplicant(t);
    const homeSaved = await home.call('PUT', SAVE_AND_SEND, info(home.phone, 'home'));
    expect(homeSaved.json<SavedView>().nextPath).toBe('/single/phoneverification');
    expect(await messagesTo(t, home.phone)).toBe(0);

    // The sandbox refuses a number ending in 0000: a send failure, as Start counts it.
    const refused = await newApplicant(t, { phone: '(416) 555-0000' });
    const refusedSaved = await refused.call('PUT', SAVE_AND_SEND, info(refused.phone, 'mobile'));
    expect(refusedSaved.statusCode, refusedSaved.body).toBe(200);
    expect(refusedSaved.json<SavedView>().phone).toMatchObject({ status: 'failed', sendFailCounter: 1 });
    expect(await messagesTo(t, refused.phone)).toBe(0);
  });

  it('refuses a used code (single use): notFound, nothing else changes', async () => {
    const a = await newApplicant(t);
    await a.start();
    const { code } = await lastCodeFor(t, a.phone);
    expect((await a.check(code)).json<Answer>().phone.status).toBe('approved');
    const again = await a.check(code);
    expect(again.statusCode).toBe(200);
    expect(again.json<Answer>()).toMatchObject({
      error: 'notFound',
      phone: { status: 'approved', invalidCounter: 0 },
    });
  });

  it('voice call in French: a voice message in French', async () => {
    const a = await newApplicant(t);
    const res = await a.start('call', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(res.json<Answer>().phone).toMatchObject({ status: 'pending', channel: 'call' });
    const { code, message } = await lastCodeFor(t, a.phone);
    expect(message.channel).toBe('voice');
    expect(message.body).toBe(
      `Votre code de vérification omo Credit Union est ${code}. Il expire dans 10 minutes.`,
    );
  });

  it("a code by SMS in the language chosen in the app (its cookie), whatever the browser's language", async () => {
    const a = await newApplicant(t);
    const res = await a.start('sms', {
      cookie: `omo_session=${a.cookie}; ${LANGUAGE_COOKIE}=fr`,
      'accept-language': 'en-CA,en;q=0.9',
    });
    expect(res.statusCode).toBe(200);
    const { code, message } = await lastCodeFor(t, a.phone);
    expect(message.body).toBe(
      `Votre code de vérification omo Credit Union est ${code}. Il expire dans 10 minutes.`,
    );
  });

  it('three wrong codes: invalidCounter 3, Continue allowed, phone recorded unverified; a 4th check → 429', async () => {
    const a = await newApplicant(t);
    await a.start();
    const { code } = await lastCodeFor(t, a.phone);
    expect((await a.continue()).statusCode).toBe(409);
    for (let i = 1; i <= 3; i++) {
      const res = await a.check(wrongCode(code));
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>().phone).toMatchObject({
        status: 'pending',
        verified: false,
        invalidCounter: i,
      });
    }
    const after = await a.call('GET', '/api/omo/Application');
    expect(after.json<{ phone: PhoneView }>().phone).toMatchObject({ canContinue: true, canResend: false });
    const fourth = await a.check(code);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ status: 429, errors: [{ key: 'verification.limit' }] });

    const done = await a.continue();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      phone: { verified: false },
      progress: { groups: { profile: true } },
      nextPath: '/single/address',
    });
    const row = await t.app.db
      .selectFrom('applicants')
      .select('phone_verified')
      .where('phone_number', '=', a.phone)
      .executeTakeFirstOrThrow();
    expect(row.phone_verified).toBe(false);
  });

  it('tries left: each wrong code says how many remain (3, 2, 1, 0)', async () => {
    const a = await newApplicant(t);
    const started = await a.start();
    expect(started.json<Answer>().phone).toMatchObject({ triesLeft: 3, canGetNewCode: false });
    const { code } = await lastCodeFor(t, a.phone);
    for (const left of [2, 1, 0]) {
      expect((await a.check(wrongCode(code))).json<Answer>().phone).toMatchObject({ triesLeft: left });
    }
  });

  it('after three wrong codes a new code by voice or text gives three tries again; the way on unverified stays', async () => {
    const a = await newApplicant(t);
    await a.start();
    const first = await lastCodeFor(t, a.phone);
    for (let i = 1; i <= 3; i++) await a.check(wrongCode(first.code));
    const locked = (await a.call('GET', '/api/omo/Application')).json<{ phone: PhoneView }>().phone;
    expect(locked).toMatchObject({ canResend: false, canGetNewCode: true, triesLeft: 0, canContinue: true });

    const resent = await a.start('call');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<Answer>().phone).toMatchObject({
      status: 'pending',
      channel: 'call',
      resendCounter: 1,
      triesLeft: 3,
      canGetNewCode: false,
      canContinue: true,
    });
    const second = await lastCodeFor(t, a.phone);
    const verified = await a.check(second.code);
    expect(verified.json<Answer>().phone).toMatchObject({ verified: true, status: 'approved' });
  });

  it('a new code after wrong codes stays within the three resends', async () => {
    const a = await newApplicant(t);
    await a.start();
    for (let round = 1; round <= 3; round++) {
      const { code } = await lastCodeFor(t, a.phone);
      for (let i = 1; i <= 3; i++) await a.check(wrongCode(code));
      expect((await a.start()).statusCode).toBe(200);
    }
    const { code } = await lastCodeFor(t, a.phone);
    for (let i = 1; i <= 3; i++) await a.check(wrongCode(code));
    const view = (await a.call('GET', '/api/omo/Application')).json<{ phone: PhoneView }>().phone;
    expect(view).toMatchObject({ resendCounter: 3, canGetNewCode: false, canContinue: true });
    const refused = await a.start();
    expect(refused.statusCode).toBe(429);
  });

  it('parallel checks do not get past three wrong codes: three are checked, the others refused with 429', async () => {
    const a = await newApplicant(t);
    await a.start();
    const { code } = await lastCodeFor(t, a.phone);
    // The provider holds every check it is asked until all six requests were either asked or refused.
    const phoneProvider = t.app.providers.phoneVerification;
    const checkCode = phoneProvider.checkVerification.bind(phoneProvider);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let refused = 0;
    vi.spyOn(phoneProvider, 'checkVerification').mockImplementation(async (input) => {
      asked += 1;
      await gate;
      return checkCode(input);
    });
    const pending = Array.from({ length: 6 }, () =>
      a.check(wrongCode(code)).then((res) => {
        if (res.statusCode !== 200) refused += 1;
        return res;
      }),
    );
    await vi.waitFor(() => expect(asked + refused).toBe(6));
    release();
    const answers = await Promise.all(pending);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(asked).toBe(3);
    // The right code, now, is one guess too many.
    expect((await a.check(code)).statusCode).toBe(429);
    const view = (await a.call('GET', '/api/omo/Application')).json<{ phone: PhoneView }>();
    expect(view.phone).toMatchObject({ verified: false, invalidCounter: 3, canContinue: true });
  });

  it('a phone-provider outage while checking the code lets the applicant go on to the address, unverified', async () => {
    const a = await newApplicant(t);
    await a.start();
    const { code } = await lastCodeFor(t, a.phone);
    vi.spyOn(t.app.providers.phoneVerification, 'checkVerification').mockResolvedValueOnce({
      ok: false,
      failure: { code: 'unavailable', message: 'Twilio answered 503', httpStatus: 503 },
    });
    const checked = await a.check(code);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<Answer>()).toMatchObject({
      error: 'unavailable',
      phone: { verified: false, canContinue: true, invalidCounter: 0 },
    });
    const done = await a.continue();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ phone: { verified: false }, nextPath: '/single/address' });
  });

  it('a new number after a phone-provider outage is verified again: the outage does not carry over', async () => {
    const a = await newApplicant(t);
    await a.start();
    vi.spyOn(t.app.providers.phoneVerification, 'checkVerification').mockResolvedValueOnce({
      ok: false,
      failure: { code: 'unavailable', message: 'Twilio answered 503', httpStatus: 503 },
    });
    expect((await a.check('123456')).json<Answer>().phone.canContinue).toBe(true);
    const changed = await a.call('PUT', '/api/omo/Application/Phone', { phoneNumber: nextPhone() });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ phone: PhoneView }>().phone).toMatchObject({ verified: false, canContinue: false });
    expect((await a.continue()).statusCode).toBe(409);
  });

  it('a resend counts as resend and invalid; only the newest code works', async () => {
    const a = await newApplicant(t);
    await a.start();
    const first = await lastCodeFor(t, a.phone);
    const resent = await a.start();
    expect(resent.json<Answer>().phone).toMatchObject({
      status: 'pending',
      resendCounter: 1,
      invalidCounter: 1,
    });
    const second = await lastCodeFor(t, a.phone);
    if (first.code !== second.code) {
      expect((await a.check(first.code)).json<Answer>().phone).toMatchObject({
        status: 'pending',
        invalidCounter: 2,
      });
    }
    expect((await a.check(second.code)).json<Answer>().phone).toMatchObject({
      status: 'approved',
      verified: true,
    });
  });

  it('three resends are allowed, a 4th is refused with 429 verification.limit, then Continue is allowed', async () => {
    const a = await newApplicant(t);
    expect((await a.start()).statusCode).toBe(200);
    for (let i = 1; i <= 3; i++) {
      const res = await a.start();
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>().phone).toMatchObject({ resendCounter: i, invalidCounter: i });
    }
    const fourth = await a.start();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(fourth.json()).toMatchObject({
      title: 'Verification limit reached',
      errors: [{ key: 'verification.limit' }],
    });
    const view = await a.call('GET', '/api/omo/Application');
    expect(view.json<{ phone: PhoneView }>().phone).toMatchObject({
      resendCounter: 3,
      canResend: false,
      canContinue: true,
    });
    expect((await a.continue()).statusCode).toBe(200);
  });

  it('the code sent by the third resend can still be entered (the applicant typed nothing wrong)', async () => {
    const a = await newApplicant(t);
    await a.start();
    for (let i = 1; i <= 3; i++) await a.start();
    const { code } = await lastCodeFor(t, a.phone);
    const res = await a.check(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Answer>().phone).toMatchObject({ status: 'approved', verified: true });
  });

  it('a number ending in 0000 fails to send: sendFailCounter + 1 each time; after 3, Continue; a 4th send → 429', async () => {
    const a = await newApplicant(t, { phone: '(416) 555-0000' });
    for (let i = 1; i <= 3; i++) {
      const res = await a.start();
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>().phone).toMatchObject({
        status: 'failed',
        sendFailCounter: i,
        resendCounter: 0,
      });
    }
    expect((await a.start()).statusCode).toBe(429);
    const done = await a.continue();
    expect(done.statusCode).toBe(200);
    expect(done.json<{ phone: PhoneView }>().phone.verified).toBe(false);
  });

  it('refuses an expired code (the clock moved 10 minutes on): error expired, invalidCounter + 1', async () => {
    const a = await newApplicant(t);
    await a.start();
    const { code } = await lastCodeFor(t, a.phone);
    const clock = t.app.providers.clock;
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 10 * 60 * 1000 + 1000);
    try {
      const res = await a.check(code);
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>()).toMatchObject({
        error: 'expired',
        phone: { status: 'pending', verified: false, invalidCounter: 1 },
      });
      // Gone for good: the right code stays refused.
      expect((await a.check(code)).json<Answer>()).toMatchObject({
        error: 'notFound',
        phone: { verified: false },
      });
    } finally {
      clock.now = realNow;
    }
  });

  it('validates the code format (400 with the message key) without counting it', async () => {
    const a = await newApplicant(t);
    await a.start();
    const res = await a.check('12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ path: 'code', key: 'code.invalid' }] });
    const view = await a.call('GET', '/api/omo/Application');
    expect(view.json<{ phone: PhoneView }>().phone.invalidCounter).toBe(0);
  });

  it('answers 401 without a session and 409 before personal information', async () => {
    expect((await t.app.inject({ method: 'POST', url: START, payload: { channel: 'sms' } })).statusCode).toBe(
      401,
    );
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      remoteAddress: nextIp(),
      payload: {
        email: 'x@example.com',
        password: 'Abcdef12',
        consent: true,
        productIds: ['2001'],
      },
    });
    const cookie = init.cookies.find((c) => c.name === 'omo_session')!;
    const res = await t.app.inject({
      method: 'POST',
      url: START,
      headers: { cookie: `omo_session=${cookie.value}` },
      payload: { channel: 'sms' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ title: 'Step out of order' });
  });

  it('stops SMS pumping: per-number ceiling over the last hour (5 by default), free again an hour later', async () => {
    const phone = nextPhone();
    const sends = async () => {
      const a = await newApplicant(t, { phone });
      return a.start();
    };
    for (let i = 0; i < 5; i++) expect((await sends()).json<Answer>().phone.status).toBe('pending');
    const refused = await sends();
    expect(refused.statusCode).toBe(200);
    expect(refused.json<Answer>()).toMatchObject({ error: 'ceiling', phone: { status: 'failed' } });
    expect(await messagesTo(t, phone)).toBe(5);
    const clock = t.app.providers.clock;
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 61 * 60 * 1000);
    try {
      expect((await sends()).json<Answer>().phone.status).toBe('pending');
    } finally {
      clock.now = realNow;
    }
  });

  it("exhausting a number's ceiling does not lock its owner out: each refusal is a send failure, the 3rd opens Continue, unverified", async () => {
    const phone = nextPhone();
    // The attacker, from one address: drafts of their own with someone else's number, 5 codes in the hour.
    const attackerIp = nextIp();
    for (let i = 0; i < 5; i++) {
      const attacker = await newApplicant(t, { phone, ip: attackerIp });
      expect((await attacker.start()).json<Answer>().phone.status).toBe('pending');
    }
    // The number's owner, from elsewhere, is refused, and every refusal counts.
    const owner = await newApplicant(t, { phone });
    for (let i = 1; i <= 3; i++) {
      const res = await owner.start(i === 2 ? 'call' : 'sms');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Answer>()).toMatchObject({
        error: 'ceiling',
        phone: { status: 'failed', sendFailCounter: i, resendCounter: 0, canContinue: i === 3 },
      });
      if (i < 3) expect((await owner.continue()).statusCode).toBe(409);
    }
    expect(await messagesTo(t, phone)).toBe(5);
    // No fourth try: the limit of 3 send failures is reached.
    expect((await owner.start()).json()).toMatchObject({ errors: [{ key: 'verification.limit' }] });
    const done = await owner.continue();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ phone: { verified: false }, nextPath: '/single/address' });
    const row = await t.app.db
      .selectFrom('applicants')
      .select('phone_verified')
      .where('email', '=', owner.email)
      .executeTakeFirstOrThrow();
    expect(row.phone_verified).toBe(false);
  });

  it('a resend refused by a ceiling is a send failure and leaves the code already sent valid', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 4; i++) await (await newApplicant(t, { phone })).start();
    const owner = await newApplicant(t, { phone });
    expect((await owner.start()).json<Answer>().phone.status).toBe('pending');
    const { code } = await lastCodeFor(t, phone);
    const refused = await owner.start();
    expect(refused.json<Answer>()).toMatchObject({
      error: 'ceiling',
      phone: { status: 'pending', sendFailCounter: 1, resendCounter: 0, invalidCounter: 0 },
    });
    expect((await owner.check(code)).json<Answer>().phone).toMatchObject({
      status: 'approved',
      verified: true,
    });
  });

  it('per-applicant ceiling (10 by default): one draft cannot pump codes to number after number', async () => {
    const a = await newApplicant(t);
    for (let i = 0; i < 10; i++) {
      if (i > 0)
        expect(
          (await a.call('PUT', '/api/omo/Application/Phone', { phoneNumber: nextPhone() })).statusCode,
        ).toBe(200);
      expect((await a.start()).json<Answer>().phone.status).toBe('pending');
    }
    const other = nextPhone();
    await a.call('PUT', '/api/omo/Application/Phone', { phoneNumber: other });
    expect((await a.start()).json<Answer>()).toMatchObject({
      error: 'ceiling',
      phone: { status: 'failed', sendFailCounter: 1 },
    });
    expect(await messagesTo(t, other)).toBe(0);
  });

  it('many applicants behind one address (carrier NAT) each get their code: 20 from one IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const a = await newApplicant(t, { ip });
      const res = await a.start();
      expect(res.json<Answer>(), `applicant ${i + 1}`).toMatchObject({ phone: { status: 'pending' } });
    }
  });

  it('never logs the code nor stores it in clear: only its HMAC is in the database', async () => {
    const a = await newApplicant(t);
    await a.start();
    const { code } = await lastCodeFor(t, a.phone);
    await a.check(wrongCode(code));
    await a.check(code);
    const standalone = new RegExp(`(?<![0-9])${code}(?![0-9])`);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((l) => standalone.test(l))).toEqual([]);

    const rows = await t.app.db
      .selectFrom('phone_verifications')
      .selectAll()
      .where('to', '=', e164(a.phone))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toMatch(standalone);
    const apps = await t.app.db
      .selectFrom('applicants')
      .selectAll()
      .where('phone_number', '=', a.phone)
      .execute();
    expect(JSON.stringify(apps)).not.toMatch(standalone);
    const events = await t.app.db
      .selectFrom('phone_send_events')
      .selectAll()
      .where('to', '=', e164(a.phone))
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toMatch(standalone);
  });
});

describe('the per-IP ceiling (PHONE_SEND_LIMIT_PER_IP_PER_HOUR=2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, { env: { PHONE_SEND_LIMIT_PER_IP_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the third send from one address as a send failure; other addresses are not affected', async () => {
    const ip = nextIp();
    for (let i = 0; i < 2; i++) {
      expect((await (await newApplicant(t, { ip })).start()).json<Answer>().phone.status).toBe('pending');
    }
    const a = await newApplicant(t, { ip });
    expect((await a.start()).json<Answer>()).toMatchObject({
      error: 'ceiling',
      phone: { status: 'failed', sendFailCounter: 1 },
    });
    expect(await messagesTo(t, a.phone)).toBe(0);
    const b = await newApplicant(t);
    expect((await b.start()).json<Answer>().phone.status).toBe('pending');
  });

  it('counts an IPv6 client as its /64: new addresses in it do not get past the ceiling', async () => {
    for (const ip of ['2001:db8:9:1::a', '2001:db8:9:1::b']) {
      expect((await (await newApplicant(t, { ip })).start()).json<Answer>().phone.status).toBe('pending');
    }
    const roaming = await newApplicant(t, { ip: '2001:db8:9:1:ffff:1:2:3' });
    expect((await roaming.start()).json<Answer>()).toMatchObject({ error: 'ceiling' });
    const neighbour = await newApplicant(t, { ip: '2001:db8:9:2::a' });
    expect((await neighbour.start()).json<Answer>().phone.status).toBe('pending');
  });
});
