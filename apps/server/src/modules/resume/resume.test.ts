import { RESUME_LINK_ATTEMPTS, RESUME_LINKS_PER_HOUR } from '@omo/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkCodeMailedTo, TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RESUME_LINK = /\/resume\/open\?token=([A-Za-z0-9_-]+)/;
const CODE_IN_MAIL = /(?:Your code is|Votre code est) (\d{6})\./;

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
}

describe.each(TEST_DATABASES)('coming back later on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { JOB_POLL_SECONDS: '0.5' } });
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(() => {
    t.app.providers.clock.now = () => new Date();
  });

  const outbox = async () => (await t.app.inject('/api/dev/outbox')).json<OutboxMessage[]>();
  const post = (url: string, payload: object, ip = '10.77.0.1', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** The SMS code last sent to the applicant's phone. */
  const smsCodeOf = async (applicant: TestApplicant, after: number) => {
    const to = `+1${applicant.phoneNumber.replace(/\D/g, '')}`;
    const sms = (await outbox()).filter((m) => m.channel === 'sms' && m.to === to);
    expect(sms.length).toBeGreaterThan(after);
    return /\b(\d{6})\b/.exec(sms[0]!.body)![1]!;
  };
  const smsCount = async (applicant: TestApplicant) => {
    const to = `+1${applicant.phoneNumber.replace(/\D/g, '')}`;
    return (await outbox()).filter((m) => m.channel === 'sms' && m.to === to).length;
  };
  /** An applicant who stopped at the address (phone verified), with their resume link. */
  async function stoppedAtAddress(ip?: string) {
    const applicant = new TestApplicant(t.app, ip ? { ip } : {});
    await applicant.progress('phone');
    const asked = await applicant.call('POST', '/api/omo/resume/RequestLink', {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ requested: true });
    const token = await linkCodeMailedTo(t.app, applicant.email, RESUME_LINK);
    return { applicant, token };
  }

  it('e-mails a link; its page sends a code to the verified phone; the code opens a new session where the applicant left', async () => {
    const { applicant, token } = await stoppedAtAddress();
    expect(token.length).toBeGreaterThanOrEqual(43);
    const mail = (await outbox()).find((m) => m.to === applicant.email && RESUME_LINK.test(m.body))!;
    expect(mail.subject).toContain('the link to your application');
    const oldCookie = applicant.cookie;

    const sentBefore = await smsCount(applicant);
    const opened = await post('/api/omo/resume/OpenLink', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    // Nothing of the application before the code: only where the code went.
    expect(opened.json()).toEqual({ channel: 'sms' });
    const code = await smsCodeOf(applicant, sentBefore);

    const wrong = await post('/api/omo/resume/VerifyCode', {
      token,
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ path: 'code', key: 'resumeCode.invalid' }),
    ]);
    expect(wrong.cookies).toEqual([]);

    const right = await post('/api/omo/resume/VerifyCode', { token, code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ nextPath: '/single/address' });
    const session = right.cookies.find((c) => c.name.endsWith('omo_session'))!;
    const view = await t.app.inject({
      url: '/api/omo/Application',
      headers: { cookie: `${session.name}=${session.value}` },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ nextPath: '/single/address', personalInfo: { firstName: 'Ada' } });
    // The new session replaced the old one (rotation).
    expect(
      (await t.app.inject({ url: '/api/omo/Application', headers: { cookie: oldCookie } })).statusCode,
    ).toBe(401);

    // Single use: the link is spent.
    const again = await post('/api/omo/resume/OpenLink', { token });
    expect(again.statusCode).toBe(410);
    expect((await post('/api/omo/resume/VerifyCode', { token, code })).statusCode).toBe(410);
  });

  it('sends the code to the e-mail when the phone was not verified, in the application language', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.start();
    const asked = await post('/api/omo/resume/RequestLink', {
      email: applicant.email.toUpperCase(),
      language: 'fr',
    });
    expect(asked.statusCode).toBe(200);
    const token = await linkCodeMailedTo(t.app, applicant.email, RESUME_LINK);
    const link = (await outbox()).find((m) => m.to === applicant.email && RESUME_LINK.test(m.body))!;
    expect(link.subject).toContain('le lien vers votre demande');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/omo/resume/OpenLink',
      payload: { token },
      headers: { cookie: 'omo.lang=fr' },
    });
    expect(opened.json()).toEqual({ channel: 'email' });
    const code = await linkCodeMailedTo(t.app, applicant.email, CODE_IN_MAIL);
    const mail = (await outbox()).find((m) => m.to === applicant.email && CODE_IN_MAIL.test(m.body))!;
    expect(mail.body).toContain('Votre code est');
    const right = await post('/api/omo/resume/VerifyCode', { token, code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().nextPath).toMatch(/^\/single\//);
  });

  it('refuses an unknown, expired or replaced link with the same 410', async () => {
    expect((await post('/api/omo/resume/OpenLink', { token: 'A'.repeat(43) })).statusCode).toBe(410);

    const { applicant, token } = await stoppedAtAddress();
    // Past the draft's retention days, the link no longer works.
    t.app.providers.clock.now = () => new Date(Date.now() + (t.config.draftRetentionDays * DAY_MS + 60_000));
    const expired = await post('/api/omo/resume/OpenLink', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().title).toBe('Link ended');
    t.app.providers.clock.now = () => new Date();

    // A new link ends the older one.
    expect(
      await t.app.resume.sendLink({ applicantId: await applicantIdOf(applicant.email), language: 'en' }),
    ).toBe(true);
    expect((await post('/api/omo/resume/OpenLink', { token })).statusCode).toBe(410);
  });

  const applicantIdOf = async (email: string) =>
    (
      await t.app.db
        .selectFrom('applicants')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  it('answers the same for an e-mail with a draft and one without, and e-mails only the draft', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.start();
    const unknown = `nobody.${Date.now()}@example.com`;
    const known = await post('/api/omo/resume/RequestLink', { email: applicant.email }, '10.77.1.1');
    const none = await post('/api/omo/resume/RequestLink', { email: unknown }, '10.77.1.2');
    expect(none.statusCode).toBe(known.statusCode);
    expect(none.body).toBe(known.body);
    expect(none.headers['content-type']).toBe(known.headers['content-type']);
    // The work is done off the request path: both answers only queue a job.
    await linkCodeMailedTo(t.app, applicant.email, RESUME_LINK);
    expect(await t.app.resume.sendLink({ email: unknown, language: 'en' })).toBe(false);
    expect((await outbox()).some((m) => m.to === unknown)).toBe(false);
  });

  it(`sends at most ${RESUME_LINKS_PER_HOUR} links per applicant in an hour, and sends none for a submitted application`, async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.start();
    const id = await applicantIdOf(applicant.email);
    // The request job, run directly: a request beyond the limit sends nothing.
    await t.app.db.deleteFrom('one_time_tokens').where('applicant_id', '=', id).execute();
    for (let i = 0; i < RESUME_LINKS_PER_HOUR; i += 1)
      expect(await t.app.resume.sendLink({ applicantId: id, language: 'en' })).toBe(true);
    expect(await t.app.resume.sendLink({ email: applicant.email, language: 'en' })).toBe(false);
    t.app.providers.clock.now = () => new Date(Date.now() + 61 * 60_000);
    expect(await t.app.resume.sendLink({ email: applicant.email, language: 'en' })).toBe(true);
    t.app.providers.clock.now = () => new Date();

    const decided = new TestApplicant(t.app);
    await decided.progress('reviewConsent');
    expect((await decided.submit()).statusCode).toBe(200);
    expect(await t.app.resume.sendLink({ email: decided.email, language: 'en' })).toBe(false);
  });

  it('limits link requests per IP', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        (await post('/api/omo/resume/RequestLink', { email: `x${i}@example.com` }, '10.77.2.1')).statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it(`ends a link after ${RESUME_LINK_ATTEMPTS} codes sent and wrong codes, and limits code requests per IP`, async () => {
    const { token } = await stoppedAtAddress();
    expect((await post('/api/omo/resume/OpenLink', { token }, '10.77.3.1')).statusCode).toBe(200);
    const statuses = [];
    for (let i = 1; i < RESUME_LINK_ATTEMPTS; i += 1) {
      statuses.push(
        (await post('/api/omo/resume/VerifyCode', { token, code: '000000' }, '10.77.3.1')).statusCode,
      );
    }
    expect(statuses).toEqual(Array(RESUME_LINK_ATTEMPTS - 1).fill(400));
    expect((await post('/api/omo/resume/OpenLink', { token }, '10.77.3.2')).statusCode).toBe(429);
    expect(
      (await post('/api/omo/resume/VerifyCode', { token, code: '123456' }, '10.77.3.2')).statusCode,
    ).toBe(429);

    const perIp = [];
    for (let i = 0; i < 11; i += 1) {
      perIp.push((await post('/api/omo/resume/OpenLink', { token: `unknown${i}` }, '10.77.3.3')).statusCode);
    }
    expect(perIp).toEqual([...Array(10).fill(410), 429]);
  });

  it('takes an application decided after the link was sent to its outcome page, not back into the steps', async () => {
    const { applicant, token } = await stoppedAtAddress();
    await applicant.completeUpTo('reviewConsent', 'address');
    expect((await applicant.submit()).statusCode).toBe(200);
    const sent = await smsCount(applicant);
    expect((await post('/api/omo/resume/OpenLink', { token })).statusCode).toBe(200);
    const code = await smsCodeOf(applicant, sent);
    const right = await post('/api/omo/resume/VerifyCode', { token, code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ nextPath: '/single/confirmapplication' });
  });

  it('counts the return in the funnel at the step it comes back to: the events after it are marked resumed', async () => {
    const { applicant, token } = await stoppedAtAddress();
    const sent = await smsCount(applicant);
    await post('/api/omo/resume/OpenLink', { token });
    const code = await smsCodeOf(applicant, sent);
    const right = await post('/api/omo/resume/VerifyCode', { token, code });
    const session = right.cookies.find((c) => c.name.endsWith('omo_session'))!;
    applicant.cookie = `${session.name}=${session.value}`;
    await applicant.completeUpTo('address', 'address');
    const funnel = await t.app.db
      .selectFrom('funnels as f')
      .innerJoin('funnel_events as e', 'e.funnel_id', 'f.funnel_id')
      .select(['e.step', 'e.kind', 'e.detail', 'e.resumed'])
      .where('f.applicant_id', '=', await applicantIdOf(applicant.email))
      .orderBy('e.id')
      .execute();
    expect(funnel.filter((e) => e.resumed)).toEqual([
      { step: 'address', kind: 'return', detail: 'resumeLink', resumed: true },
      { step: 'address', kind: 'submit', detail: '', resumed: true },
    ]);
    expect(funnel.filter((e) => !e.resumed).length).toBeGreaterThan(0);
  });
});
