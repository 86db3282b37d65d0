// The outcome of an application is reported once (spec 001 §4.9): pending (ID in person), unsuccessful
// (refused), complete (a member was made); a savings offer reports only once it is answered; a late
// decision reports when its job decides. Repeated submits, acceptances and page views never add a report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant, type TestApplicantOptions } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

describe.each(TEST_DATABASES)('the outcome report on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: { DECISION_WAIT_SECONDS: '1', SANDBOX_SLOW_DECISION_SECONDS: '2', JOB_POLL_SECONDS: '0.5' },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function ready(options: TestApplicantOptions = {}): Promise<TestApplicant> {
    return new TestApplicant(t.app, { productIds: ['2001'], ...options }).progress('reviewConsent');
  }

  /** The reports of an applicant's application. */
  const reportsOf = async (a: TestApplicant) =>
    t.app.db
      .selectFrom('outcome_reports as r')
      .innerJoin('applicants as p', 'p.application_id', 'r.application_id')
      .select('r.report')
      .where('p.email', '=', a.email)
      .execute();

  it.each([
    ['Lovelace', 'complete'],
    ['Fallback', 'pending'],
    ['Decline', 'unsuccessful'],
    ['Blocked', 'unsuccessful'],
  ])('%s: reported once as %s, however often submitted and viewed', async (lastName, report) => {
    const a = await ready({ lastName });
    await a.submit();
    await Promise.all([a.submit(), a.submit(), a.view(), a.view()]);
    expect(await reportsOf(a)).toEqual([{ report }]);
  });

  it('a savings offer reports nothing until accepted, then complete once', async () => {
    const a = await ready({ lastName: 'Offer' });
    await a.submit();
    expect(await reportsOf(a)).toEqual([]);
    const accepted = await Promise.all([
      a.call('POST', '/api/omo/AcceptSavingsOffer', {}),
      a.call('POST', '/api/omo/AcceptSavingsOffer', {}),
    ]);
    expect(accepted.map((r) => r.statusCode)).toEqual([200, 200]);
    await a.call('POST', '/api/omo/AcceptSavingsOffer', {});
    expect(await reportsOf(a)).toEqual([{ report: 'complete' }]);
  });

  it('a late decision reports when its job decides, once', async () => {
    const a = await ready({ lastName: 'Slow' });
    await a.submit();
    expect(await reportsOf(a)).toEqual([]);
    const until = Date.now() + 30_000;
    while ((await reportsOf(a)).length === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await a.submit();
    expect(await reportsOf(a)).toEqual([{ report: 'complete' }]);
  });
});
