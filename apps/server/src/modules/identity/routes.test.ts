import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOnfido, type FakeOnfido } from '../../providers/documents/onfido.fake.ts';
import { startFakeAlloy, type FakeAlloy } from '../../providers/identity/alloy.fake.ts';
import {
  invitedCoApplicant,
  APPLICANT_ANSWERS,
  TestApplicant,
  validLegalTerms,
  type TestApplicantOptions,
} from '../../testing/applicant.ts';
import { png } from '../../testing/images.ts';
import {
  buildTestApp,
  PRODUCTION_TEST_ENV,
  TEST_DATABASES,
  type TestApp,
  useTestApp,
} from '../../testing/test-app.ts';
import { expectFieldErrors } from '../../testing/problems.ts';

const CAPTURE = '/api/omo/DocumentVerification/Capture';
const START = '/api/omo/DocumentVerification/Start';
const STATUS = '/api/omo/DocumentVerification/Status';

const capture = (a: TestApplicant, side: string, body: Buffer, type = 'image/png') =>
  a.call('PUT', `${CAPTURE}/${side}`, body, { headers: { 'content-type': type } });

/** A started applicant (InitializeApplication with `extra` fields), and its ids in the database. */
async function startApplicant(
  t: TestApp,
  options: TestApplicantOptions & { extra?: Record<string, unknown> } = {},
) {
  // A co-applicant starts from the invitation of a primary who named them and submitted.
  const a =
    options.flow === 'joint'
      ? (
          await invitedCoApplicant(t.app, {
            primary: { productIds: options.productIds },
            coApplicant: options,
          })
        ).coApplicant
      : new TestApplicant(t.app, { productIds: ['2001'], ...options });
  if (options.flow === 'joint') await a.requestEmailCode();
  const res = await a.call('POST', '/api/omo/InitializeApplication', {
    ...a.initializeBody(),
    ...options.extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.app.db
    .selectFrom('applicants')
    .select(['id', 'application_id'])
    .where('email', '=', a.email)
    .executeTakeFirstOrThrow();
  return Object.assign(a, { id: row.id, applicationId: row.application_id });
}

const runIdentityCheck = (a: TestApplicant) => a.call('POST', '/api/omo/IdentityCheck');
/** Up to the account-usage screen: products confirmed, the SIN when asked for. */
const throughProducts = (a: TestApplicant) => a.completeUpTo('identityConsent');
/** Up to the address; answers the address save. */
async function throughAddress(a: TestApplicant) {
  await a.completeUpTo('phone');
  return a.put('Address', APPLICANT_ANSWERS.address);
}
const answerAccountUsage = (a: TestApplicant) => a.complete('accountUsage');

describe.each(TEST_DATABASES)('identity verification on $name', (database) => {
  const logLines: string[] = [];
  const t = useTestApp(database, { env: { LOG_LEVEL: 'info' }, logLines });

  describe('the primary applicant: the check runs when the account-usage screen opens', () => {
    it.each([
      ['Lovelace', 'passed', '/single/legalterms'],
      ['Review', 'stepUp', '/single/idverifyterms'],
      ['Fallback', 'denied', '/single/legalterms'],
      ['Decline', 'passed', '/single/legalterms'],
    ])('persona %s → %s → %s after account usage', async (lastName, status, next) => {
      const a = await startApplicant(t, { productIds: ['2002'], lastName });
      await throughProducts(a);
      expect((await a.view()).json()).toMatchObject({
        identity: { status: 'notStarted' },
        nextPath: '/single/finalizeaccount',
      });
      const checked = await runIdentityCheck(a);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toMatchObject({ identity: { status }, nextPath: '/single/finalizeaccount' });
      await answerAccountUsage(a);
      expect((await a.view()).json().nextPath).toBe(next);
    });

    it('is run once: a second call changes nothing', async () => {
      const a = await startApplicant(t, { lastName: 'Review' });
      await throughProducts(a);
      await runIdentityCheck(a);
      const again = await runIdentityCheck(a);
      expect(again.json().identity.status).toBe('stepUp');
    });

    it('cannot run before the earlier steps (409 naming the step)', async () => {
      const a = await startApplicant(t);
      await throughAddress(a);
      const res = await runIdentityCheck(a);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ title: 'Step out of order', nextPath: '/single/funding' });
    });

    it('legal terms are refused until the identity step is done', async () => {
      const a = await startApplicant(t, { lastName: 'Review' });
      await throughProducts(a);
      await runIdentityCheck(a);
      await answerAccountUsage(a);
      const res = await a.put('LegalTerms', validLegalTerms);
      expect(res.statusCode).toBe(409);
      expect(res.json().nextPath).toBe('/single/idverifyterms');
    });
  });

  describe('the applicant chooses to show the ID in person instead of the photos', () => {
    const chooseInPerson = (a: TestApplicant) => a.call('POST', '/api/omo/DocumentVerification/InPerson');

    it('from the step-up, without trying the photos: the step ends, the server names the legal terms', async () => {
      const a = await startApplicant(t, { productIds: ['2002'], lastName: 'Review' });
      await throughProducts(a);
      await runIdentityCheck(a);
      await answerAccountUsage(a);
      const chosen = await chooseInPerson(a);
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json()).toEqual({
        status: 'documentExpired',
        isDone: true,
        nextPath: '/single/legalterms',
      });
      expect((await a.view()).json().nextPath).toBe('/single/legalterms');
    });

    it('is refused before the ID verification step, and once the photos were sent', async () => {
      const early = await startApplicant(t, { productIds: ['2002'], lastName: 'Review' });
      await throughProducts(early);
      expect((await chooseInPerson(early)).statusCode).toBe(409);

      const sent = await startApplicant(t, { productIds: ['2002'], lastName: 'Review' });
      await sent.completeUpTo('documents');
      const res = await chooseInPerson(sent);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('The documents were already captured.');
    });
  });

  describe('the credit bureau the check used (named on the decline page)', () => {
    it('is named once the provider checked the applicant, not before', async () => {
      const a = await startApplicant(t, { lastName: 'Decline' });
      await throughProducts(a);
      expect((await a.view()).json().identity.creditBureau).toBeNull();
      expect((await runIdentityCheck(a)).json().identity).toMatchObject({
        status: 'passed',
        creditBureau: 'Equifax Canada',
      });
    });

    it('is not named when the check was skipped, nor when IDENTITY_CREDIT_BUREAU is empty', async () => {
      const skipped = await startApplicant(t, { lastName: 'Review', extra: { forceTuTest: true } });
      await throughProducts(skipped);
      expect((await runIdentityCheck(skipped)).json().identity).toMatchObject({
        status: 'skipped',
        creditBureau: null,
      });
      const none = await buildTestApp(database, { env: { IDENTITY_CREDIT_BUREAU: '' } });
      try {
        const a = await startApplicant(none, { lastName: 'Decline' });
        await throughProducts(a);
        expect((await runIdentityCheck(a)).json().identity).toMatchObject({
          status: 'passed',
          creditBureau: null,
        });
      } finally {
        await none.close();
      }
    });
  });

  describe('the server decides whether the identity provider is used', () => {
    it('forcetutest=true turns the provider off outside production: the check is skipped', async () => {
      const a = await startApplicant(t, { lastName: 'Review', extra: { forceTuTest: true } });
      await throughProducts(a);
      expect((await runIdentityCheck(a)).json().identity.status).toBe('skipped');
    });

    it('ALLOY_ENABLED=false skips it; FORCE_ID_RESULT forces its result off production', async () => {
      const off = await buildTestApp(database, { env: { ALLOY_ENABLED: 'false' } });
      const forced = await buildTestApp(database, { env: { FORCE_ID_RESULT: 'stepUp' } });
      try {
        const a = await startApplicant(off, { lastName: 'Review' });
        await throughProducts(a);
        expect((await runIdentityCheck(a)).json().identity.status).toBe('skipped');
        const b = await startApplicant(forced);
        await throughProducts(b);
        expect((await runIdentityCheck(b)).json().identity.status).toBe('stepUp');
      } finally {
        await off.close();
        await forced.close();
      }
    });

    it('in production forcetutest is ignored', async () => {
      const prod = await buildTestApp(database, {
        env: PRODUCTION_TEST_ENV,
      });
      try {
        const a = await startApplicant(prod, { extra: { forceTuTest: true } });
        const row = await prod.app.db
          .selectFrom('applications')
          .select('uses_id_provider')
          .where('id', '=', a.applicationId)
          .executeTakeFirstOrThrow();
        expect(row.uses_id_provider).toBe(true);
      } finally {
        await prod.close();
      }
    });

    it('ID_PROVIDER_SHARE_PERCENT is compared with a roll 0–99 per application', async () => {
      const none = await buildTestApp(database, { env: { ID_PROVIDER_SHARE_PERCENT: '0' } });
      try {
        let used = 0;
        for (let i = 0; i < 20; i++) {
          const a = await startApplicant(none);
          const row = await none.app.db
            .selectFrom('applications')
            .select('uses_id_provider')
            .where('id', '=', a.applicationId)
            .executeTakeFirstOrThrow();
          if (row.uses_id_provider) used += 1;
        }
        // A roll of 0 is "at or below 0": about 1 in 100 still uses the provider.
        expect(used).toBeLessThan(5);
      } finally {
        await none.close();
      }
    });
  });

  describe("the co-applicant: the consent's save runs the check", () => {
    const consent = (a: TestApplicant) => a.put('Step/identityconsent', { consent: true });

    it('without an interest-bearing product, the address leads to the consent, whose save checks and sends a pass to legal terms', async () => {
      const a = await startApplicant(t, { flow: 'joint', productIds: ['2001'] });
      const address = await throughAddress(a);
      expect(address.json()).toMatchObject({
        identity: { status: 'notStarted' },
        nextPath: '/joint/identityconsent',
      });
      const res = await consent(a);
      expect(res.json()).toMatchObject({ identity: { status: 'passed' }, nextPath: '/joint/legalterms' });
    });

    it('a denial sends the co-applicant to the ID verification terms', async () => {
      const a = await startApplicant(t, { flow: 'joint', productIds: ['2001'], lastName: 'Fallback' });
      await throughAddress(a);
      const res = await consent(a);
      expect(res.json()).toMatchObject({ identity: { status: 'denied' }, nextPath: '/joint/idverifyterms' });
    });

    it('with an interest-bearing product the SIN comes first, then the consent, whose save runs the check', async () => {
      const a = await startApplicant(t, { flow: 'joint', productIds: ['2002'], lastName: 'Review' });
      const address = await throughAddress(a);
      expect(address.json()).toMatchObject({ identity: { status: 'notStarted' }, nextPath: '/joint/sin' });
      const sin = await a.put('Sin', { skip: true });
      expect(sin.json()).toMatchObject({
        identity: { status: 'notStarted' },
        nextPath: '/joint/identityconsent',
      });
      const res = await consent(a);
      expect(res.json()).toMatchObject({ identity: { status: 'stepUp' }, nextPath: '/joint/idverifyterms' });
    });
  });

  describe('document verification (sandbox capture)', () => {
    async function steppedUp(lastName = 'Review') {
      const a = await startApplicant(t, { lastName });
      await throughProducts(a);
      await runIdentityCheck(a);
      await answerAccountUsage(a);
      return a;
    }

    it('needs the consent ticked, then answers the capture page', async () => {
      const a = await steppedUp();
      const refused = await a.call('POST', START, { consent: false });
      expectFieldErrors(
        refused,
        'consent idTerms.consent.required: Tick the box to agree to the digital ID verification',
      );
      const started = await a.call('POST', START, { consent: true });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({
        runId: expect.stringMatching(/^wr_/),
        captureUrl: '/single/idverifyterms/capture',
      });
      // A second Continue returns to the same run.
      expect((await a.call('POST', START, { consent: true })).json().runId).toBe(started.json().runId);
      expect((await a.call('GET', STATUS)).json()).toEqual({
        status: 'stepUp',
        isDone: false,
        nextPath: '/single/idverifyterms',
      });
    });

    it('is refused to an applicant whose identity passed', async () => {
      const a = await steppedUp('Lovelace');
      const res = await a.call('POST', START, { consent: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().nextPath).toBe('/single/legalterms');
    });

    it('takes a real image per side, refuses what is not one, and moves on once submitted', async () => {
      const a = await steppedUp();
      await a.call('POST', START, { consent: true });
      const fake = await capture(a, 'front', Buffer.from('%PDF-1.7 not an image'), 'image/png');
      expect(fake.statusCode).toBe(400);
      expect(fake.json().errors[0]).toMatchObject({ path: 'front', key: 'document.image.type' });
      const wrongType = await a.call('PUT', `${CAPTURE}/front`, png(), {
        headers: { 'content-type': 'text/plain' },
      });
      expect(wrongType.statusCode).toBe(415);

      expect((await capture(a, 'front', png())).json()).toEqual({ side: 'front', captured: ['front'] });
      const early = await a.call('POST', `${CAPTURE}/Submit`);
      expect(early.statusCode).toBe(400);
      expect(early.json().errors.map((e: { path: string }) => e.path)).toEqual(['back', 'selfie']);
      await capture(a, 'back', png());
      await capture(a, 'selfie', png());
      const submitted = await a.call('POST', `${CAPTURE}/Submit`);
      expect(submitted.json()).toEqual({
        status: 'documentApproved',
        isDone: true,
        nextPath: '/single/legalterms',
      });
      expect((await a.call('GET', STATUS)).json().isDone).toBe(true);
      const legal = await a.put('LegalTerms', validLegalTerms);
      expect(legal.statusCode, legal.body).toBe(200);

      // Stored encrypted: no image bytes in clear.
      const rows = await t.app.db
        .selectFrom('identity_documents')
        .select(['side', 'ciphertext', 'byte_size'])
        .where('applicant_id', '=', a.id)
        .execute();
      expect(rows.map((r) => r.side).sort()).toEqual(['back', 'front', 'selfie']);
      for (const row of rows) {
        expect(Buffer.from(row.ciphertext).includes(png().subarray(0, 16))).toBe(false);
        expect(row.byte_size).toBe(png().length);
      }
    });

    it('declines the Fallback persona’s documents', async () => {
      const a = await startApplicant(t, { flow: 'joint', productIds: ['2001'], lastName: 'Fallback' });
      await throughAddress(a);
      await a.put('Step/identityconsent', { consent: true });
      expect((await a.call('POST', START, { consent: true })).json().captureUrl).toBe(
        '/joint/idverifyterms/capture',
      );
      for (const side of ['front', 'back', 'selfie']) await capture(a, side, png());
      expect((await a.call('POST', `${CAPTURE}/Submit`)).json()).toMatchObject({
        status: 'documentDeclined',
        nextPath: '/joint/legalterms',
      });
    });

    it('answers 401 to a status poll without a session', async () => {
      expect((await t.app.inject({ url: STATUS })).statusCode).toBe(401);
    });

    it('refuses every notification in the sandbox (nothing signs them): an applicant cannot approve their own documents', async () => {
      const a = await steppedUp();
      const { runId } = (await a.call('POST', START, { consent: true })).json<{ runId: string }>();
      const notify = (id: string, status: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/omo/ProcessIDVNotification',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            payload: {
              resource_type: 'workflow_run',
              action: 'workflow_run.completed',
              object: { id, status },
            },
          }),
        });
      for (const status of ['approved', 'abandoned']) {
        expect((await notify(runId, status)).statusCode).toBe(401);
        expect((await notify('wr_unknown', status)).statusCode).toBe(401);
      }
      expect((await a.call('GET', STATUS)).json()).toMatchObject({ status: 'stepUp', isDone: false });
    });

    it('keeps the SIN, names and e-mail out of the logs', () => {
      const log = logLines.join('');
      expect(log).not.toMatch(/130692544|Lovelace|tester\d+/);
    });
  });
});

