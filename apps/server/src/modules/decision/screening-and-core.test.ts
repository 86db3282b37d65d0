/**
 * Sanctions screening and core-banking failures in the decision: a screening hit is held for the credit
 * union's staff (processing page, nothing opened, a log line); a core that fails leaves the decision
 * retrying with the job's backoff, never a half-opened member, and once the retries are spent the
 * application is in the staff queue. Through the sandbox screening, and through the OpenSanctions and
 * Fineract adapters against their local fakes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applicantStateOf, type Decision } from '@omo/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCapture, eventually } from '../../faults/log-capture.ts';
import { startFakeFineract, type FakeFineract } from '../../providers/banking/fineract.fake.ts';
import {
  startFakeOpenSanctions,
  type FakeOpenSanctions,
} from '../../providers/screening/opensanctions.fake.ts';
import { TestApplicant, flagsOf, type SaveResponse } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import {
  buildStaffTestApp,
  newRequestId,
  signInEmbeddedStaff,
  staffCall,
  type SignedInStaff,
  type StaffTestApp,
} from '../../testing/staff.ts';
import { toDecision } from '../application/repository.ts';
import { queueQuerySchema, readQueue } from '../staff/queue.ts';

async function decisionOf(t: TestApp, applicationId: string): Promise<Decision | null> {
  const row = await t.app.db
    .selectFrom('applications')
    .select('decision')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return toDecision(row.decision);
}

/** The one client the core opened for the applicant: its id and what it holds. */
function theOneClientOf(fineract: FakeFineract, applicantId: string) {
  const clients = [...fineract.clients.entries()].filter(([, c]) => c.body.externalId === applicantId);
  expect(clients).toHaveLength(1);
  return clients[0]!;
}

async function membersOf(t: TestApp, applicantId: string) {
  return t.app.db.selectFrom('members').selectAll().where('applicant_id', '=', applicantId).execute();
}

/** The application's row in the staff queue (as GET /api/queue lists it), or undefined. */
async function queueRowOf(t: TestApp, applicationId: string) {
  const page = await readQueue(
    t.app.db,
    t.app.ciphers.digests,
    queueQuerySchema.parse({ reason: 'heldForReview', limit: '200' }),
    'test-staff',
  );
  return page.rows.find((r) => r.applicationId === applicationId);
}

const FINERACT = { username: 'omo', password: 'fake-password', tenant: 'omo' };

/**
 * The environment that opens members in this fake Fineract: its address and credentials, and a mapping
 * file (in the temp folder) with Fineract's ids for these fixture products.
 */
function fineractEnv(
  fineract: FakeFineract,
  products: Record<string, { type: 'savings' | 'fixedDeposit'; productId: number }>,
): Record<string, string> {
  const mappingFile = path.join(mkdtempSync(path.join(tmpdir(), 'omo-fineract-')), 'mapping.json');
  const mapping = {
    officeId: 1,
    legalFormId: 1,
    sinDocumentTypeId: 1,
    addressTypeIds: { home: 1, mailing: 2 },
    stateProvinceIds: { ON: 9 },
    countryIds: { CA: 1 },
    datatables: {
      compliance: 'omo_compliance',
      accountUsage: 'omo_account_usage',
      jointHolder: 'omo_joint_holder',
    },
    products,
  };
  writeFileSync(mappingFile, JSON.stringify(mapping));
  return {
    CORE_BANKING_PROVIDER: 'fineract',
    FINERACT_URL: fineract.baseUrl,
    FINERACT_TENANT: FINERACT.tenant,
    FINERACT_USERNAME: FINERACT.username,
    FINERACT_PASSWORD: FINERACT.password,
    FINERACT_MAPPING_FILE: mappingFile,
  };
}

/** Boris Embargov, a fictional listed person of the sandbox screening (README). */
const LISTED = { lastName: 'Embargov', person: { firstName: 'Boris', birthDate: '1961-03-14' } };

