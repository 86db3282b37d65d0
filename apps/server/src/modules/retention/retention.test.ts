import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import { RETENTION_CRON, RETENTION_QUEUE } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe.each(TEST_DATABASES)('retention of personal data on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { JOB_POLL_SECONDS: '0.5', DECISION_WAIT_SECONDS: '10' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.app.db;

  async function idsOf(a: TestApplicant): Promise<{ applicantId: string; applicationId: string }> {
    const row = await db()
      .selectFrom('applicants')
      .select(['id', 'application_id'])
      .where('email', '=', a.email)
      .executeTakeFirstOrThrow();
    return { applicantId: row.id, applicationId: row.application_id };
  }

  /** Makes an applicant's application, its applicants and sessions look untouched for `days` days. */
  async function age(a: TestApplicant, days: number): Promise<void> {
    const { applicationId } = await idsOf(a);
    const then = daysAgo(days);
    await db()
      .updateTable('applications')
      .set({ updated_at: then })
      .where('id', '=', applicationId)
      .execute();
    await db()
      .updateTable('applicants')
      .set({ updated_at: then })
      .where('application_id', '=', applicationId)
      .execute();
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: then })
      .where(
        'applicant_id',
        'in',
        db().selectFrom('applicants').select('id').where('application_id', '=', applicationId),
      )
      .execute();
  }

  async function rowsOf(a: TestApplicant) {
    const { applicantId, applicationId } = await idsOf(a).catch(() => ({
      applicantId: '',
      applicationId: '',
    }));
    const count = async (
      table: 'applications' | 'applicants' | 'sessions' | 'identity_documents' | 'document_runs' | 'members',
      column: 'id' | 'applicant_id',
      value: string,
    ) =>
      (
        await db()
          .selectFrom(table)
          .select(sql`1`.as('x'))
          .where(column, '=', value)
          .execute()
      ).length;
    return {
      application: applicationId ? await count('applications', 'id', applicationId) : 0,
      applicant: applicantId ? await count('applicants', 'id', applicantId) : 0,
      sessions: applicantId ? await count('sessions', 'applicant_id', applicantId) : 0,
      photos: applicantId ? await count('identity_documents', 'applicant_id', applicantId) : 0,
      documentRuns: applicantId ? await count('document_runs', 'applicant_id', applicantId) : 0,
      members: applicantId ? await count('members', 'applicant_id', applicantId) : 0,
    };
  }

  /** Two applicants to whom the sandbox has sent a code: one to age, one to keep. */
  async function twoApplicantsSentACode(): Promise<[TestApplicant, TestApplicant]> {
    const pair: [TestApplicant, TestApplicant] = [
      await new TestApplicant(t.app).progress('personalInfo'),
      await new TestApplicant(t.app).progress('personalInfo'),
    ];
    for (const a of pair) {
      expect((await a.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' })).statusCode).toBe(
        200,
      );
    }
    return pair;
  }

  it('deletes the phone send events older than the hour of the ceilings and keeps the fresh ones', async () => {
    const [old, fresh] = await twoApplicantsSentACode();
    const eventsOf = async (a: TestApplicant) => {
      const { applicantId } = await idsOf(a);
      return db()
        .selectFrom('phone_send_events')
        .selectAll()
        .where('applicant_id', '=', applicantId)
        .execute();
    };
    const { applicantId } = await idsOf(old);
    await db()
      .updateTable('phone_send_events')
      .set({ created_at: new Date(Date.now() - 61 * 60 * 1000) } as never)
      .where('applicant_id', '=', applicantId)
      .execute();

    const report = await t.app.retention.run();
    expect(report.sendEvents).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(old)).toEqual([]);
    expect(await eventsOf(fresh)).toHaveLength(1);
  });

  it("deletes the sandbox's verifications a day after they expired and its messages after the drafts' 30 days", async () => {
    const [old, fresh] = await twoApplicantsSentACode();
    const numberOf = (a: TestApplicant) => `+1${a.phoneNumber.replace(/\D/g, '')}`;
    const sandboxRowsOf = async (a: TestApplicant) => ({
      verifications: (
        await db().selectFrom('phone_verifications').select('sid').where('to', '=', numberOf(a)).execute()
      ).length,
      messages: (await db().selectFrom('outbox').select('id').where('to', '=', numberOf(a)).execute()).length,
    });
    expect(await sandboxRowsOf(old)).toEqual({ verifications: 1, messages: 1 });
    await db()
      .updateTable('phone_verifications')
      .set({ expires_at: new Date(Date.now() - DAY_MS - 60_000) } as never)
      .where('to', '=', numberOf(old))
      .execute();
    await db()
      .updateTable('outbox')
      .set({ sent_at: daysAgo(31) } as never)
      .where('to', '=', numberOf(old))
      .execute();

    const report = await t.app.retention.run();
    expect(report.sandboxVerifications).toBeGreaterThanOrEqual(1);
    expect(report.sandboxMessages).toBeGreaterThanOrEqual(1);
    expect(await sandboxRowsOf(old)).toEqual({ verifications: 0, messages: 0 });
    expect(await sandboxRowsOf(fresh)).toEqual({ verifications: 1, messages: 1 });
  });

  it('purges a draft untouched for 30 days with its applicant, sessions and photos; its cookie reaches nothing', async () => {
    // The Review persona is asked for photos of an ID and a selfie, stored encrypted.
    const abandoned = await new TestApplicant(t.app, { lastName: 'Review' }).progress('documents');
    expect((await rowsOf(abandoned)).photos).toBe(3);
    const recent = await new TestApplicant(t.app).progress('personalInfo');
    const idle = await new TestApplicant(t.app).progress('personalInfo');
    await age(abandoned, 31);
    await age(idle, 29);
    const cookie = abandoned.cookie;

    await t.app.retention.run();

    expect(await rowsOf(abandoned)).toEqual({
      application: 0,
      applicant: 0,
      sessions: 0,
      photos: 0,
      documentRuns: 0,
      members: 0,
    });
    abandoned.cookie = cookie;
    expect((await abandoned.view()).statusCode).toBe(401);
    // A draft touched within the 30 days stays; a session idle past its hour goes, not its draft.
    expect((await recent.view()).statusCode).toBe(200);
    expect(await rowsOf(idle)).toMatchObject({ application: 1, applicant: 1, sessions: 0 });
    // Nothing is left to delete: a second run (or a second process) changes nothing.
    expect(await t.app.retention.run()).toEqual({
      funnelEvents: 0,
      sendEvents: 0,
      sessions: 0,
      drafts: 0,
      photos: 0,
      sandboxVerifications: 0,
      sandboxMessages: 0,
    });
  });

  it('keeps a submitted application, its applicant, member and accounts, however old', async () => {
    const member = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const saved = await member.submit();
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await rowsOf(member);
    expect(before).toMatchObject({ application: 1, applicant: 1, members: 1 });
    const { applicantId } = await idsOf(member);
    const accounts = () =>
      db()
        .selectFrom('accounts')
        .innerJoin('members', 'members.member_number', 'accounts.member_number')
        .select('accounts.account_number')
        .where('members.applicant_id', '=', applicantId)
        .execute();
    expect(await accounts()).toHaveLength(1);
    await age(member, 400);

    await t.app.retention.run();

    expect(await rowsOf(member)).toMatchObject({ application: 1, applicant: 1, members: 1, sessions: 0 });
    expect(await accounts()).toHaveLength(1);
  });

  it('deletes a photo 365 days after it was taken, even from a draft still in use', async () => {
    const draft = await new TestApplicant(t.app, { lastName: 'Review' }).progress('documents');
    const { applicantId } = await idsOf(draft);
    const takenDaysAgo = (days: number) =>
      db()
        .updateTable('identity_documents')
        .set({ created_at: daysAgo(days) } as never)
        .where('applicant_id', '=', applicantId)
        .execute();
    await takenDaysAgo(364);
    await t.app.retention.run();
    expect((await rowsOf(draft)).photos).toBe(3);
    await takenDaysAgo(366);
    await t.app.retention.run();
    expect(await rowsOf(draft)).toMatchObject({ application: 1, applicant: 1, photos: 0 });
  });

  it("folds the funnel's events into counts per day after the funnel's 90 days, keeping the newer ones", async () => {
    const a = await new TestApplicant(t.app).progress('personalInfo');
    const b = await new TestApplicant(t.app).progress('personalInfo');
    const funnelIds = await db()
      .selectFrom('funnels as f')
      .innerJoin('applicants as p', 'p.id', 'f.applicant_id')
      .select('f.funnel_id')
      .where('p.email', 'in', [a.email, b.email])
      .execute();
    const ids = funnelIds.map((f) => f.funnel_id);
    const old = new Date(Date.UTC(2020, 0, 15, 10));
    await db().updateTable('funnel_events').set({ hour: old }).where('funnel_id', 'in', ids).execute();
    const newer = await db()
      .selectFrom('funnel_events')
      .select('id')
      .where('funnel_id', 'not in', ids)
      .execute();

    expect((await t.app.retention.run()).funnelEvents).toBe(4);

    expect(
      await db().selectFrom('funnel_events').select('id').where('funnel_id', 'in', ids).execute(),
    ).toEqual([]);
    expect(await db().selectFrom('funnel_events').select('id').execute()).toHaveLength(newer.length);
    const daily = await db()
      .selectFrom('funnel_daily')
      .select(['step', 'kind', 'events', 'funnels'])
      .where(sql<boolean>`day = '2020-01-15'`)
      .orderBy('step')
      .execute();
    expect(daily).toEqual([
      { step: 'createprofile', kind: 'submit', events: 2, funnels: 2 },
      { step: 'personalinfo', kind: 'submit', events: 2, funnels: 2 },
    ]);
  });

  it('runs from the job queue, scheduled every hour', async () => {
    const bossSchema = t.schema ?? 'pgboss';
    const schedules = await sql<{ name: string; cron: string; timezone: string | null }>`
      select name, cron, timezone from ${sql.table(`${bossSchema}.schedule`)}`.execute(db());
    expect(schedules.rows).toContainEqual({ name: RETENTION_QUEUE, cron: RETENTION_CRON, timezone: 'UTC' });

    const a = await new TestApplicant(t.app).progress('personalInfo');
    await age(a, 31);
    await t.app.jobs.send(RETENTION_QUEUE, {});
    await vi.waitFor(async () => expect((await rowsOf(a)).application).toBe(0), {
      timeout: 30_000,
      interval: 250,
    });
  });
});
