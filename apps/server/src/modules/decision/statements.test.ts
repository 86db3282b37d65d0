/**
 * What a submission asks of the database: under load its statements are its cost (decision 0016). The job
 * queue's own polling and upkeep are left out of the count; the job the claim sends is in it.
 */
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it, vi } from 'vitest';
import { TestApplicant, validLegalTerms, type SaveResponse } from '../../testing/applicant.ts';
import { TEST_DATABASES, useTestApp } from '../../testing/test-app.ts';

/** The SQL text of a call into PGlite (a statement, or a protocol message holding one). */
/** Statements of a step save, and of them the reads of step_answers (the session's, the SIN's, the save's). */
const STEP_SAVE = 9;
const STEP_SAVE_READS = 3;

const textOf = (message: unknown) =>
  typeof message === 'string' ? message : Buffer.from(message as Uint8Array).toString('latin1');

/** Runs `call` and answers the statements it sent to PGlite (the job queue's own upkeep left out). */
async function statementsOf<T>(call: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const calls = [
    vi.spyOn(PGlite.prototype, 'query'),
    vi.spyOn(PGlite.prototype, 'exec'),
    vi.spyOn(PGlite.prototype, 'execProtocol'),
  ];
  const result = await call();
  const statements = calls
    .flatMap((spy) => spy.mock.calls.map(([message]) => textOf(message)))
    .filter((sql) => !sql.includes('pgboss.') || sql.includes('INSERT INTO pgboss.job'));
  for (const spy of calls) spy.mockRestore();
  return { result, statements };
}

describe('the statements of a step save (PGlite)', () => {
  const t = useTestApp(TEST_DATABASES[0]!);

  // 9 (13 before migration 0013 and the one save service): the session's read, the SIN's read (its one
  // decryption), the occupations, then the save's transaction: begin, the application's lock, the answer,
  // the applicant read back (the identity's binding checked on it, with the SIN already known), commit;
  // and the funnel's submit event. The view is derived from the applicant the transaction read back: no
  // further read of the answers or of the SIN (before: the answers 3 times and the SIN 4 times).
  it('stores the legal terms of an applicant who gave a SIN in STEP_SAVE statements, funnel included', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2002'] }).progress('documents');
    const { result: res, statements } = await statementsOf(() =>
      applicant.put('LegalTerms', validLegalTerms),
    );
    expect(res.statusCode).toBe(200);
    expect(statements.filter((sql) => /step_answers/i.test(sql) && /select/i.test(sql))).toHaveLength(
      STEP_SAVE_READS,
    );
    expect(statements).toHaveLength(STEP_SAVE);
  });
});

describe('the statements of a submission (PGlite)', () => {
  const t = useTestApp(TEST_DATABASES[0]!);

  // 20: the session's read; the claim (begin, the lock, the decision, the terms, the answers read to be
  // frozen, the snapshot and the staff search's e-mail digest in one insert, the job, commit); the core's
  // membership check, then the member and its accounts in one statement (a retry reads them back); the
  // outcome (begin, the lock, the decision, the photos deleted, the outcome report, the e-mail and its
  // sending job, commit); the funnel's submit and outcome events in one insert, the outcome taken from the
  // submission's own answer.
  it('claims, decides and stores an approval in 20 statements, begin and commit included, and records its funnel events in 1 and its e-mail in 2', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const { result: res, statements } = await statementsOf(() => applicant.submit());
    expect(res.statusCode).toBe(200);
    expect(res.json<{ primaryCustNo: string | null }>().primaryCustNo).toBeTruthy();
    expect(statements.filter((sql) => sql.includes('funnel'))).toHaveLength(1);
    expect(statements.filter((sql) => /insert into "?email_deliveries/i.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /insert into "?application_email_digests/i.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /insert into "?(members|accounts)/i.test(sql))).toHaveLength(1);
    expect(statements).toHaveLength(20);
  });

  // The claim's job (for a process that dies before deciding) still runs once the decision was taken
  // while the applicant waited: it reads the decision alone, not the applicant's answers.
  it("the claim's job finds the decision taken in 1 statement", async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const res = await applicant.submit();
    expect(res.statusCode).toBe(200);
    const { applicationId } = res.json<SaveResponse>();
    const { statements } = await statementsOf(() => t.app.decisions.finish(applicationId));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/select "decision" from "applications"/i);
  });
});