describe.each(TEST_DATABASES)('sandbox screening in the decision on $name', (database) => {
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    t = await buildTestApp(database, {
      logStream: log.stream,
      env: { LOG_LEVEL: 'info', DECISION_WAIT_SECONDS: '2' },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('holds a listed person for staff review: the processing page, nothing opened, a log line', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'], ...LISTED }).progress(
      'reviewConsent',
    );
    const res = await applicant.submit();
    expect(res.statusCode, res.body).toBe(200);
    const response = res.json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
    expect(response.primaryCustNo).toBeNull();
    const decision = await decisionOf(t, response.applicationId);
    expect(decision).toMatchObject({
      state: 'decided',
      outcome: 'heldForReview',
      reviewReason: 'screeningHit',
    });
    expect(applicantStateOf('primary', decision)).toBe('awaitingStaff');
    expect(await membersOf(t, response.applicantId)).toEqual([]);
    const line = log.lines.find((l) => l.event === 'screening-hit');
    expect(line).toMatchObject({
      level: 40,
      msg: 'application held for staff review: the sanctions screening matched the applicant',
      provider: 'sandbox',
      matchId: 'omo-sandbox-1',
      score: 0.99,
      threshold: 0.7,
    });
    expect(JSON.stringify(line)).not.toMatch(/Boris|Embargov|1961/);
    // Staff find it in their queue, with why.
    expect(await queueRowOf(t, response.applicationId)).toMatchObject({
      reason: 'heldForReview',
      reviewReason: 'screeningHit',
      state: 'heldForReview',
    });
    // Held: the answers can no longer change, and a second submit answers the same.
    expect((await applicant.submit()).json<SaveResponse>()).toMatchObject({ showTimeoutScreen: true });
  });

  it('opens the membership of someone the screening does not match', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const response = (await applicant.submit()).json<SaveResponse>();
    expect(response.primaryCustNo).toMatch(/^\d+$/);
  });
});

describe('OpenSanctions screening and the Fineract core in the decision (pglite)', () => {
  let t: TestApp;
  let sanctions: FakeOpenSanctions;
  let fineract: FakeFineract;
  const log = logCapture();
  beforeAll(async () => {
    sanctions = await startFakeOpenSanctions('os-key');
    fineract = await startFakeFineract(FINERACT);
    t = await buildTestApp(TEST_DATABASES[0]!, {
      logStream: log.stream,
      env: {
        LOG_LEVEL: 'info',
        DECISION_WAIT_SECONDS: '2',
        JOB_POLL_SECONDS: '0.5',
        JOB_RETRY_SECONDS: '1',
        SCREENING_PROVIDER: 'opensanctions',
        OPENSANCTIONS_URL: sanctions.baseUrl,
        OPENSANCTIONS_API_KEY: 'os-key',
        ...fineractEnv(fineract, {
          '2001': { type: 'savings', productId: 1 },
          '2002': { type: 'savings', productId: 2 },
          '2003': { type: 'fixedDeposit', productId: 1 },
        }),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sanctions.close();
    await fineract.close();
  });

  /**
   * Submits: the decision is retrying for `reason` (`whileRetrying` checks what was not opened); then the
   * dead letter's work, as pg-boss runs it once the job's last retry failed, holds it for staff (`heldFor`).
   */
  async function retryingThenHeld(
    applicant: TestApplicant,
    reason: string,
    heldFor: string,
    whileRetrying: (applicantId: string) => Promise<void>,
  ): Promise<void> {
    const response = (await applicant.submit()).json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
    const retrying = await decisionOf(t, response.applicationId);
    expect(retrying).toMatchObject({ state: 'pending', retrying: { reason } });
    expect(applicantStateOf('primary', retrying)).toBe('retrying');
    await whileRetrying(response.applicantId);
    await t.app.decisions.fail(response.applicationId);
    const held = await decisionOf(t, response.applicationId);
    expect(held).toMatchObject({ state: 'decided', outcome: 'heldForReview', reviewReason: heldFor });
    expect(applicantStateOf('primary', held)).toBe('awaitingStaff');
  }

  it('holds a person OpenSanctions matches above the threshold; Fineract is never called for them', async () => {
    const applicant = await new TestApplicant(t.app, {
      productIds: ['2001'],
      lastName: 'Blockhaus',
      person: { firstName: 'Ilse', birthDate: '1970-01-15' },
    }).progress('reviewConsent');
    const before = fineract.requests.length;
    const response = (await applicant.submit()).json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
    expect(await decisionOf(t, response.applicationId)).toMatchObject({
      outcome: 'heldForReview',
      reviewReason: 'screeningHit',
    });
    expect(sanctions.requests.at(-1)).toMatchObject({ path: '/match/default' });
    expect(log.lines.find((l) => l.event === 'screening-hit')).toMatchObject({
      provider: 'opensanctions',
      matchId: 'NK-fake-1',
      score: 0.98,
    });
    expect(fineract.requests.length).toBe(before);
  });

  it('opens the member in Fineract: the client is the applicant, the member number is its account number', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const response = (await applicant.submit()).json<SaveResponse>();
    const [client] = [...fineract.clients.values()].filter((c) => c.body.externalId === response.applicantId);
    expect(client).toBeDefined();
    expect(response.primaryCustNo).toBe(client!.accountNo);
    expect((await membersOf(t, response.applicantId)).map((m) => m.member_number)).toEqual([
      client!.accountNo,
    ]);
  });

  it('a core that fails keeps the decision retrying (nothing opened); the job retries and opens one member', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    // The core fails after the client is made: the activation of the account answers 503.
    fineract.failNext(503, '/savingsaccounts/');
    const response = (await applicant.submit()).json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
    await eventually(async () => (await decisionOf(t, response.applicationId))?.state === 'decided', 30_000);
    const decided = await decisionOf(t, response.applicationId);
    expect(decided).toMatchObject({ outcome: 'approved' });
    expect(decided?.retrying).toBeUndefined();
    const [clientId, client] = theOneClientOf(fineract, response.applicantId);
    expect(decided?.primaryCustNo).toBe(client.accountNo);
    const accounts = [...fineract.accounts.values()].filter((a) => a.clientId === clientId);
    expect(accounts.map((a) => a.status)).toEqual(['active']);
  });

  it('a screening service that keeps failing: retrying, then, its retries spent, held for staff (screeningFailed)', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    sanctions.failAll(503);
    try {
      await retryingThenHeld(applicant, 'screening', 'screeningFailed', async (applicantId) => {
        expect([...fineract.clients.values()].some((c) => c.body.externalId === applicantId)).toBe(false);
      });
    } finally {
      sanctions.failAll(undefined);
    }
  });

  it('a core that keeps failing: retrying, then, its retries spent, held for staff (coreBankingFailed) and e-mailed', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    for (let i = 0; i < 50; i++) fineract.failNext(500, '/clients');
    await retryingThenHeld(applicant, 'coreBanking', 'coreBankingFailed', async (applicantId) => {
      expect(await membersOf(t, applicantId)).toEqual([]);
    });
    expect(
      log.lines.find((l) => l.event === 'decision-to-staff' && l.reason === 'coreBankingFailed'),
    ).toMatchObject({ level: 40, failures: expect.any(Number) });
    const mailed = async () =>
      (await t.app.inject('/api/dev/outbox')).json<{ to: string }[]>().some((m) => m.to === applicant.email);
    await eventually(mailed);
  });
});

