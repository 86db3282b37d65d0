import { describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, useTestApp } from '../../testing/test-app.ts';

const TOKEN = 'ops-token-for-tests-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of a metric's sample whose labels include all of `labels` (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find(
      (l) => (l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w))) || l.startsWith(`${name} `),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe.each(TEST_DATABASES)('/metrics on $name', (database) => {
  const t = useTestApp(database, { env: { OPERATIONS_TOKEN: TOKEN } });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('is refused without its token, with a wrong one and with an applicant session', async () => {
    const none = await t.app.inject('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic /);
    expect(none.body).not.toContain('omo_');
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    const applicant = await new TestApplicant(t.app).start();
    expect((await applicant.call('GET', '/metrics')).statusCode).toBe(401);
  });

  it('answers in the Prometheus format to its token, as Bearer or as the Basic password', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE omo_http_requests_total counter');
    expect(res.body).toContain('# TYPE omo_jobs gauge');
    const basic = Buffer.from(`prometheus:${TOKEN}`).toString('base64');
    expect(
      (await t.app.inject({ url: '/metrics', headers: { authorization: `Basic ${basic}` } })).statusCode,
    ).toBe(200);
  });

  it('shows the counters moving after a flow: requests, partner calls, decisions, refusals', async () => {
    const before = await scrape();
    const a = await new TestApplicant(t.app).progress('reviewConsent');
    expect((await a.submit()).statusCode).toBe(200);
    for (let i = 0; i < 21; i++) await a.call('GET', '/api/omo/Application/Sin/Reveal');
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const address = { method: 'PUT', route: '/api/omo/Application/Address', status: '200' };
    expect(moved('omo_http_requests_total', address)).toBe(1);
    expect(moved('omo_http_request_duration_seconds_count', address)).toBe(1);
    expect(moved('omo_decisions_total', { outcome: 'approved' })).toBe(1);
    expect(moved('omo_decision_duration_seconds_count', { outcome: 'approved' })).toBe(1);
    expect(moved('omo_partner_calls_total', { provider: 'identity', result: 'ok' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      moved('omo_partner_calls_total', { provider: 'phoneVerification', result: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(moved('omo_rate_limit_refusals_total', { route: '/api/omo/Application/Sin/Reveal' })).toBe(1);
    // Route patterns and codes only: nothing of the applicant.
    for (const value of [a.email, a.phoneNumber.replace(/\D/g, ''), a.appRefNo, 'Lovelace']) {
      expect(after).not.toContain(value);
    }
  });
});

describe('/metrics without OPERATIONS_TOKEN', () => {
  it('answers 404, as if absent', async () => {
    const t = await buildTestApp(TEST_DATABASES[0]!);
    try {
      expect((await t.app.inject('/metrics')).statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } })).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