describe('identity verification through the real adapters (local fakes of Alloy and Onfido)', () => {
  const database = TEST_DATABASES[0]!;
  const ALLOY = { journeyToken: 'J-test', workflowToken: 'wf-token', workflowSecret: 'wf-secret' };
  const ONFIDO = { apiToken: 'api_sandbox.x', workflowId: 'wf-1', webhookToken: 'hook-secret' };
  let alloy: FakeAlloy;
  let onfido: FakeOnfido;
  let t: TestApp;
  beforeAll(async () => {
    alloy = await startFakeAlloy(ALLOY);
    onfido = await startFakeOnfido(ONFIDO);
    t = await buildTestApp(database, {
      env: {
        IDENTITY_PROVIDER: 'alloy',
        IRS_API_URL: alloy.baseUrl,
        IRS_REQUEST_KEY: ALLOY.journeyToken,
        ALLOY_WORKFLOW_TOKEN: ALLOY.workflowToken,
        ALLOY_WORKFLOW_SECRET: ALLOY.workflowSecret,
        DOCUMENT_VERIFICATION_PROVIDER: 'onfido',
        ONFIDO_BASE_URL: onfido.baseUrl,
        ONFIDO_API_TOKEN: ONFIDO.apiToken,
        ONFIDO_WORKFLOW_ID: ONFIDO.workflowId,
        ONFIDO_WEBHOOK_TOKEN: ONFIDO.webhookToken,
        PUBLIC_URL: 'https://apply.omo.example',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await alloy.close();
    await onfido.close();
  });

  it('asks Alloy, sends the applicant to Onfido, and moves on with the signed notification', async () => {
    const a = await startApplicant(t, { productIds: ['2002'], lastName: 'Review' });
    await throughProducts(a);
    expect((await runIdentityCheck(a)).json().identity.status).toBe('stepUp');
    const sent = alloy.requests.at(-1) as { entities: { data: Record<string, unknown> }[] };
    expect(sent.entities[0]?.data).toMatchObject({ name_last: 'Review', document_sin: '130692544' });
    await answerAccountUsage(a);

    const started = await a.call(
      'POST',
      START,
      { consent: true },
      { headers: { 'accept-language': 'fr-CA' } },
    );
    expect(started.json().captureUrl).toMatch(/^https:\/\/eu\.onfido\.app\/l\//);
    expect(onfido.requests.find((r) => r.path === '/workflow_runs')?.body).toMatchObject({
      link: { completed_redirect_url: 'https://apply.omo.example/single/idverifyterms', language: 'fr_FR' },
    });
    // Onfido's hosted page: no sandbox capture here.
    expect((await capture(a, 'front', png())).statusCode).toBe(404);

    const { runId } = started.json<{ runId: string }>();
    const { rawBody, signature } = onfido.finish(runId, 'approved');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/omo/ProcessIDVNotification',
      headers: { 'content-type': 'application/json', 'x-sha2-signature': '0'.repeat(64) },
      payload: rawBody,
    });
    expect(forged.statusCode).toBe(401);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/omo/ProcessIDVNotification',
      headers: { 'content-type': 'application/json', 'x-sha2-signature': signature },
      payload: rawBody,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await a.call('GET', STATUS)).json()).toEqual({
      status: 'documentApproved',
      isDone: true,
      nextPath: '/single/legalterms',
    });
  });

  it('the status poll catches up with Onfido when a notification was missed', async () => {
    const a = await startApplicant(t, { productIds: ['2002'], lastName: 'Review' });
    await throughProducts(a);
    await runIdentityCheck(a);
    await answerAccountUsage(a);
    const { runId } = (await a.call('POST', START, { consent: true })).json<{ runId: string }>();
    onfido.finish(runId, 'processing');
    expect((await a.call('GET', STATUS)).json()).toMatchObject({ status: 'documentPending', isDone: true });
  });

  it('an Alloy outage leaves the check to run again, and the next run succeeds', async () => {
    const a = await startApplicant(t, { productIds: ['2002'] });
    await throughProducts(a);
    alloy.failNext(503);
    expect((await runIdentityCheck(a)).json()).toMatchObject({
      identity: { status: 'error' },
      nextPath: '/single/finalizeaccount',
    });
    expect((await runIdentityCheck(a)).json().identity.status).toBe('passed');
  });
});