/**
 * A core that fails, each way it can: no answer in time, a 5xx, a validation refusal. The decision stays
 * "failed, will retry" (nothing opened in omo), its job retried with backoff; a retry that reaches the
 * core opens one member; a core failing through every retry puts the application in the staff queue.
 */
describe('a failing Fineract core in the decision: timeouts, 5xx, a validation refusal (pglite)', () => {
  let t: StaffTestApp;
  let sophie: SignedInStaff;
  let fineract: FakeFineract;
  /** The job's first retry waits at least this long (JOB_RETRY_SECONDS, doubled at each retry). */
  const RETRY_SECONDS = 120;
  beforeAll(async () => {
    fineract = await startFakeFineract(FINERACT);
    t = await buildStaffTestApp(TEST_DATABASES[0]!, {
      env: {
        DECISION_WAIT_SECONDS: '1',
        JOB_POLL_SECONDS: '0.5',
        JOB_RETRY_SECONDS: String(RETRY_SECONDS),
        PARTNER_TIMEOUT_SECONDS: '0.5',
        ...fineractEnv(fineract, { '2001': { type: 'savings', productId: 1 } }),
      },
    });
    sophie = await signInEmbeddedStaff(t, 'sophie');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fineract.close();
  });

  /** How the core fails one call to POST /clients; the timeout's promise ends when Fineract answered. */
  const FAILURES = {
    timeout: () => fineract.delayNext(1_500, '/clients'),
    '5xx': () => fineract.failNext(503, '/clients'),
    'validation refusal': () => fineract.failNext(400, '/clients'),
  } satisfies Record<string, () => unknown>;

  /** The decision job of an application, as pg-boss keeps it. */
  async function decisionJobOf(applicationId: string) {
    const { rows } = await sql<{
      state: string;
      retry_count: number;
      retry_limit: number;
      retry_backoff: boolean;
      waited_seconds: number;
    }>`select state, retry_count, retry_limit, retry_backoff,
         extract(epoch from start_after - started_on)::float as waited_seconds
       from pgboss.job where name = 'decision.finish' and data->>'applicationId' = ${applicationId}`.execute(
      t.app.db,
    );
    return rows[0];
  }

  /**
   * Submits with the core failing the submission's attempt and the job's first run: the applicant sees
   * the processing page, the decision is retrying, the job waits for its retry with backoff.
   */
  async function submitWhileTheCoreFails(kind: keyof typeof FAILURES) {
    const pending = [FAILURES[kind](), FAILURES[kind]()];
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const response = (await applicant.submit()).json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
    expect(response.primaryCustNo).toBeNull();
    await eventually(async () => (await decisionJobOf(response.applicationId))?.state === 'retry', 30_000);
    const decision = await decisionOf(t, response.applicationId);
    expect(decision).toMatchObject({
      state: 'pending',
      retrying: { reason: 'coreBanking', failures: 2 },
    });
    expect(applicantStateOf('primary', decision)).toBe('retrying');
    expect(await membersOf(t, response.applicantId)).toEqual([]);
    const job = await decisionJobOf(response.applicationId);
    expect(job).toMatchObject({ retry_limit: 12, retry_backoff: true });
    expect(job!.waited_seconds).toBeGreaterThanOrEqual(RETRY_SECONDS);
    await Promise.all(pending);
    return { applicant, response };
  }

  for (const kind of Object.keys(FAILURES) as (keyof typeof FAILURES)[]) {
    it(`${kind}: "decision failed, will retry" with the job's backoff, nothing opened; the retry opens one member`, async () => {
      const { response } = await submitWhileTheCoreFails(kind);
      // The job's retry, the core answering again (the same idempotency keys: what Fineract did stays one).
      await t.app.decisions.finish(response.applicationId);
      const decided = await decisionOf(t, response.applicationId);
      expect(decided).toMatchObject({ state: 'decided', outcome: 'approved' });
      expect(decided?.retrying).toBeUndefined();
      const [clientId, client] = theOneClientOf(fineract, response.applicantId);
      expect(decided?.primaryCustNo).toBe(client.accountNo);
      expect((await membersOf(t, response.applicantId)).map((m) => m.member_number)).toEqual([
        client.accountNo,
      ]);
      const accounts = [...fineract.accounts.values()].filter((a) => a.clientId === clientId);
      expect(accounts.map((a) => a.status)).toEqual(['active']);
    });

    it(`${kind} through every retry: the staff queue (coreBankingFailed), never a member; reopened once the core is back`, async () => {
      const { response } = await submitWhileTheCoreFails(kind);
      // The dead letter's work, as pg-boss runs it once the job's last retry failed.
      await t.app.decisions.fail(response.applicationId);
      const held = await decisionOf(t, response.applicationId);
      expect(held).toMatchObject({
        state: 'decided',
        outcome: 'heldForReview',
        reviewReason: 'coreBankingFailed',
        primaryCustNo: null,
      });
      expect(applicantStateOf('primary', held)).toBe('awaitingStaff');
      expect(await membersOf(t, response.applicantId)).toEqual([]);
      expect(await queueRowOf(t, response.applicationId)).toMatchObject({
        reason: 'heldForReview',
        reviewReason: 'coreBankingFailed',
      });
      // The core is back: a supervisor takes the decision again, and the member opens once.
      const reopened = await staffCall(t, sophie, 'POST', `/api/cases/${response.applicationId}/reopen`, {
        requestId: newRequestId(),
        reason: 'The core banking is back',
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json()).toMatchObject({ state: 'opened' });
      const opened = await decisionOf(t, response.applicationId);
      const clients = [...fineract.clients.values()].filter(
        (c) => c.body.externalId === response.applicantId,
      );
      expect(clients).toHaveLength(1);
      expect(opened).toMatchObject({ outcome: 'approved', primaryCustNo: clients[0]!.accountNo });
    });
  }
});
