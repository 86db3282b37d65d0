/**
 * Each real partner adapter against its local fake made to fail in each way a partner fails: a closed
 * port, an HTTP 500, a malformed answer, a cut connection, and a late answer (the partner carries the
 * request out after omo gave up). Each answers a typed `unavailable` failure naming the kind, within the
 * partner timeout; after a late answer, the retry reuses what the partner made (nothing doubled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCanadaPost, type FakeCanadaPost } from '../providers/address-lookup/canada-post.fake.ts';
import { createCanadaPostAddressLookup } from '../providers/address-lookup/canada-post.ts';
import { startFakeOnfido, type FakeOnfido } from '../providers/documents/onfido.fake.ts';
import { createOnfidoDocumentVerification } from '../providers/documents/onfido.ts';
import { startFakeAlloy, type FakeAlloy } from '../providers/identity/alloy.fake.ts';
import { createAlloyIdentity } from '../providers/identity/alloy.ts';
import type { IdentityProfile } from '../providers/identity/identity.ts';
import { startFakeTwilio, type FakeTwilio } from '../providers/phone-verification/twilio.fake.ts';
import { createTwilioPhoneVerification } from '../providers/phone-verification/twilio.ts';
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

/** Runs `call` against the relay set to `fault` (or a closed port) and times it. */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = Date.now();
  const result = await run();
  return { result, ms: Date.now() - start };
}

const TWILIO = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'token', serviceSid: `VA${'2'.repeat(32)}` };
const ALLOY = { journeyToken: 'J-fault', workflowToken: 'wf', workflowSecret: 'secret' };
const ONFIDO = { apiToken: 'api_sandbox.fault', workflowId: 'wf-fault', webhookToken: 'hook' };
const CP_KEY = 'AA11-AA11-AA11-AA11';

const PROFILE: IdentityProfile = {
  externalId: '7f1c2a54-0000-4000-8000-000000000001',
  nameFirst: 'Ada',
  nameLast: 'Lovelace',
  birthDate: '1980-05-10',
  emailAddress: 'ada@example.com',
  phoneNumber: '4165550100',
  addresses: [
    {
      type: 'primary',
      line1: '290 Bremner Blvd',
      city: 'Toronto',
      state: 'ON',
      postalCode: 'M5V 3L9',
      countryCode: 'CA',
    },
  ],
  phoneVerified: true,
};

describe('Twilio Verify, failing', () => {
  let fake: FakeTwilio;
  let relay: FaultyHttp;
  let closed: string;
  beforeAll(async () => {
    fake = await startFakeTwilio(TWILIO);
    relay = await startFaultyHttp(fake.baseUrl, { lateMs: TIMEOUT_MS * 2 });
    closed = await closedPortUrl();
  });
  afterAll(async () => {
    await relay.close();
    await fake.close();
  });

  it.each(FAULTS)(
    'a send with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      relay.fault = fault === 'closed' ? 'none' : fault;
      const twilio = createTwilioPhoneVerification({
        ...TWILIO,
        baseUrl: fault === 'closed' ? closed : relay.baseUrl,
        timeoutMs: TIMEOUT_MS,
      });
      const { result, ms } = await timed(() =>
        twilio.startVerification({ to: '+14165550150', channel: 'sms', locale: 'en' }),
      );
      expect(result).toMatchObject({ ok: false, failure: { code: 'unavailable', kind } });
      expect(ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    },
  );

  it('a send whose answer came late, retried, leaves one verification and one code', async () => {
    const to = '+14165550151';
    relay.fault = 'late';
    const twilio = createTwilioPhoneVerification({
      ...TWILIO,
      baseUrl: relay.baseUrl,
      timeoutMs: TIMEOUT_MS,
    });
    expect((await twilio.startVerification({ to, channel: 'sms', locale: 'en' })).ok).toBe(false);
    const firstCode = fake.codeFor(to);
    expect(firstCode).toBeDefined();
    relay.fault = 'none';
    const retried = await twilio.startVerification({ to, channel: 'sms', locale: 'en' });
    expect(retried).toMatchObject({ ok: true, value: { status: 'pending' } });
    // Verify re-sent the same code of the same verification: the code that arrived first still works.
    expect(fake.codeFor(to)).toBe(firstCode);
    if (!retried.ok) return;
    expect(await twilio.checkVerification({ sid: retried.value.sid, code: firstCode! })).toMatchObject({
      ok: true,
      value: { status: 'approved' },
    });
  });
});

