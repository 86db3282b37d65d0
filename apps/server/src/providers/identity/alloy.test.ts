import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlloyIdentity } from './alloy.ts';
import { startFakeAlloy, type FakeAlloy } from './alloy.fake.ts';
import { decisionOfJourneyApplication } from './identity.ts';
import { createSandboxIdentity } from './sandbox.ts';
import { adaIdentityProfile } from '../../testing/identity-profile.ts';

const CREDENTIALS = { journeyToken: 'J-test', workflowToken: 'wf-token', workflowSecret: 'wf-secret' };

const profile = (nameLast: string) => adaIdentityProfile({ nameLast, sin: '130692544' });

describe('reading a journey application', () => {
  it.each([
    [{ status: 'completed', complete_outcome: 'Approved' }, 'passed'],
    [{ status: 'completed', complete_outcome: 'approved' }, 'passed'],
    [{ status: 'completed', complete_outcome: 'Denied' }, 'denied'],
    [{ status: 'completed', complete_outcome: 'Manual Review' }, 'denied'],
    [{ status: 'pending_step_up' }, 'stepUp'],
    [{ status: 'pending_documents' }, 'stepUp'],
  ])('%j → %s', (application, decision) => {
    expect(decisionOfJourneyApplication({ journey_application_token: 'JA-1', ...application })).toEqual({
      token: 'JA-1',
      decision,
    });
  });

  it('has no decision while running, on error, or without a token', () => {
    expect(
      decisionOfJourneyApplication({ journey_application_token: 'JA-1', status: 'running' }),
    ).toBeUndefined();
    expect(
      decisionOfJourneyApplication({ journey_application_token: 'JA-1', status: 'error' }),
    ).toBeUndefined();
    expect(
      decisionOfJourneyApplication({ status: 'completed', complete_outcome: 'Approved' }),
    ).toBeUndefined();
    expect(decisionOfJourneyApplication(null)).toBeUndefined();
  });
});

describe('sandbox personas', () => {
  it.each([
    ['Lovelace', 'passed'],
    ['REVIEW', 'stepUp'],
    [' fallback ', 'denied'],
    ['Decline', 'passed'],
  ])('last name %s → %s', async (last, decision) => {
    const result = await createSandboxIdentity().evaluate(profile(last));
    expect(result.ok && result.value.decision).toBe(decision);
  });
});

describe('Alloy adapter against a local fake', () => {
  let fake: FakeAlloy;
  beforeAll(async () => {
    fake = await startFakeAlloy(CREDENTIALS);
  });
  afterAll(() => fake.close());

  const adapter = () => createAlloyIdentity({ baseUrl: fake.baseUrl, ...CREDENTIALS });

  it('sends one person entity and reads the decision', async () => {
    const result = await adapter().evaluate(profile('Review'));
    expect(result).toMatchObject({ ok: true, value: { decision: 'stepUp' } });
    const body = fake.requests.at(-1) as {
      entities: { entity_type: string; data: Record<string, unknown> }[];
    };
    expect(body.entities[0]?.entity_type).toBe('person');
    expect(body.entities[0]?.data).toMatchObject({
      name_first: 'Ada',
      name_last: 'Review',
      birth_date: '1986-05-10',
      document_sin: '130692544',
      addresses: [{ type: 'primary', line_1: '290 Bremner Blvd', state: 'ON', country_code: 'CA' }],
    });
  });

  it('reports refused credentials and outages as failures', async () => {
    const wrong = createAlloyIdentity({ baseUrl: fake.baseUrl, ...CREDENTIALS, workflowSecret: 'nope' });
    expect(await wrong.evaluate(profile('Lovelace'))).toMatchObject({
      ok: false,
      failure: { code: 'unauthorized', httpStatus: 401 },
    });
    fake.failNext(503);
    expect(await adapter().evaluate(profile('Lovelace'))).toMatchObject({
      ok: false,
      failure: { code: 'unavailable', httpStatus: 503 },
    });
    const unreachable = createAlloyIdentity({
      baseUrl: 'http://127.0.0.1:9',
      ...CREDENTIALS,
      timeoutMs: 2000,
    });
    expect(await unreachable.evaluate(profile('Lovelace'))).toMatchObject({
      ok: false,
      failure: { code: 'unavailable' },
    });
  });

  it('never puts the profile in a failure message', async () => {
    fake.failNext(400);
    const result = await adapter().evaluate(profile('Lovelace'));
    expect(JSON.stringify(result)).not.toMatch(/130692544|ada@example\.com|Lovelace/);
  });
});
