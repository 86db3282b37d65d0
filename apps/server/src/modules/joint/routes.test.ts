import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto.ts';
import {
  APPLICANT_ANSWERS,
  invitedCoApplicant,
  linkCodeMailedTo,
  TestApplicant,
  validShortAccountUsage,
  flagsOf,
  type OutboxMail,
  type SaveResponse,
} from '../../testing/applicant.ts';
import { buildTestApp, dropTestSchema, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import { memberCountOf } from '../../testing/records.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
describe.each(TEST_DATABASES)('joint applications on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: { DECISION_WAIT_SECONDS: '1', SANDBOX_SLOW_DECISION_SECONDS: '2', JOB_POLL_SECONDS: '0.5' },
      // Every call of this file comes from one address within a few minutes: the limits have their own tests.
      rateLimitMax: 100_000,
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.app.providers.clock.now = () => new Date();
  });

  /** Moves the server's clock `days` ahead of now. */
  const travel = (days: number) => {
    t.app.providers.clock.now = () => new Date(Date.now() + days * DAY_MS);
  };
  const emailsTo = async (to: string) =>
    (await t.app.inject('/api/dev/outbox'))
      .json<OutboxMail[]>()
      .filter((m) => m.channel === 'email' && m.to === to);
  /** The e-mail to `to` whose subject holds `subject`, once the outbox has it. */
  const mailWith = async (to: string, subject: string) => {
    for (let i = 0; i < 100; i += 1) {
      const found = (await emailsTo(to)).find((m) => m.subject.includes(subject));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`No e-mail to ${to} about '${subject}'`);
  };
  const lookup = (code: string, ip = '10.77.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/omo/GetApplicationFromJointCode',
      query: { jointCode: code },
      remoteAddress: ip,
    });
  const applyAsSingle = (query: Record<string, string>, password?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/omo/ApplyAsSingle',
      query,
      remoteAddress: '10.80.0.1',
      ...(password === undefined ? {} : { payload: { password } }),
    });
  const membersOf = (applicantId: string) => memberCountOf(t.app.db, applicantId);

  /** The co-applicant, joined and with every step done before the terms. */
  async function readyCoApplicant(options: Parameters<typeof invitedCoApplicant>[1] = {}) {
    const invited = await invitedCoApplicant(t.app, options);
    await invited.coApplicant.progress('reviewConsent');
    return invited;
  }

  it("answers 'primary complete' to a primary who named a co-applicant, and e-mails the co-applicant a link in the primary's language", async () => {
    const co = new TestApplicant(t.app, { flow: 'joint' });
    const primary = new TestApplicant(t.app, {
      productIds: ['2001'],
      coApplicant: { firstName: 'Grace', lastName: 'Hopper', email: co.email },
    });
    await primary.progress('reviewConsent');
    const res = await primary.submit({ language: 'fr' });
    expect(res.statusCode, res.body).toBe(200);
    const response = res.json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showPrimaryCompleteScreen']);
    expect(response.primaryCustNo).toBeNull();
    expect((await primary.view()).json()).toMatchObject({
      nextPath: '/single/confirmcoapplicantapplication',
    });
    // No membership yet: the primary's part waits for the co-applicant.
    expect(await membersOf(response.applicantId as string)).toBe(0);

    const code = await linkCodeMailedTo(t.app, co.email, /jointCode=([A-Za-z0-9_-]+)/);
    expect(code.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const [mail] = await emailsTo(co.email);
    expect(mail?.subject).toContain('adhésion conjointe');
    expect(mail?.body).toContain(`/joint/getstarted?jointCode=${code}`);

    // Only the hash of the code is stored; the e-mail's parameters are cleared once it is sent.
    const row = await t.app.db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('purpose', '=', 'jointInvitation')
      .where('token_hash', '=', sha256Hex(code))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    const deliveries = await t.app.db.selectFrom('email_deliveries').select('params').execute();
    expect(JSON.stringify(deliveries)).not.toContain(code);
    // Submitting again answers the same, and invites once.
    expect(flagsOf((await primary.submit()).json<SaveResponse>())).toEqual(['showPrimaryCompleteScreen']);
    expect(await emailsTo(co.email)).toHaveLength(1);
  });

  it("answers the joint code with the co-applicant's names, e-mail and products, and who invited them (the primary's name, nothing else of theirs)", async () => {
    const { coApplicant, primary } = await invitedCoApplicant(t.app, {
      primary: { productIds: ['2001', '2003'] },
    });
    const res = await lookup(coApplicant.jointCode!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      isExpired: false,
      productIds: ['2001', '2003'],
      jointFirstName: APPLICANT_ANSWERS.personalInfo.firstName,
      jointLastName: coApplicant.lastName,
      jointEmail: coApplicant.email,
      inviterFirstName: primary.personalInfo().firstName,
      inviterLastName: primary.personalInfo().lastName,
    });
    expect(res.body).not.toContain(primary.email);
  });

  it('lets the primary resend the invitation, or correct the e-mail, until the co-applicant starts', async () => {
    const { primary, coApplicant } = await invitedCoApplicant(t.app);
    const resend = (who: TestApplicant, email: string) =>
      who.call('POST', '/api/omo/JointInvitation/Resend', { email });
    const bad = await resend(primary, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'email', key: 'email.invalid' })]);
    // The same address: the same link, sent again.
    const again = await resend(primary, coApplicant.email);
    expect(again.statusCode, again.body).toBe(204);
    await expect.poll(async () => (await emailsTo(coApplicant.email)).length, { timeout: 20_000 }).toBe(2);
    // A corrected address: the invitation goes there, and only that address may start.
    const corrected = `grace.${Date.now()}@example.com`;
    expect((await resend(primary, corrected)).statusCode).toBe(204);
    const mail = await mailWith(corrected, '');
    expect(mail.body).toContain(coApplicant.jointCode!);
    expect((await lookup(coApplicant.jointCode!)).json().jointEmail).toBe(corrected);
    const old = await coApplicant.call(
      'POST',
      '/api/omo/InitializeApplication',
      coApplicant.initializeBody(),
    );
    expect(old.statusCode).toBe(400);
    expect(old.json().errors).toEqual([expect.objectContaining({ path: 'email', key: 'email.notInvited' })]);
  });

  it('refuses the resend once the co-applicant started, and to the co-applicant', async () => {
    const { primary, coApplicant } = await invitedCoApplicant(t.app);
    await coApplicant.progress('personalInfo');
    const before = (await emailsTo(coApplicant.email)).length;
    const toCo = await coApplicant.call('POST', '/api/omo/JointInvitation/Resend', {
      email: coApplicant.email,
    });
    expect(toCo.statusCode).toBe(403);
    const late = await primary.call('POST', '/api/omo/JointInvitation/Resend', { email: coApplicant.email });
    expect(late.statusCode).toBe(409);
    expect(await emailsTo(coApplicant.email)).toHaveLength(before);
  });

  it('answers an unknown code with the typed not-found, and a missing one with a 400', async () => {
    const unknown = await lookup('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, title: 'Not Found' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/omo/GetApplicationFromJointCode' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe("The parameter 'jointCode' cannot be null.");
  });

  it('limits the lookups of one code (from any address) and of one address (any code)', async () => {
    const { coApplicant } = await invitedCoApplicant(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await lookup(coApplicant.jointCode!, `10.78.${i}.1`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);

    const guesses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      guesses.push((await lookup(`guess${i}`.padEnd(43, 'x'), '10.79.0.1')).statusCode);
    expect(guesses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(guesses[10]).toBe(429);
  });

  it('joins the co-applicant to the same application through the code, and refuses the joint flow without one', async () => {
    const { coApplicant, primary } = await invitedCoApplicant(t.app);
    await coApplicant.start();
    expect(coApplicant.appRefNo).toBe(primary.appRefNo.replace(/P$/, 'J'));
    const view = (await coApplicant.view()).json();
    expect(view).toMatchObject({ flow: 'joint', nextPath: '/joint/personalinfo', email: coApplicant.email });
    // The primary's decision is not the co-applicant's.
    expect(view.decision).toBeNull();

    const without = new TestApplicant(t.app, { flow: 'joint' });
    const res = await without.call('POST', '/api/omo/InitializeApplication', without.initializeBody());
    expect(res.statusCode).toBe(400);
    const wrong = new TestApplicant(t.app, { flow: 'joint', jointCode: 'B'.repeat(43) });
    expect(
      (await wrong.call('POST', '/api/omo/InitializeApplication', wrong.initializeBody())).statusCode,
    ).toBe(404);
  });

  it('asks the co-applicant for the code e-mailed to the invited address before making their profile', async () => {
    const { coApplicant } = await invitedCoApplicant(t.app);
    const start = (emailCode?: string) =>
      coApplicant.call('POST', '/api/omo/InitializeApplication', {
        ...coApplicant.initializeBody(),
        ...(emailCode === undefined ? {} : { emailCode }),
      });
    const keyOf = (res: Awaited<ReturnType<typeof start>>) =>
      res.json<{ errors: { path: string; key: string }[] }>().errors.map((e) => `${e.path}:${e.key}`);
    const without = await start();
    expect(without.statusCode).toBe(400);
    expect(keyOf(without)).toEqual(['emailCode:emailCode.required']);
    expect(without.cookies).toHaveLength(0);

    const code = await coApplicant.requestEmailCode();
    const mail = await mailWith(coApplicant.email, 'your code');
    expect(mail.body).toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(keyOf(await start(wrong))).toEqual(['emailCode:emailCode.invalid']);
    expect(keyOf(await start(wrong))).toEqual(['emailCode:emailCode.invalid']);
    // The third wrong entry spends the code: even the right one no longer works.
    expect(keyOf(await start(wrong))).toEqual(['emailCode:emailCode.expired']);
    expect(keyOf(await start(code))).toEqual(['emailCode:emailCode.expired']);

    // Ten guesses at once get no further than three.
    const other = await coApplicant.requestEmailCode();
    const guesses = Array.from({ length: 10 }, (_, i) =>
      String((Number(other) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    await Promise.all(guesses.map((guess) => start(guess)));
    expect(keyOf(await start(other))).toEqual(['emailCode:emailCode.expired']);

    const fresh = await coApplicant.requestEmailCode();
    const res = await start(fresh);
    expect(res.statusCode, res.body).toBe(200);
    expect((await coApplicant.view()).json()).toMatchObject({ flow: 'joint', email: coApplicant.email });
  });

  it('sends a limited number of e-mail codes per invitation, and none for an unknown code', async () => {
    const { coApplicant } = await invitedCoApplicant(t.app);
    const send = (jointCode: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/omo/JointEmailCode',
        query: { jointCode },
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await send(coApplicant.jointCode!, `10.81.${i}.1`)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    expect((await send('C'.repeat(43), '10.81.9.1')).statusCode).toBe(404);
  });

  it('refuses a co-applicant profile with another e-mail than the invited one', async () => {
    const { coApplicant } = await invitedCoApplicant(t.app);
    const res = await coApplicant.call('POST', '/api/omo/InitializeApplication', {
      ...coApplicant.initializeBody(),
      email: 'someone.else@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'email', key: 'email.notInvited' })]);
    expect(res.cookies).toHaveLength(0);
  });

  it('never replaces a co-applicant who started: another browser goes on only with their password', async () => {
    const { coApplicant } = await invitedCoApplicant(t.app);
    await coApplicant.progress('identityConsent');
    const stranger = new TestApplicant(t.app, { flow: 'joint', jointCode: coApplicant.jointCode });
    // Even with the invited mailbox's code: the co-applicant who started keeps their place.
    const body = {
      ...stranger.initializeBody(),
      email: coApplicant.email,
      emailCode: coApplicant.emailCode,
    };
    const refused = await stranger.call('POST', '/api/omo/InitializeApplication', {
      ...body,
      password: 'Another1pw',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: 'password', key: 'password.jointStarted' }),
    ]);
    expect(stranger.cookie).toBe('');
    // The co-applicant's draft is untouched.
    expect((await coApplicant.view()).json()).toMatchObject({ nextPath: '/joint/legalterms' });

    // The co-applicant themself, on another device, goes on where they were.
    const sameOnPhone = new TestApplicant(t.app, { flow: 'joint', jointCode: coApplicant.jointCode });
    const again = await sameOnPhone.call('POST', '/api/omo/InitializeApplication', body);
    expect(again.statusCode, again.body).toBe(200);
    expect((await sameOnPhone.view()).json()).toMatchObject({
      nextPath: '/joint/legalterms',
      email: coApplicant.email,
    });
  });

  it('lets one of two browsers starting at once be the co-applicant, and refuses the other', async () => {
    const { coApplicant } = await invitedCoApplicant(t.app);
    const emailCode = await coApplicant.requestEmailCode();
    const browsers = ['Firstpw1', 'Secondpw2'].map((password) => {
      const browser = new TestApplicant(t.app, { flow: 'joint', jointCode: coApplicant.jointCode });
      return browser.call('POST', '/api/omo/InitializeApplication', {
        ...browser.initializeBody(),
        email: coApplicant.email,
        emailCode,
        password,
      });
    });
    const statuses = (await Promise.all(browsers)).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const rows = await t.app.db
      .selectFrom('applicants')
      .select('id')
      .where('email', '=', coApplicant.email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses the co-applicant's submission once the invitation has ended (/error/5), and decides nothing", async () => {
    const { coApplicant, primary } = await readyCoApplicant();
    travel(7.01);
    const res = await coApplicant.submit();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ nextPath: '/error/5' });
    expect((await coApplicant.view()).json().decision).toBeNull();
    expect((await primary.view()).json()).toMatchObject({
      nextPath: '/single/confirmcoapplicantapplication',
    });
  });

  it("holds a co-applicant whose legal name is not the invited one for the staff's review: processing, nothing opened", async () => {
    const { coApplicant, primary } = await readyCoApplicant({
      invitedAs: { firstName: 'Grace', lastName: 'Hopper' },
    });
    const res = await coApplicant.submit();
    expect(res.statusCode, res.body).toBe(200);
    const response = res.json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
    expect(response.primaryCustNo).toBeNull();
    expect((await coApplicant.view()).json()).toMatchObject({ nextPath: '/joint/processingapplication' });
    expect((await primary.view()).json()).toMatchObject({
      nextPath: '/single/confirmcoapplicantapplication',
    });
    expect(await membersOf(response.applicantId as string)).toBe(0);
    // The primary is told the co-applicant finished and the application is reviewed, without the reason.
    const told = await mailWith(primary.email, 'joint application');
    expect(told.body).toContain('reviewing');
    expect(told.body).not.toMatch(/name|applyassingle/i);
  });

  it('accepts the invited name written with other case and accents', async () => {
    const { coApplicant } = await readyCoApplicant({
      invitedAs: { firstName: 'ÁDA', lastName: APPLICANT_ANSWERS.personalInfo.lastName.toLowerCase() },
    });
    const response = (await coApplicant.submit()).json<SaveResponse>();
    expect(response.jointCustNo).toMatch(/^\d{6,}$/);
  });

  it("keeps the primary's answers out of the co-applicant's view, and refuses their account-usage save", async () => {
    const { coApplicant, primary } = await invitedCoApplicant(t.app, {
      primary: { productIds: ['2003'] },
    });
    await coApplicant.progress('reviewConsent');
    const before = (await primary.view()).json();
    expect(before.accountUsage).not.toBeNull();
    expect(before.products).not.toBeNull();
    const view = (await coApplicant.view()).json();
    expect(view).toMatchObject({ accountUsage: null, products: null, promoCode: '', referralCode: '' });
    expect(view.productIds).toEqual(['2003']);

    const usage = await coApplicant.call('PUT', '/api/omo/Application/AccountUsage', {
      '2003': validShortAccountUsage,
    });
    expect(usage.statusCode).toBe(403);
    expect((await primary.view()).json().accountUsage).toEqual(before.accountUsage);
  });

  it('decides the joint application with both applicants: a member number each, both e-mailed, the code spent', async () => {
    const { primary, coApplicant } = await readyCoApplicant();
    const res = await coApplicant.submit();
    expect(res.statusCode, res.body).toBe(200);
    const response = res.json<SaveResponse>();
    expect(flagsOf(response)).toEqual([]);
    expect(response.primaryCustNo).toMatch(/^\d{6,}$/);
    expect(response.jointCustNo).toMatch(/^\d{6,}$/);
    expect(response.jointCustNo).not.toBe(response.primaryCustNo);
    expect((await coApplicant.view()).json()).toMatchObject({ nextPath: '/joint/confirmapplication' });
    expect((await primary.view()).json()).toMatchObject({ nextPath: '/single/confirmapplication' });

    const welcome = async (to: string) =>
      (await emailsTo(to)).find((m) => m.subject.startsWith('Welcome')) ?? undefined;
    for (const to of [primary.email, coApplicant.email]) {
      for (let i = 0; i < 100 && !(await welcome(to)); i += 1) await new Promise((r) => setTimeout(r, 200));
      expect(await welcome(to)).toBeDefined();
    }
    expect((await lookup(coApplicant.jointCode!)).statusCode).toBe(404);
    // A repeated submit answers the same numbers.
    expect((await coApplicant.submit()).json()).toMatchObject({
      primaryCustNo: response.primaryCustNo,
      jointCustNo: response.jointCustNo,
    });
  });

  it('makes one membership per applicant when the co-applicant submits five times at once', async () => {
    const { primary, coApplicant } = await readyCoApplicant();
    const answers = await Promise.all(Array.from({ length: 5 }, () => coApplicant.submit()));
    const numbers = new Set(answers.map((r) => `${r.json().primaryCustNo}/${r.json().jointCustNo}`));
    expect(numbers.size).toBe(1);
    const primaryId = (await primary.view()).json().decision.response.applicantId as string;
    expect(await membersOf(primaryId)).toBe(1);
    const coId = answers[0]!.json().applicantId as string;
    expect(await membersOf(coId)).toBe(1);
  });

  it("refuses a blocked co-applicant (/error/2) without showing the primary the co-applicant's refusal", async () => {
    const { primary, coApplicant } = await readyCoApplicant({ coApplicant: { lastName: 'Blocked' } });
    const res = await coApplicant.submit();
    expect(flagsOf(res.json<SaveResponse>())).toEqual(['showBlockListErrorScreen']);
    expect((await coApplicant.view()).json()).toMatchObject({ nextPath: '/error/2' });
    expect((await primary.view()).json()).toMatchObject({
      nextPath: '/single/confirmcoapplicantapplication',
    });
    // The primary is told the joint round cannot go on (never why) and offered to go on alone.
    const told = await mailWith(primary.email, 'joint application');
    expect(told.body).not.toMatch(/block/i);
    const code = /applyassingle\?code=([A-Za-z0-9_-]+)&ApplicantType=primary/.exec(told.body)?.[1];
    expect(code).toBeDefined();
    const alone = await applyAsSingle({ code: code!, type: 'primary' }, APPLICANT_ANSWERS.password);
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json<SaveResponse>().primaryCustNo).toMatch(/^\d{6,}$/);
    expect(await membersOf(res.json<SaveResponse>().applicantId as string)).toBe(0);
  });

  it('tells the primary when the co-applicant is sent to show ID in person, and offers going on alone', async () => {
    const { primary } = await readyCoApplicant({ coApplicant: { lastName: 'Fallback' } }).then(
      async (invited) => {
        expect(flagsOf((await invited.coApplicant.submit()).json<SaveResponse>())).toEqual([
          'showCanadaPostScreen',
        ]);
        return invited;
      },
    );
    const told = await mailWith(primary.email, 'joint application');
    expect(told.body).toContain('applyassingle?code=');
    expect(told.body).not.toMatch(/in person|identity/i);
  });

  it('declines the joint membership when the co-applicant is the Decline persona, for both', async () => {
    const { primary, coApplicant } = await readyCoApplicant({ coApplicant: { lastName: 'Decline' } });
    expect(flagsOf((await coApplicant.submit()).json<SaveResponse>())).toEqual(['showDeclineScreen']);
    expect((await primary.view()).json()).toMatchObject({ nextPath: '/single/applicationdecline' });
  });

  it('sends the primary to ID in person and invites the co-applicant; the co-applicant then finishes: joint complete', async () => {
    const { primary, coApplicant, submitted } = await invitedCoApplicant(t.app, {
      primary: { productIds: ['2001'], lastName: 'Fallback' },
    });
    expect(flagsOf(submitted.json<SaveResponse>())).toEqual(['showCanadaPostScreen']);
    await coApplicant.progress('reviewConsent');
    const res = await coApplicant.submit();
    expect(flagsOf(res.json<SaveResponse>())).toEqual(['showJointCompleteScreen']);
    expect((await coApplicant.view()).json()).toMatchObject({ nextPath: '/joint/jointcomplete' });
    expect((await primary.view()).json()).toMatchObject({ nextPath: '/single/verifyidentification' });
  });

  it('reminds the co-applicant two days before the end, once, with the same link', async () => {
    const { coApplicant } = await invitedCoApplicant(t.app);
    travel(4.9);
    await t.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' });
    expect((await emailsTo(coApplicant.email)).some((m) => m.subject.startsWith('Reminder'))).toBe(false);
    travel(5.1);
    const first = await t.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' });
    expect(first.json().reminded).toBeGreaterThanOrEqual(1);
    await t.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' });
    const isReminder = (m: OutboxMail) => m.subject.startsWith('Reminder');
    for (let i = 0; i < 100 && !(await emailsTo(coApplicant.email)).some(isReminder); i += 1) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const mails = await emailsTo(coApplicant.email);
    const reminders = mails.filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toContain(`jointCode=${coApplicant.jointCode}`);
  });

  it('ends the invitation after 7 days: expired on lookup, /error/5 on start, and the primary may go on alone once', async () => {
    const { primary, coApplicant } = await invitedCoApplicant(t.app);
    travel(7.01);
    expect((await lookup(coApplicant.jointCode!)).json()).toMatchObject({ isExpired: true });
    const late = await coApplicant.call(
      'POST',
      '/api/omo/InitializeApplication',
      coApplicant.initializeBody(),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ nextPath: '/error/5' });

    await t.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' });
    await t.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' });
    const code = await linkCodeMailedTo(
      t.app,
      primary.email,
      /applyassingle\?code=([A-Za-z0-9_-]+)&ApplicantType=primary/,
    );
    expect((await emailsTo(primary.email)).filter((m) => m.body.includes('applyassingle'))).toHaveLength(1);

    const password = APPLICANT_ANSWERS.password;
    expect((await applyAsSingle({ code, type: 'joint' }, password)).statusCode).toBe(404);
    expect((await applyAsSingle({ code }, password)).statusCode).toBe(400);
    // The code alone (a mail scanner following the link) does nothing: no session, no decision.
    const scanned = await applyAsSingle({ code, type: 'primary' });
    expect(scanned.statusCode).toBe(400);
    expect(scanned.cookies).toHaveLength(0);
    const wrong = await applyAsSingle({ code, type: 'primary' }, 'Wrong1pass');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ path: 'password', key: 'password.wrong' }),
    ]);
    expect(wrong.cookies).toHaveLength(0);
    expect((await primary.view()).json()).toMatchObject({
      nextPath: '/single/confirmcoapplicantapplication',
    });
    const res = await applyAsSingle({ code, type: 'primary' }, password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SaveResponse>().primaryCustNo).toMatch(/^\d{6,}$/);
    const session = res.cookies.find((c) => c.name.endsWith('omo_session'));
    expect(session).toBeDefined();
    const view = await t.app.inject({
      url: '/api/omo/Application',
      cookies: { [session!.name]: session!.value },
    });
    expect(view.json()).toMatchObject({ nextPath: '/single/confirmapplication' });
    // Once only; the joint code no longer works.
    expect((await applyAsSingle({ code, type: 'primary' }, password)).statusCode).toBe(404);
    expect((await lookup(coApplicant.jointCode!)).statusCode).toBe(404);
  });

  it('refuses an apply-as-single link past its days', async () => {
    const { primary } = await invitedCoApplicant(t.app);
    travel(7.01);
    await t.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' });
    const code = await linkCodeMailedTo(t.app, primary.email, /applyassingle\?code=([A-Za-z0-9_-]+)/);
    travel(7.01 + 14.01);
    const res = await applyAsSingle({ code, type: 'primary' }, APPLICANT_ANSWERS.password);
    expect(res.statusCode).toBe(404);
  });
});

