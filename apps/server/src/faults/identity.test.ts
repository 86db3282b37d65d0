/**
 * The identity and document partners unavailable: the applicant is never sent to the error page. The
 * identity check that got no answer is retried in the background while the applicant goes through the
 * remaining steps, and the decision waits for it (processing, then the outcome and its e-mail); the
 * document partner unavailable offers the in-person route on the spot (decision 0050).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOnfido, type FakeOnfido } from '../providers/documents/onfido.fake.ts';
import { startFakeAlloy, type FakeAlloy } from '../providers/identity/alloy.fake.ts';
import { TestApplicant, type OutboxMail } from '../testing/applicant.ts';
import { startFaultyHttp, type FaultyHttp } from '../testing/faulty-http.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';
import { eventually, logCapture } from './log-capture.ts';

const ALLOY = { journeyToken: 'J-fault', workflowToken: 'wf', workflowSecret: 'secret' };
const ONFIDO = { apiToken: 'api_sandbox.fault', workflowId: 'wf-fault', webhookToken: 'hook' };

describe('the identity and document partners unavailable', () => {
  let alloy: FakeAlloy;
  let onfido: FakeOnfido;
  let alloyRelay: FaultyHttp;
  let onfidoRelay: FaultyHttp;
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    alloy = await startFakeAlloy(ALLOY);
    onfido = await startFakeOnfido(ONFIDO);
    alloyRelay = await startFaultyHttp(alloy.baseUrl, { lateMs: 600 });
    onfidoRelay = await startFaultyHttp(onfido.baseUrl, { lateMs: 600 });
    t = await buildTestApp(TEST_DATABASES[0]!, {
      logStream: log.stream,
      env: {
        LOG_LEVEL: 'info',
        IDENTITY_PROVIDER: 'alloy',
        IRS_API_URL: alloyRelay.baseUrl,
        IRS_REQUEST_KEY: ALLOY.journeyToken,
        ALLOY_WORKFLOW_TOKEN: ALLOY.workflowToken,
        ALLOY_WORKFLOW_SECRET: ALLOY.workflowSecret,
        DOCUMENT_VERIFICATION_PROVIDER: 'onfido',
        ONFIDO_BASE_URL: onfidoRelay.baseUrl,
        ONFIDO_API_TOKEN: ONFIDO.apiToken,
        ONFIDO_WORKFLOW_ID: ONFIDO.workflowId,
        ONFIDO_WEBHOOK_TOKEN: ONFIDO.webhookToken,
        PARTNER_TIMEOUT_SECONDS: '0.3',
        DECISION_WAIT_SECONDS: '0.5',
        JOB_POLL_SECONDS: '0.5',
        JOB_RETRY_SECONDS: '1',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await alloyRelay.close();
    await onfidoRelay.close();
    await alloy.close();
    await onfido.close();
  });

  const emailsTo = async (to: string) =>
    (await t.app.inject('/api/dev/outbox'))
      .json<OutboxMail[]>()
      .filter((m) => m.channel === 'email' && m.to === to);

  it('identity partner down: the applicant goes on, the check is retried in the background, and the decision waits for it', async () => {
    const a = new TestApplicant(t.app, { productIds: ['2002'] });
    await a.progress('identityConsent');
    const created = alloy.requests.length;
    alloyRelay.fault = 'http500';
    const checked = await a.call('POST', '/api/omo/IdentityCheck');
    expect(checked.statusCode, checked.body).toBe(200);
    // Not the error page: the account usage screen the check runs on, which now saves.
    expect(checked.json()).toMatchObject({ identity: { status: 'error' } });
    expect(checked.json().nextPath).not.toMatch(/error/);
    await a.completeUpTo('reviewConsent', 'accountUsage');

    const submitted = await a.submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await a.view()).json().decision).toMatchObject({
      state: 'pending',
      route: '/single/processingapplication',
    });

    // The partner is back: the background retry checks the identity, then the decision is taken and mailed.
    alloyRelay.fault = 'none';
    await eventually(async () => (await a.view()).json().decision?.state === 'decided', 25_000);
    expect((await a.view()).json()).toMatchObject({
      identity: { status: 'passed' },
      decision: { state: 'decided', outcome: 'approved' },
    });
    await eventually(async () => (await emailsTo(a.email)).length > 0, 10_000);
    expect(await emailsTo(a.email)).toHaveLength(1);
    // Alloy made one application for this applicant (the failed attempts never reached it).
    expect(alloy.requests.length - created).toBe(1);
    expect(
      log.lines.filter(
        (l) => l.msg === 'partner call failed' && l.partner === 'identity' && l.kind === 'httpError',
      ).length,
    ).toBeGreaterThan(0);
  }, 60_000);

  it('document partner down: Start answers a retryable 503, and the in-person route is taken on the spot', async () => {
    const a = new TestApplicant(t.app, { productIds: ['2002'], lastName: 'Review' });
    await a.progress('accountUsage');
    expect((await a.view()).json()).toMatchObject({ identity: { status: 'stepUp' } });
    const runsBefore = onfido.requests.filter((r) => r.method === 'POST' && r.path === '/workflow_runs');
    onfidoRelay.fault = 'late';
    const start = Date.now();
    const refused = await a.call('POST', '/api/omo/DocumentVerification/Start', { consent: true });
    expect(Date.now() - start).toBeLessThan(3_000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ status: 503 });
    onfidoRelay.fault = 'none';

    const chosen = await a.call('POST', '/api/omo/DocumentVerification/InPerson');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({
      status: 'documentExpired',
      isDone: true,
      nextPath: '/single/legalterms',
    });
    // A second choice (a double click) is refused without changing anything.
    expect((await a.call('POST', '/api/omo/DocumentVerification/InPerson')).statusCode).toBe(409);

    await a.completeUpTo('reviewConsent', 'legalTerms');
    expect((await a.submit()).statusCode).toBe(200);
    await eventually(async () => (await a.view()).json().decision?.state === 'decided', 15_000);
    expect((await a.view()).json().decision).toMatchObject({
      outcome: 'inPerson',
      route: '/single/verifyidentification',
    });
    // The late run Onfido made is not the applicant's: nothing waits on it, and no second one was made.
    const runsAfter = onfido.requests.filter((r) => r.method === 'POST' && r.path === '/workflow_runs');
    expect(runsAfter.length - runsBefore.length).toBeLessThanOrEqual(1);
    expect(
      log.lines.filter((l) => l.msg === 'partner call failed' && l.partner === 'documents').length,
    ).toBeGreaterThan(0);
  }, 60_000);

  it('identity partner down, and its late answer asks for documents after the applicant submitted: ID in person', async () => {
    const a = new TestApplicant(t.app, { productIds: ['2002'], lastName: 'Review' });
    await a.progress('identityConsent');
    alloyRelay.fault = 'drop';
    expect((await a.call('POST', '/api/omo/IdentityCheck')).json()).toMatchObject({
      identity: { status: 'error' },
    });
    await a.completeUpTo('reviewConsent', 'accountUsage');
    expect((await a.submit()).statusCode).toBe(200);
    alloyRelay.fault = 'none';
    await eventually(async () => (await a.view()).json().decision?.state === 'decided', 25_000);
    expect((await a.view()).json()).toMatchObject({
      identity: { status: 'documentExpired' },
      decision: { outcome: 'inPerson', route: '/single/verifyidentification' },
    });
  }, 60_000);

  it('identity partner down past every retry: the identity is confirmed in person', async () => {
    const a = new TestApplicant(t.app, { productIds: ['2002'] });
    await a.progress('identityConsent');
    alloyRelay.fault = 'http500';
    await a.call('POST', '/api/omo/IdentityCheck');
    await a.completeUpTo('reviewConsent', 'accountUsage');
    const submitted = await a.submit();
    expect(submitted.statusCode).toBe(200);
    // What the retry queue's dead letter does once the last retry failed.
    const { applicantId } = submitted.json<{ applicantId: string }>();
    expect(applicantId).toBeTruthy();
    await t.app.identity.giveUpCheck(applicantId);
    alloyRelay.fault = 'none';
    await eventually(async () => (await a.view()).json().decision?.state === 'decided', 25_000);
    expect((await a.view()).json()).toMatchObject({
      identity: { status: 'denied' },
      decision: { outcome: 'inPerson' },
    });
  }, 60_000);
});