describe('Alloy, failing', () => {
  let fake: FakeAlloy;
  let relay: FaultyHttp;
  let closed: string;
  beforeAll(async () => {
    fake = await startFakeAlloy(ALLOY);
    relay = await startFaultyHttp(fake.baseUrl, { lateMs: TIMEOUT_MS * 2 });
    closed = await closedPortUrl();
  });
  afterAll(async () => {
    await relay.close();
    await fake.close();
  });

  it.each(FAULTS)(
    'an evaluation with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      relay.fault = fault === 'closed' ? 'none' : fault;
      const alloy = createAlloyIdentity({
        ...ALLOY,
        baseUrl: fault === 'closed' ? closed : relay.baseUrl,
        timeoutMs: TIMEOUT_MS,
      });
      const { result, ms } = await timed(() => alloy.evaluate({ ...PROFILE, nameFirst: `Ada${fault}` }));
      expect(result).toMatchObject({ ok: false, failure: { code: 'unavailable', kind } });
      expect(ms).toBeLessThan(2 * (TIMEOUT_MS + MARGIN_MS));
    },
  );

  it('an evaluation whose answer came late, retried, reuses the application Alloy made (no second one)', async () => {
    const profile = { ...PROFILE, externalId: '7f1c2a54-0000-4000-8000-000000000002' };
    const alloy = createAlloyIdentity({ ...ALLOY, baseUrl: relay.baseUrl, timeoutMs: TIMEOUT_MS });
    const before = fake.requests.length;
    // Alloy creates the application, but its answer comes after omo gave up.
    relay.fault = 'late';
    relay.faultWhen = ({ method }) => method === 'POST';
    expect(await alloy.evaluate(profile)).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    expect(fake.requests.length - before).toBe(1);
    relay.fault = 'none';
    relay.faultWhen = undefined;
    const retried = await alloy.evaluate(profile);
    expect(retried).toMatchObject({ ok: true, value: { decision: 'passed' } });
    expect(await alloy.evaluate(profile)).toEqual(retried);
    // One application for this profile, not two or three.
    expect(fake.requests.length - before).toBe(1);
  });

  it('a changed profile is evaluated afresh', async () => {
    const alloy = createAlloyIdentity({ ...ALLOY, baseUrl: fake.baseUrl, timeoutMs: TIMEOUT_MS });
    const profile = { ...PROFILE, externalId: '7f1c2a54-0000-4000-8000-000000000003' };
    const before = fake.requests.length;
    await alloy.evaluate(profile);
    await alloy.evaluate({ ...profile, nameLast: 'Review' });
    expect(fake.requests.length - before).toBe(2);
  });
});

describe('Onfido, failing', () => {
  let fake: FakeOnfido;
  let relay: FaultyHttp;
  let closed: string;
  const input = (applicantId: string) => ({
    applicantId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    locale: 'en' as const,
    returnUrl: 'https://apply.omo.example/single/idverifyterms',
    sandboxCaptureUrl: '/unused',
  });
  beforeAll(async () => {
    fake = await startFakeOnfido(ONFIDO);
    relay = await startFaultyHttp(fake.baseUrl, { lateMs: TIMEOUT_MS * 2 });
    closed = await closedPortUrl();
  });
  afterAll(async () => {
    await relay.close();
    await fake.close();
  });

  it.each(FAULTS)(
    'creating a run with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      relay.fault = fault === 'closed' ? 'none' : fault;
      const onfido = createOnfidoDocumentVerification({
        ...ONFIDO,
        baseUrl: fault === 'closed' ? closed : relay.baseUrl,
        timeoutMs: TIMEOUT_MS,
      });
      const { result, ms } = await timed(() => onfido.createRun(input(`applicant-${fault}`)));
      expect(result).toMatchObject({ ok: false, failure: { code: 'unavailable', kind } });
      expect(ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    },
  );

  it('a run whose answer came late, retried, is the same run (one link, not two)', async () => {
    const onfido = createOnfidoDocumentVerification({
      ...ONFIDO,
      baseUrl: relay.baseUrl,
      timeoutMs: TIMEOUT_MS,
    });
    const runCreations = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/workflow_runs').length;
    const before = runCreations();
    // Onfido creates the run, but its answer comes after omo gave up.
    relay.fault = 'late';
    relay.faultWhen = ({ method, path }) => method === 'POST' && path === '/workflow_runs';
    const id = '7f1c2a54-0000-4000-8000-000000000004';
    expect(await onfido.createRun(input(id))).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    expect(runCreations() - before).toBe(1);
    relay.fault = 'none';
    relay.faultWhen = undefined;
    const retried = await onfido.createRun(input(id));
    expect(retried).toMatchObject({ ok: true, value: { status: 'awaiting_input' } });
    expect(await onfido.createRun(input(id))).toEqual(retried);
    expect(runCreations() - before).toBe(1);
  });
});

describe('Canada Post AddressComplete, failing', () => {
  let fake: FakeCanadaPost;
  let relay: FaultyHttp;
  let closed: string;
  beforeAll(async () => {
    fake = await startFakeCanadaPost(CP_KEY);
    relay = await startFaultyHttp(fake.baseUrl, { lateMs: TIMEOUT_MS * 2 });
    closed = await closedPortUrl();
  });
  afterAll(async () => {
    await relay.close();
    await fake.close();
  });

  it.each(FAULTS)(
    'a suggestion with $fault answers unavailable ($kind) within the timeout',
    async ({ fault, kind }) => {
      relay.fault = fault === 'closed' ? 'none' : fault;
      const canadaPost = createCanadaPostAddressLookup({
        key: CP_KEY,
        baseUrl: fault === 'closed' ? closed : relay.baseUrl,
        timeoutMs: TIMEOUT_MS,
      });
      const { result, ms } = await timed(() =>
        canadaPost.find({ searchTerm: '290 Bremner', language: 'en' }),
      );
      expect(result).toMatchObject({ ok: false, failure: { code: 'unavailable', kind } });
      expect(JSON.stringify(result)).not.toContain(CP_KEY);
      expect(ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    },
  );
});