describe('a joint code opens only its own application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, {
      env: { DECISION_WAIT_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("refuses another invitation's code to a co-applicant, whatever session they hold", async () => {
    const a = await invitedCoApplicant(t.app, { primary: { productIds: ['2001'] } });
    const b = await invitedCoApplicant(t.app, { primary: { productIds: ['2001', '2003'] } });
    // A's co-applicant, signed in on A, uses B's code: B invited someone else, so they stay A's.
    await a.coApplicant.start();
    const codeOfA = a.coApplicant.jointCode!;
    a.coApplicant.jointCode = b.coApplicant.jointCode;
    const res = await a.coApplicant.call(
      'POST',
      '/api/omo/InitializeApplication',
      a.coApplicant.initializeBody(),
    );
    expect(res.statusCode).toBe(400);
    expect((await a.coApplicant.view()).json()).toMatchObject({ productIds: ['2001'] });
    // A's code still opens A, and only A.
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/omo/GetApplicationFromJointCode',
      query: { jointCode: codeOfA },
    });
    expect(lookup.json()).toMatchObject({ productIds: ['2001'], jointEmail: a.coApplicant.email });
  });
});

describe.runIf(process.env.DATABASE_URL)('the joint sweep across a restart (PostgreSQL)', () => {
  it('sends the reminder and the end notice once each, whichever process sweeps', async () => {
    const database = TEST_DATABASES.find((d) => d.name === 'postgres')!;
    const env = { DECISION_WAIT_SECONDS: '1', JOB_POLL_SECONDS: '0.5' };
    const first = await buildTestApp(database, { env });
    const { primary, coApplicant } = await invitedCoApplicant(first.app);
    const ahead = (app: TestApp, days: number) => {
      app.app.providers.clock.now = () => new Date(Date.now() + days * DAY_MS);
    };
    const sweep = async (app: TestApp) =>
      (await app.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' })).json<{
        reminded: number;
        ended: number;
      }>();
    ahead(first, 5.1);
    expect(await sweep(first)).toEqual({ reminded: 1, ended: 0 });
    await first.app.close();

    const second = await buildTestApp(database, { env, databaseSchema: first.schema });
    try {
      ahead(second, 5.1);
      expect(await sweep(second)).toEqual({ reminded: 0, ended: 0 });
      ahead(second, 7.1);
      expect(await sweep(second)).toEqual({ reminded: 0, ended: 1 });
      expect(await sweep(second)).toEqual({ reminded: 0, ended: 0 });
      await linkCodeMailedTo(second.app, primary.email, /applyassingle\?code=([A-Za-z0-9_-]+)/);
      // The reminder queued by the first process is delivered (by the second), once.
      await linkCodeMailedTo(second.app, coApplicant.email, /until [^:]+: \S+jointCode=([A-Za-z0-9_-]+)/);
      const mails = (await second.app.inject('/api/dev/outbox')).json<OutboxMail[]>();
      expect(
        mails.filter((m) => m.to === coApplicant.email && m.subject.startsWith('Reminder')),
      ).toHaveLength(1);
      expect(mails.filter((m) => m.to === primary.email && m.body.includes('applyassingle'))).toHaveLength(1);
    } finally {
      await second.close();
      await dropTestSchema(database.databaseUrl!, first.schema!);
    }
  }, 180_000);
});
