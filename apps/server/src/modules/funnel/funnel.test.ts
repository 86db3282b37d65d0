import { findPersonalValues, FUNNEL_VIEW_PATH, type FunnelEvent } from '@omo/domain';
import { describe, expect, it } from 'vitest';
import {
  APPLICANT_ANSWERS,
  invitedCoApplicant,
  TestApplicant,
  validAccountUsage,
  validLegalTerms,
} from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, useTestApp } from '../../testing/test-app.ts';
import { idsOf } from '../../testing/records.ts';
import { readFunnelEvents } from './repository.ts';

/** Everything a test applicant typed or was given: what no funnel event may hold. */
function answersOf(a: TestApplicant) {
  return {
    ...APPLICANT_ANSWERS,
    personalInfo: a.personalInfo(),
    email: a.email,
    phone: a.phoneNumber,
    ip: a.ip,
    code: a.code,
    appRefNo: a.appRefNo,
    accountUsage: validAccountUsage,
    legalTerms: validLegalTerms,
  };
}

describe.each(TEST_DATABASES)('funnel events on $name', (database) => {
  const t = useTestApp(database);

  const eventsOf = async (funnelId: string) =>
    (await readFunnelEvents(t.app.db)).filter((e) => e.funnelId === funnelId);
  const funnelIdOf = async (a: TestApplicant) => {
    const { applicantId } = await idsOf(t.app.db, a.email);
    const row = await t.app.db
      .selectFrom('funnels')
      .select('funnel_id')
      .where('applicant_id', '=', applicantId)
      .executeTakeFirstOrThrow();
    return row.funnel_id;
  };
  const view = (a: TestApplicant, stepId: string, device = 'phone') =>
    a.call('POST', FUNNEL_VIEW_PATH, { stepId, device });

  it('records views, submits, validation errors by key and the outcome, and nothing of the answers', async () => {
    const a = new TestApplicant(t.app);
    await a.start();
    expect((await view(a, 'personalinfo')).statusCode).toBe(204);
    await a.complete('personalInfo');
    await view(a, 'phoneverification');
    await a.complete('phone');
    await view(a, 'address');
    // A postal code of another province: refused with its message key.
    const refused = await a.put('Address', { ...APPLICANT_ANSWERS.address, postalCode: 'H2X 1Y4' });
    expect(refused.statusCode).toBe(400);
    await a.completeUpTo('reviewConsent', 'address');
    await view(a, 'reviewterms');
    expect((await a.submit()).statusCode).toBe(200);

    const events = await eventsOf(await funnelIdOf(a));
    const keyOf = (e: FunnelEvent) => `${e.step}:${e.kind}${e.detail ? `:${e.detail}` : ''}`;
    expect(events.map(keyOf)).toEqual([
      'createprofile:submit',
      'personalinfo:view',
      'personalinfo:submit',
      'phoneverification:view',
      'address:view',
      expect.stringMatching(/^address:error:address\.postalCode\.\w+$/),
      'address:submit',
      'confirmproducts:submit',
      'funding:submit',
      'sin:submit',
      'identityconsent:submit',
      'finalizeaccount:submit',
      'legalterms:submit',
      'reviewapplication:submit',
      'reviewterms:view',
      'reviewterms:submit',
      'reviewterms:outcome:approved',
    ]);
    expect(events[1]).toMatchObject({ flow: 'single', device: 'phone', language: 'en', product: 'gic' });
    expect(events[1]!.hour).toMatch(/T\d{2}:00:00\.000Z$/);
    expect(events.every((e) => e.resumed === false)).toBe(true);
    // The guard: none of the applicant's answers in any event.
    expect(findPersonalValues(events, answersOf(a))).toEqual([]);
  });

  it("counts the seconds since the funnel started by the server's clock", async () => {
    const clock = t.app.providers.clock;
    const realNow = clock.now;
    const start = Date.now();
    try {
      clock.now = () => new Date(start);
      const a = await new TestApplicant(t.app).progress('personalInfo');
      clock.now = () => new Date(start + 95_000);
      await view(a, 'phoneverification', 'desktop');
      const events = await eventsOf(await funnelIdOf(a));
      expect(events.at(-1)).toMatchObject({
        step: 'phoneverification',
        elapsedSeconds: 95,
        device: 'desktop',
      });
    } finally {
      clock.now = realNow;
    }
  });

  it('does not count a view without an application, or of a step not in the flow', async () => {
    const before = (await readFunnelEvents(t.app.db)).length;
    const stranger = new TestApplicant(t.app);
    expect((await view(stranger, 'address')).statusCode).toBe(204);
    const a = await new TestApplicant(t.app).progress('personalInfo');
    expect((await view(a, 'Ada Lovelace')).statusCode).toBe(204);
    expect((await view(a, 'address', 'watch')).statusCode).toBe(400);
    // Only the applicant's two own events (the profile and the personal-information submits).
    expect((await readFunnelEvents(t.app.db)).length).toBe(before + 2);
  });

  it("records the co-applicant's own funnel in the joint flow, to its outcome", async () => {
    const { primary, coApplicant } = await invitedCoApplicant(t.app);
    expect((await eventsOf(await funnelIdOf(primary))).at(-1)).toMatchObject({
      flow: 'single',
      kind: 'outcome',
      detail: 'primaryComplete',
    });
    await coApplicant.progress('reviewConsent');
    expect((await coApplicant.submit()).statusCode).toBe(200);
    const events = await eventsOf(await funnelIdOf(coApplicant));
    expect(events.every((e) => e.flow === 'joint')).toBe(true);
    expect(events.map((e) => `${e.step}:${e.kind}`)).toContain('address:submit');
    expect(events.at(-1)).toMatchObject({ step: 'reviewterms', kind: 'outcome' });
    expect(findPersonalValues(events, [answersOf(coApplicant), answersOf(primary)])).toEqual([]);
  });

  it('keeps no link from a deleted applicant to their events', async () => {
    const a = await new TestApplicant(t.app).progress('personalInfo');
    const funnelId = await funnelIdOf(a);
    await t.app.db.deleteFrom('applicants').where('email', '=', a.email).execute();
    const left = await t.app.db
      .selectFrom('funnels')
      .select('applicant_id')
      .where('funnel_id', '=', funnelId)
      .execute();
    expect(left).toEqual([]);
    expect((await eventsOf(funnelId)).length).toBe(2);
  });
});

