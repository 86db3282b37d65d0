import { HAND_OFF_API_PATHS, HAND_OFF_MINUTES } from '@omo/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { png } from '../../testing/images.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

const CAPTURE = '/api/omo/DocumentVerification/Capture';
const HAND_OFF_LINK = /\/handoff\?token=([A-Za-z0-9_-]+)/;
const MINUTE_MS = 60_000;

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
}

describe.each(TEST_DATABASES)('the ID photos on the phone on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(() => {
    t.app.providers.clock.now = () => new Date();
  });

  const at = (minutes: number, from: Date) => {
    t.app.providers.clock.now = () => new Date(from.getTime() + minutes * MINUTE_MS);
  };
  const smsTo = async (a: TestApplicant) => {
    const to = `+1${a.phoneNumber.replace(/\D/g, '')}`;
    const outbox = (await t.app.inject('/api/dev/outbox')).json<OutboxMessage[]>();
    return outbox.filter((m) => m.channel === 'sms' && m.to === to && HAND_OFF_LINK.test(m.body));
  };

  /** An applicant on the photo step (the consent given, the run started), phone verified. */
  async function onPhotoStep() {
    const a = new TestApplicant(t.app, { lastName: 'Review' });
    await a.progress('accountUsage');
    const started = await a.call('POST', '/api/omo/DocumentVerification/Start', { consent: true });
    expect(started.statusCode, started.body).toBe(200);
    return a;
  }

  /** The desktop asks for a link; answers it, read from the SMS. */
  async function handOff(a: TestApplicant) {
    const before = (await smsTo(a)).length;
    const res = await a.call('POST', HAND_OFF_API_PATHS.start);
    expect(res.statusCode, res.body).toBe(200);
    const sms = await smsTo(a);
    expect(sms.length).toBe(before + 1);
    return { answer: res.json(), token: HAND_OFF_LINK.exec(sms[0]!.body)![1]! };
  }

  /** A phone: no cookie but the capture session it gets by opening the link. */
  function phone(ip = '10.88.0.9') {
    let cookie = '';
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res: LightMyRequestResponse = await t.app.inject({
        method,
        url,
        remoteAddress: ip,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(Buffer.isBuffer(payload) ? { 'content-type': 'image/png' } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      const set = res.cookies.find((c) => c.name.endsWith('omo_capture'));
      if (set) cookie = `${set.name}=${set.value}`;
      return res;
    };
    return {
      call,
      open: (token: string) => call('POST', HAND_OFF_API_PATHS.open, { token }),
      renew: (token: string) => call('POST', HAND_OFF_API_PATHS.renew, { token }),
      capture: (side: string) => call('PUT', `${CAPTURE}/${side}`, png()),
    };
  }

  it('gives a QR code and an SMS link; the phone takes the photos; the desktop sees each one and moves on', async () => {
    const a = await onPhotoStep();
    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json()).toEqual({
      state: 'none',
      captured: [],
      isDone: false,
      nextPath: '/single/idverifyterms',
    });
    const { answer, token } = await handOff(a);
    expect(answer).toMatchObject({
      sms: 'sent',
      phoneEnding: a.phoneNumber.replace(/\D/g, '').slice(-2),
      expiresInSeconds: HAND_OFF_MINUTES * 60,
    });
    expect(answer.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    const [sms] = await smsTo(a);
    expect(sms!.body).toContain(`It works once, for ${HAND_OFF_MINUTES} minutes`);
    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json().state).toBe('waiting');

    const p = phone();
    const opened = await p.open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ providerUrl: null });
    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json().state).toBe('opened');

    expect((await p.capture('front')).json()).toEqual({ side: 'front', captured: ['front'] });
    await p.capture('back');
    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json()).toMatchObject({
      state: 'opened',
      captured: ['front', 'back'],
      isDone: false,
    });
    await p.capture('selfie');
    const submitted = await p.call('POST', `${CAPTURE}/Submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().isDone).toBe(true);

    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json()).toEqual({
      state: 'done',
      captured: ['front', 'back', 'selfie'],
      isDone: true,
      nextPath: '/single/legalterms',
    });
    // The photos are in: the phone's session is over, and no new link is given.
    expect((await p.capture('front')).statusCode).toBe(401);
    const after = await a.call('POST', HAND_OFF_API_PATHS.start);
    expect(after.statusCode).toBe(409);
    expect(after.json().nextPath).toBe('/single/legalterms');
    // Counted in the funnel as a return by the hand-off.
    const events = await t.app.db
      .selectFrom('funnel_events')
      .innerJoin('funnels', 'funnels.funnel_id', 'funnel_events.funnel_id')
      .innerJoin('applicants', 'applicants.id', 'funnels.applicant_id')
      .select(['funnel_events.step', 'funnel_events.detail'])
      .where('applicants.email', '=', a.email)
      .where('funnel_events.kind', '=', 'return')
      .execute();
    expect(events).toEqual([{ step: 'idverifyterms', detail: 'handOff' }]);
  });

  it('opens once: a second opening, on this phone or another, says the link was used', async () => {
    const a = await onPhotoStep();
    const { token } = await handOff(a);
    expect((await phone().open(token)).statusCode).toBe(200);
    for (const again of [phone('10.88.0.10'), phone('10.88.0.11')]) {
      const res = await again.open(token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({
        title: 'Link used',
        detail: 'This link was already opened. Ask for a new one on your computer.',
      });
      // The refused phone has no session.
      expect((await again.capture('front')).statusCode).toBe(401);
    }
    const unknown = await phone().open('x'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().title).toBe('Link expired');
  });

  it('works 15 minutes: the link opens until then and not after; the session ends with it', async () => {
    const a = await onPhotoStep();
    const issuedAt = new Date();
    t.app.providers.clock.now = () => issuedAt;
    const late = await handOff(a);
    at(HAND_OFF_MINUTES, issuedAt);
    const expired = await phone().open(late.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      title: 'Link expired',
      detail: 'This link has expired. Ask for a new one on your computer.',
    });
    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json().state).toBe('expired');

    t.app.providers.clock.now = () => issuedAt;
    const inTime = await handOff(a);
    at(HAND_OFF_MINUTES - 0.1, issuedAt);
    const p = phone();
    expect((await p.open(inTime.token)).statusCode).toBe(200);
    expect((await p.capture('front')).statusCode).toBe(200);
    at(HAND_OFF_MINUTES, issuedAt);
    expect((await p.capture('back')).statusCode).toBe(401);
    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json()).toMatchObject({
      state: 'expired',
      captured: ['front'],
    });
  });

  it('is bound to its applicant, and a new link ends the older link and phone session', async () => {
    const a = await onPhotoStep();
    const b = await onPhotoStep();
    const first = await handOff(a);
    const p = phone();
    await p.open(first.token);
    await p.capture('front');
    expect((await a.call('GET', HAND_OFF_API_PATHS.status)).json().captured).toEqual(['front']);
    expect((await b.call('GET', HAND_OFF_API_PATHS.status)).json().captured).toEqual([]);

    const unopened = await handOff(b);
    const second = await handOff(b);
    expect((await phone().open(unopened.token)).json().title).toBe('Link expired');
    const q = phone('10.88.0.12');
    await q.open(second.token);
    await handOff(b);
    // The newer link ended the phone session the older one opened.
    expect((await q.capture('front')).statusCode).toBe(401);
  });

  it('a link that no longer works texts a new one to the verified phone, which ends the older session', async () => {
    const a = await onPhotoStep();
    const first = await handOff(a);
    const p = phone();
    await p.open(first.token);
    const q = phone('10.88.0.13');
    expect((await q.open(first.token)).statusCode).toBe(410);
    const sent = (await smsTo(a)).length;
    const renewed = await q.renew(first.token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toEqual({ sms: 'sent' });
    const texts = await smsTo(a);
    expect(texts.length).toBe(sent + 1);
    const token = HAND_OFF_LINK.exec(texts[0]!.body)![1]!;
    expect(token).not.toBe(first.token);
    expect((await q.open(token)).statusCode).toBe(200);
    // The session the older link opened is over.
    expect((await p.capture('front')).statusCode).toBe(401);
    expect((await q.capture('front')).statusCode).toBe(200);

    // An unknown link sends nothing.
    expect((await phone().renew('y'.repeat(43))).json()).toEqual({ sms: 'noPhone' });
    // Nor does any link once the photos are in.
    await q.capture('back');
    await q.capture('selfie');
    expect((await q.call('POST', `${CAPTURE}/Submit`)).statusCode).toBe(200);
    expect((await q.renew(token)).json()).toEqual({ sms: 'noPhone' });
    expect((await smsTo(a)).length).toBe(sent + 1);
  });

  it('the phone’s session reaches the capture and nothing else of the application', async () => {
    const a = await onPhotoStep();
    const { token } = await handOff(a);
    const p = phone();
    await p.open(token);
    const calls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/api/omo/Application'],
      ['PUT', '/api/omo/Application/Address', {}],
      ['GET', '/api/omo/Application/Sin/Reveal'],
      ['POST', '/api/omo/DocumentVerification/Start', { consent: true }],
      ['GET', '/api/omo/DocumentVerification/Status'],
      ['POST', '/api/omo/DocumentVerification/InPerson'],
      ['POST', HAND_OFF_API_PATHS.start],
      ['GET', HAND_OFF_API_PATHS.status],
      ['POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' }],
      ['POST', '/api/omo/Session/Extend'],
      ['POST', '/api/omo/SaveApplication', {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await p.call(method, url, payload);
      expect([401, 403], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect((await p.capture('front')).statusCode).toBe(200);
  });

  it('sends the SMS within the phone’s hourly send ceilings, and still gives the QR code past them', async () => {
    const a = await onPhotoStep();
    const limit = t.config.phoneSendLimitPerNumberPerHour;
    // The verification code was the first send to this number.
    for (let i = 1; i < limit; i += 1) await handOff(a);
    const refused = await a.call('POST', HAND_OFF_API_PATHS.start);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ sms: 'ceiling', phoneEnding: null });
    expect(refused.json().qrSvg).toMatch(/^<svg/);
    expect((await smsTo(a)).length).toBe(limit - 1);
  });

  it('is refused before the consent to the ID verification', async () => {
    const a = new TestApplicant(t.app, { lastName: 'Review' });
    await a.progress('accountUsage');
    const early = await a.call('POST', HAND_OFF_API_PATHS.start);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Agree to the ID verification terms first.');
  });
});
