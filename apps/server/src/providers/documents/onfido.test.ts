import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnfidoDocumentVerification } from './onfido.ts';
import { startFakeOnfido, type FakeOnfido } from './onfido.fake.ts';

const CREDENTIALS = { apiToken: 'api_sandbox.test', workflowId: 'wf-1', webhookToken: 'hook-secret' };

const input = {
  applicantId: 'applicant-1',
  firstName: 'Ada',
  lastName: 'Review',
  email: 'ada@example.com',
  locale: 'fr' as const,
  returnUrl: 'https://apply.example/single/idverifyterms',
  sandboxCaptureUrl: '/unused',
};

describe('Onfido adapter against a local fake', () => {
  let fake: FakeOnfido;
  beforeAll(async () => {
    fake = await startFakeOnfido(CREDENTIALS);
  });
  afterAll(() => fake.close());
  const adapter = () => createOnfidoDocumentVerification({ baseUrl: fake.baseUrl, ...CREDENTIALS });

  it('creates an applicant, then a workflow run whose hosted link returns to our page', async () => {
    const result = await adapter().createRun(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.status).toBe('awaiting_input');
    expect(result.value.captureUrl).toMatch(/^https:\/\/eu\.onfido\.app\/l\//);
    const runRequest = fake.requests.find((r) => r.path === '/workflow_runs');
    expect(runRequest?.body).toMatchObject({
      workflow_id: 'wf-1',
      customer_user_id: 'applicant-1',
      link: { completed_redirect_url: input.returnUrl, language: 'fr_FR' },
    });
    expect(await adapter().getRun(result.value.id)).toEqual({
      ok: true,
      value: { runId: result.value.id, status: 'awaiting_input' },
    });
  });

  it('accepts a notification signed with the webhook token, and only that', async () => {
    const created = await adapter().createRun(input);
    if (!created.ok) throw new Error('no run');
    const { rawBody, signature } = fake.finish(created.value.id, 'approved');
    expect(adapter().readNotification(rawBody, signature)).toEqual({
      ok: true,
      value: { runId: created.value.id, status: 'approved' },
    });
    const tampered = Buffer.from(rawBody.toString('utf8').replace('approved', 'declined'));
    expect(adapter().readNotification(tampered, signature)).toMatchObject({
      ok: false,
      failure: { code: 'unauthorized' },
    });
    expect(adapter().readNotification(rawBody, undefined)).toMatchObject({
      ok: false,
      failure: { code: 'unauthorized' },
    });
    expect(adapter().readNotification(rawBody, 'zz')).toMatchObject({
      ok: false,
      failure: { code: 'unauthorized' },
    });
  });

  it('reports a refused token and an unknown run', async () => {
    const wrong = createOnfidoDocumentVerification({
      baseUrl: fake.baseUrl,
      ...CREDENTIALS,
      apiToken: 'nope',
    });
    expect(await wrong.createRun(input)).toMatchObject({ ok: false, failure: { code: 'unauthorized' } });
    expect(await adapter().getRun('missing')).toMatchObject({ ok: false, failure: { code: 'notFound' } });
  });
});