describe('the guard as every test app closes', () => {
  it('fails the suite when an event holds what an applicant typed', async () => {
    const t = await buildTestApp(TEST_DATABASES[0]!);
    const a = await new TestApplicant(t.app).progress('personalInfo');
    const [event] = await t.app.db.selectFrom('funnel_events').selectAll().limit(1).execute();
    const { id: _id, ...row } = event!;
    await t.app.db
      .insertInto('funnel_events')
      .values({ ...row, detail: `address.${a.lastName}` })
      .execute();
    await expect(t.close()).rejects.toThrow(
      'Funnel events hold what an applicant typed: detail="address.Lovelace"',
    );
  });
});

describe('the guard (findPersonalValues)', () => {
  const event: FunnelEvent = {
    funnelId: '6f1c0d2e-8c1a-4b8e-9a55-0c6a3c1b2d3e',
    flow: 'single',
    step: 'address',
    kind: 'error',
    detail: 'address.postalCode.provinceMismatch',
    device: 'phone',
    language: 'en',
    product: 'gic',
    hour: '2026-11-26T12:00:00.000Z',
    elapsedSeconds: 1234,
    resumed: false,
  };
  const answers = { ...APPLICANT_ANSWERS, email: 'ada@example.com', ip: '10.9.0.1' };

  it('passes events that hold none of the answers', () => {
    expect(findPersonalValues([event], answers)).toEqual([]);
    // How an applicant came back: a closed list.
    const returns = (['resumeLink', 'reminder', 'handOff'] as const).map((detail): FunnelEvent => ({
      ...event,
      kind: 'return',
      detail,
    }));
    expect(findPersonalValues(returns, answers)).toEqual([]);
  });

  it.each([
    ['a last name in the detail', { detail: 'Lovelace' }, 'detail'],
    ['a first name inside a step', { step: 'address-ada' }, 'step'],
    ['a postal code, however spaced', { product: 'm5v3l9' }, 'product'],
    ['a last name as the product', { product: 'lovelace' }, 'product'],
    ['a name in a message key', { detail: 'address.review.lovelace' }, 'detail'],
    ['a phone number', { detail: '416-555-0100' }, 'detail'],
    ['an e-mail address', { language: 'ADA@example.com' }, 'language'],
    ['a SIN', { detail: 'sin 130 692 544' }, 'detail'],
    ['an exact time instead of the hour', { hour: '2026-11-26T12:34:56.000Z' }, 'hour'],
    ['a name for the funnel id', { funnelId: 'ada-lovelace' }, 'funnelId'],
    ['a name joined to a key', { detail: 'address.postalCodeLovelace' }, 'detail'],
    ['a field no event has', { ip: '10.9.0.1' }, 'ip'],
    ['a return by a way of no list', { kind: 'return', detail: 'lovelace' }, 'detail'],
  ])('catches a planted value: %s', (_what, planted, field) => {
    const findings = findPersonalValues([event, { ...event, ...planted }], answers);
    expect(findings.map((f) => [f.index, f.field])).toEqual([[1, field]]);
  });
});
