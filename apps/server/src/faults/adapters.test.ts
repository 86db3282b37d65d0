/**
 * Each real partner adapter against its local fake made to fail in each way a partner fails: a closed
 * port, an HTTP 500, a malformed answer, a cut connection, and a late answer (the partner carries the
 * request out after omo gave up). Each answers a typed `unavailable` failure naming the kind, within the
 * partner timeout; after a late answer, the retry reuses what the partner made (nothing doubled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCanadaPost } from '../providers/address-lookup/canada-post.fake.ts';
import { createCanadaPostAddressLookup } from '../providers/address-lookup/canada-post.ts';
import { startFakeOnfido } from '../providers/documents/onfido.fake.ts';
import { createOnfidoDocumentVerification } from '../providers/documents/onfido.ts';
import { startFakeAlloy } from '../providers/identity/alloy.fake.ts';
import { createAlloyIdentity } from '../providers/identity/alloy.ts';
import { startFakeTwilio } from '../providers/phone-verification/twilio.fake.ts';
import { createTwilioPhoneVerification } from '../providers/phone-verification/twilio.ts';
import { adaIdentityProfile } from '../testing/identity-profile.ts';
import { closedPortUrl, startFaultyHttp, type Fault, type FaultyHttp } from '../testing/faulty-http.ts';

/** A short partner timeout, so a slow partner is given up quickly. */
const TIMEOUT_MS = 300;
/** How much longer than the timeout a failed call may take (a loaded machine). */
const MARGIN_MS = 1_500;

const FAULTS: { fault: Fault | 'closed'; kind: string }[] = [
  { fault: 'closed', kind: 'unreachable' },
  { fault: 'http500', kind: 'httpError' },
  { fault: 'malformed', kind: 'malformed' },
  { fault: 'drop', kind: 'unreachable' },
  { fault: 'late', kind: 'timeout' },
];

/**
 * Expects `run` to answer a typed `unavailable` failure of this kind within `withinMs`.
 * @returns the failure, for what else a test asserts of it
 */
async function expectUnavailable<T>(run: () => Promise<T>, kind: string, withinMs: number): Promise<T> {
  const start = Date.now();
  const result = await run();
  expect(result).toMatchObject({ ok: false, failure: { code: 'unavailable', kind } });
  expect(Date.now() - start).toBeLessThan(withinMs);
  return result;
}

interface Partner<Fake> {
  fake: Fake;
  relay: FaultyHttp;
  /** Sets the relay to fail so and answers the address the adapter calls (a closed port for 'closed'). */
  baseUrlFor(fault: Fault | 'closed'): string;
}

/** A partner's fake behind a relay that fails as asked: started before the suite's tests, closed after. */
function behindRelay<Fake extends { baseUrl: string; close(): Promise<void> }>(
  start: () => Promise<Fake>,
): Partner<Fake> {
  let closed = '';
  const partner = {
    baseUrlFor(fault) {
      partner.relay.fault = fault === 'closed' ? 'none' : fault;
      return fault === 'closed' ? closed : partner.relay.baseUrl;
    },
  } as Partner<Fake>;
  beforeAll(async () => {
    partner.fake = await start();
    partner.relay = await startFaultyHttp(partner.fake.baseUrl, { lateMs: TIMEOUT_MS * 2 });
    closed = await closedPortUrl();
  });
  afterAll(async () => {
    await partner.relay.close();
    await partner.fake.close();
  });
  return partner;
}

const TWILIO = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'token', serviceSid: `VA${'2'.repeat(32)}` };
const ALLOY = { journeyToken: 'J-fault', workflowToken: 'wf', workflowSecret: 'secret' };
const ONFIDO = { apiToken: 'api_sandbox.fault', workflowId: 'wf-fault', webhookToken: 'hook' };
const CP_KEY = 'AA11-AA11-AA11-AA11';

const PROFILE = adaIdentityProfile({
  externalId: '7f1c2a54-0000-4000-8000-000000000001',
  birthDate: '1980-05-10',
  phoneNumber: '4165550100',
});

describe('Twilio Verify, failing', () => {
  const partner = behindRelay(() => startFakeTwilio(TWILIO));

  it.each(FAULTS)(
    'a send with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      const twilio = createTwilioPhoneVerification({
        ...TWILIO,
        baseUrl: partner.baseUrlFor(fault),
        timeoutMs: TIMEOUT_MS,
      });
      const send = () => twilio.startVerification({ to: '+14165550150', channel: 'sms', locale: 'en' });
      await expectUnavailable(send, kind, TIMEOUT_MS + MARGIN_MS);
    },
  );

  it('a send whose answer came late, retried, leaves one verification and one code', async () => {
    const to = '+14165550151';
    partner.relay.fault = 'late';
    const twilio = createTwilioPhoneVerification({
      ...TWILIO,
      baseUrl: partner.relay.baseUrl,
      timeoutMs: TIMEOUT_MS,
    });
    expect((await twilio.startVerification({ to, channel: 'sms', locale: 'en' })).ok).toBe(false);
    const firstCode = partner.fake.codeFor(to);
    expect(firstCode).toBeDefined();
    partner.relay.fault = 'none';
    const retried = await twilio.startVerification({ to, channel: 'sms', locale: 'en' });
    expect(retried).toMatchObject({ ok: true, value: { status: 'pending' } });
    // Verify re-sent the same code of the same verification: the code that arrived first still works.
    expect(partner.fake.codeFor(to)).toBe(firstCode);
    if (!retried.ok) return;
    expect(await twilio.checkVerification({ sid: retried.value.sid, code: firstCode! })).toMatchObject({
      ok: true,
      value: { status: 'approved' },
    });
  });
});

