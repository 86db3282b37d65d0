import { DECIDING, DECISION_OUTCOMES, queueReasonOf, type Decision, type DecisionState } from '@omo/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { newRequestId, staffCall, useStaffTestApp } from '../../testing/staff.ts';
import { TEST_DATABASES } from '../../testing/test-app.ts';
import type { QueuePage } from './queue.ts';

describe.each(TEST_DATABASES)('the staff queue on $name', (database) => {
  /** Fallback cases in the order they were submitted: reference, id, e-mail. */
  const cases: { applicationId: string; reference: string; email: string }[] = [];
  let opened: string;

  const [t, rita] = useStaffTestApp(database, ['rita']);
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const a = new TestApplicant(t.app, { productIds: [i === 0 ? '2002' : '2001'], lastName: 'Fallback' });
      await a.start();
      await a.completeUpTo('reviewConsent');
      const res = await a.submit();
      const body = res.json<{ applicationId: string; appRefNo: string }>();
      cases.push({ applicationId: body.applicationId, reference: body.appRefNo, email: a.email });
    }
    const approved = new TestApplicant(t.app, { productIds: ['2001'] });
    await approved.start();
    await approved.completeUpTo('reviewConsent');
    opened = (await approved.submit()).json<{ applicationId: string }>().applicationId;
  }, 180_000);

  const queue = async (query: Record<string, string> = {}) => {
    const res = await staffCall(t, rita, 'GET', `/api/queue?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QueuePage>();
  };
  const ids = (page: QueuePage) => page.rows.map((r) => r.applicationId);

  it('lists every case that needs a person, oldest first, with why, its age against the target and no personal data', async () => {
    const page = await queue();
    expect(ids(page)).toEqual(cases.map((c) => c.applicationId));
    expect(ids(page)).not.toContain(opened);
    expect(page.rows[0]).toMatchObject({
      reference: cases[0]!.reference,
      reason: 'inPersonId',
      state: 'awaitingInPersonId',
      productIds: ['2002'],
      ageHours: 0,
      targetHours: 72,
      late: false,
      assignee: null,
    });
    expect(JSON.stringify(page)).not.toMatch(/Fallback|@/);
  });

  it('pages by keyset in both orders, without a row twice or left out', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: QueuePage = await queue({ limit: '2', ...(next ? { after: next } : {}) });
      seen.push(...ids(page));
      next = page.next;
    } while (next);
    expect(seen).toEqual(cases.map((c) => c.applicationId));
    const newest = await queue({ order: 'newest', limit: '3' });
    const rest = await queue({ order: 'newest', limit: '3', after: newest.next! });
    expect([...ids(newest), ...ids(rest)]).toEqual(cases.map((c) => c.applicationId).reverse());
    expect(rest.next).toBeNull();
  });

  it('filters by reason, state, product, age and assignee', async () => {
    expect(ids(await queue({ reason: 'inPersonId' }))).toHaveLength(5);
    expect(ids(await queue({ reason: 'heldForReview' }))).toEqual([]);
    expect(ids(await queue({ state: 'decided' }))).toHaveLength(5);
    expect(ids(await queue({ state: 'pending' }))).toEqual([]);
    expect(ids(await queue({ product: '2002' }))).toEqual([cases[0]!.applicationId]);
    expect(ids(await queue({ olderThanHours: '1' }))).toEqual([]);
    expect(ids(await queue({ olderThanHours: '0' }))).toHaveLength(5);
    const mine = cases[2]!.applicationId;
    await staffCall(t, rita, 'POST', `/api/cases/${mine}/assign`, { requestId: newRequestId() });
    const assigned = await queue({ mine: 'true' });
    expect(ids(assigned)).toEqual([mine]);
    expect(assigned.rows[0]!.assignee).toEqual({ subject: 'rita', name: 'Rita Tremblay' });
  });

  it('finds a case by its whole reference number or e-mail address, never by a part of one', async () => {
    expect(ids(await queue({ q: cases[3]!.reference.toLowerCase() }))).toEqual([cases[3]!.applicationId]);
    expect(ids(await queue({ q: ` ${cases[1]!.email.toUpperCase()} ` }))).toEqual([cases[1]!.applicationId]);
    expect(ids(await queue({ q: cases[1]!.email.slice(0, 5) }))).toEqual([]);
    expect(ids(await queue({ q: 'nobody@example.com' }))).toEqual([]);
    // The addresses are stored only as keyed digests.
    const digests = await t.app.db.selectFrom('application_email_digests').select('digest').execute();
    expect(JSON.stringify(digests)).not.toContain('@');
  });

  it('refuses a malformed filter or cursor (400)', async () => {
    for (const query of [{ reason: 'everything' }, { after: "x' or 1=1" }, { limit: '1000' }] as Record<
      string,
      string
    >[]) {
      const res = await staffCall(t, rita, 'GET', `/api/queue?${new URLSearchParams(query)}`);
      expect(res.statusCode).toBe(400);
    }
  });

  it('gives the same reason in the database (indexed) as the domain, for every decision', async () => {
    const decisions: (Decision | null)[] = [null];
    for (const state of ['deciding', 'pending'] as DecisionState[]) decisions.push({ ...DECIDING, state });
    for (const outcome of DECISION_OUTCOMES) decisions.push({ ...DECIDING, state: 'decided', outcome });
    // Staff's question waiting on the applicant, over each outcome it may stand over.
    const asked = { message: 'Send a recent bill', askedAt: '2026-11-26T12:00:00.000Z' };
    for (const outcome of ['failed', 'inPerson', 'heldForReview'] as const)
      decisions.push({ ...DECIDING, state: 'decided', outcome, asked });
    for (const decision of decisions) {
      const { rows } = await sql<{ reason: string | null }>`select omo_staff_reason(${
        decision === null ? null : JSON.stringify(decision)
      }::jsonb) as reason`.execute(t.app.db);
      expect(rows[0]!.reason, JSON.stringify(decision)).toBe(queueReasonOf(decision));
    }
  });
});
