/**
 * What a submission asks of the database: under load its statements are its cost (decision 0016). The job
 * queue's own polling and upkeep are left out of the count; the job the claim sends is in it.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

/** The SQL text of a call into PGlite (a statement, or a protocol message holding one). */
const textOf = (message: unknown) =>
  typeof message === 'string' ? message : Buffer.from(message as Uint8Array).toString('latin1');

describe('the statements of a submission (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  // 22: the claim also freezes the answers the decision is taken from (a read and an insert); the funnel's
  // events are 2 more, the welcome e-mail 2 more (the e-mail and its sending job).
  it('claims, decides and stores an approval in 22 statements, begin and commit included, and records its funnel events and its e-mail in 2 each', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const calls = [
      vi.spyOn(PGlite.prototype, 'query'),
      vi.spyOn(PGlite.prototype, 'exec'),
      vi.spyOn(PGlite.prototype, 'execProtocol'),
    ];
    const res = await applicant.submit();
    const statements = calls
      .flatMap((spy) => spy.mock.calls.map(([message]) => textOf(message)))
      .filter((sql) => !sql.includes('pgboss.') || sql.includes('INSERT INTO pgboss.job'));
    for (const spy of calls) spy.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(res.json<{ primaryCustNo: string | null }>().primaryCustNo).toBeTruthy();
    // The funnel: the decision read for the outcome, and the submit and outcome events in one insert.
    expect(statements.filter((sql) => sql.includes('funnel'))).toHaveLength(1);
    expect(statements.filter((sql) => /insert into "?email_deliveries/i.test(sql))).toHaveLength(1);
    expect(statements).toHaveLength(26);
  });
});