describe('Alloy, failing', () => {
  const partner = behindRelay(() => startFakeAlloy(ALLOY));

  it.each(FAULTS)(
    'an evaluation with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      const alloy = createAlloyIdentity({
        ...ALLOY,
        baseUrl: partner.baseUrlFor(fault),
        timeoutMs: TIMEOUT_MS,
      });
      const evaluate = () => alloy.evaluate({ ...PROFILE, nameFirst: `Ada${fault}` });
      await expectUnavailable(evaluate, kind, 2 * (TIMEOUT_MS + MARGIN_MS));
    },
  );

  it('an evaluation whose answer came late, retried, reuses the application Alloy made (no second one)', async () => {
    const profile = { ...PROFILE, externalId: '7f1c2a54-0000-4000-8000-000000000002' };
    const alloy = createAlloyIdentity({ ...ALLOY, baseUrl: partner.relay.baseUrl, timeoutMs: TIMEOUT_MS });
    const before = partner.fake.requests.length;
    // Alloy creates the application, but its answer comes after omo gave up.
    partner.relay.fault = 'late';
    partner.relay.faultWhen = ({ method }) => method === 'POST';
    expect(await alloy.evaluate(profile)).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    expect(partner.fake.requests.length - before).toBe(1);
    partner.relay.fault = 'none';
    partner.relay.faultWhen = undefined;
    const retried = await alloy.evaluate(profile);
    expect(retried).toMatchObject({ ok: true, value: { decision: 'passed' } });
    expect(await alloy.evaluate(profile)).toEqual(retried);
    // One application for this profile, not two or three.
    expect(partner.fake.requests.length - before).toBe(1);
  });

  it('a changed profile is evaluated afresh', async () => {
    const alloy = createAlloyIdentity({ ...ALLOY, baseUrl: partner.fake.baseUrl, timeoutMs: TIMEOUT_MS });
    const profile = { ...PROFILE, externalId: '7f1c2a54-0000-4000-8000-000000000003' };
    const before = partner.fake.requests.length;
    await alloy.evaluate(profile);
    await alloy.evaluate({ ...profile, nameLast: 'Review' });
    expect(partner.fake.requests.length - before).toBe(2);
  });
});

describe('Onfido, failing', () => {
  const partner = behindRelay(() => startFakeOnfido(ONFIDO));
  const input = (applicantId: string) => ({
    applicantId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    locale: 'en' as const,
    returnUrl: 'https://apply.omo.example/single/idverifyterms',
    sandboxCaptureUrl: '/unused',
  });

  it.each(FAULTS)(
    'creating a run with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      const onfido = createOnfidoDocumentVerification({
        ...ONFIDO,
        baseUrl: partner.baseUrlFor(fault),
        timeoutMs: TIMEOUT_MS,
      });
      await expectUnavailable(
        () => onfido.createRun(input(`applicant-${fault}`)),
        kind,
        TIMEOUT_MS + MARGIN_MS,
      );
    },
  );

  it('a run whose answer came late, retried, is the same run (one link, not two)', async () => {
    const onfido = createOnfidoDocumentVerification({
      ...ONFIDO,
      baseUrl: partner.relay.baseUrl,
      timeoutMs: TIMEOUT_MS,
    });
    const runCreations = () =>
      partner.fake.requests.filter((r) => r.method === 'POST' && r.path === '/workflow_runs').length;
    const before = runCreations();
    // Onfido creates the run, but its answer comes after omo gave up.
    partner.relay.fault = 'late';
    partner.relay.faultWhen = ({ method, path }) => method === 'POST' && path === '/workflow_runs';
    const id = '7f1c2a54-0000-4000-8000-000000000004';
    expect(await onfido.createRun(input(id))).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    expect(runCreations() - before).toBe(1);
    partner.relay.fault = 'none';
    partner.relay.faultWhen = undefined;
    const retried = await onfido.createRun(input(id));
    expect(retried).toMatchObject({ ok: true, value: { status: 'awaiting_input' } });
    expect(await onfido.createRun(input(id))).toEqual(retried);
    expect(runCreations() - before).toBe(1);
  });
});

describe('Canada Post AddressComplete, failing', () => {
  const partner = behindRelay(() => startFakeCanadaPost(CP_KEY));

  it.each(FAULTS)(
    'a suggestion with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      const canadaPost = createCanadaPostAddressLookup({
        key: CP_KEY,
        baseUrl: partner.baseUrlFor(fault),
        timeoutMs: TIMEOUT_MS,
      });
      const find = () => canadaPost.find({ searchTerm: '290 Bremner', language: 'en' });
      const result = await expectUnavailable(find, kind, TIMEOUT_MS + MARGIN_MS);
      expect(JSON.stringify(result)).not.toContain(CP_KEY);
    },
  );
});
