import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkCodeMailedTo, TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const UNSUBSCRIBE_LINK = /\/resume\/unsubscribe\?token=([A-Za-z0-9_-]+)/;

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
}

describe.each(TEST_DATABASES)('reminders on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { JOB_POLL_SECONDS: '0.5', REMINDER_DELAYS: '1h,3d' } });
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(() => {
    t.app.providers.clock.now = () => new Date();
  });

  const travel = (ms: number) => {
    t.app.providers.clock.now = () => new Date(Date.now() + ms);
  };
  /** The e-mails to `to` once every queued one is written (the sweep queues them; a job sends them). */
  const mailsTo = async (to: string, count: number) => {
    for (let i = 0; i < 150; i += 1) {
      const found = (await t.app.inject('/api/dev/outbox'))
        .json<OutboxMessage[]>()
        .filter((m) => m.channel === 'email' && m.to === to);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`fewer than ${count} e-mails to ${to}`);
  };
  const outboxTo = async (to: string) =>
    (await t.app.inject('/api/dev/outbox'))
      .json<OutboxMessage[]>()
      .filter((m) => m.channel === 'email' && m.to === to);
  /** Waits until nothing is left to send (the e-mails' queue is drained). */
  const drained = async () => {
    for (let i = 0; i < 150; i += 1) {
      const left = await t.app.db
        .selectFrom('email_deliveries')
        .select('key')
        .where('sent_at', 'is', null)
        .execute();
      if (left.length === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('e-mails still queued');
  };

  async function applicant(consent: boolean, language?: 'fr') {
    const a = new TestApplicant(t.app);
    const res = await a.call(
      'POST',
      '/api/omo/InitializeApplication',
      { ...a.initializeBody(), ...(consent ? { reminderConsent: true } : {}) },
      language ? { headers: { cookie: `omo.lang=${language}` } } : {},
    );
    expect(res.statusCode, res.body).toBe(200);
    return a;
  }

  it('reminds only applicants who asked, at the configured delays; the unsubscribe link stops the next; the end is announced once', async () => {
    const asked = await applicant(true);
    const askedInFrench = await applicant(true, 'fr');
    const silent = await applicant(false);

    // Within the first delay: nothing.
    travel(30 * 60_000);
    expect(await t.app.reminders.sweep()).toEqual({ reminded: 0, noticed: 0 });

    travel(2 * HOUR_MS);
    expect((await t.app.reminders.sweep()).reminded).toBe(2);
    const [first] = await mailsTo(asked.email, 1);
    expect(first!.subject).toContain('your application is waiting for you');
    expect(first!.body).toMatch(/\/resume\/open\?token=/);
    const [french] = await mailsTo(askedInFrench.email, 1);
    expect(french!.subject).toContain('votre demande vous attend');
    // A repeated sweep sends nothing twice.
    expect((await t.app.reminders.sweep()).reminded).toBe(0);

    // One click on the link unsubscribes: no second reminder for them; the other still gets theirs.
    const token = await linkCodeMailedTo(t.app, asked.email, UNSUBSCRIBE_LINK);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/resume/Unsubscribe',
      payload: { token },
    });
    expect(res.statusCode).toBe(204);
    travel(4 * DAY_MS);
    expect((await t.app.reminders.sweep()).reminded).toBe(1);
    await mailsTo(askedInFrench.email, 2);

    // The draft's end, 3 days before DRAFT_RETENTION_DAYS of idleness: announced once.
    travel((t.config.draftRetentionDays - 2) * DAY_MS);
    expect(await t.app.reminders.sweep()).toEqual({ reminded: 0, noticed: 1 });
    const mails = await mailsTo(askedInFrench.email, 3);
    expect(mails[0]!.subject).toContain('sera supprimée le');
    expect(await t.app.reminders.sweep()).toEqual({ reminded: 0, noticed: 0 });

    await drained();
    expect(await outboxTo(silent.email)).toEqual([]);
    expect(await outboxTo(asked.email)).toHaveLength(1);
  });

  it('answers an unknown unsubscribe token the same, and reminds nobody whose application was submitted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/resume/Unsubscribe',
      payload: { token: 'A'.repeat(43) },
    });
    expect(res.statusCode).toBe(204);

    const submitted = new TestApplicant(t.app);
    await submitted.call('POST', '/api/omo/InitializeApplication', {
      ...submitted.initializeBody(),
      reminderConsent: true,
    });
    await submitted.completeUpTo('reviewConsent');
    expect((await submitted.submit()).statusCode).toBe(200);
    travel(2 * HOUR_MS);
    await t.app.reminders.sweep();
    await drained();
    expect((await outboxTo(submitted.email)).filter((m) => m.subject?.includes('waiting'))).toEqual([]);
  });
});
