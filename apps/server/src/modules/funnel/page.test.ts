import { FUNNEL_VIEW_PATH, type FunnelEvent } from '@omo/domain';
import { describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, useTestApp } from '../../testing/test-app.ts';
import { buildFunnelReport } from './report.ts';

const TOKEN = 'ops-token-for-tests-0123456789abcdef';
const basic = (token: string) => ({
  authorization: `Basic ${Buffer.from(`staff:${token}`).toString('base64')}`,
});

describe('buildFunnelReport', () => {
  const event = (
    funnelId: string,
    step: string,
    kind: FunnelEvent['kind'],
    elapsedSeconds: number,
    extra: Partial<FunnelEvent> = {},
  ): FunnelEvent => ({
    funnelId,
    flow: 'single',
    step,
    kind,
    detail: '',
    device: kind === 'view' ? 'desktop' : 'unknown',
    language: 'en',
    product: 'savings',
    hour: '2026-11-26T12:00:00.000Z',
    elapsedSeconds,
    resumed: false,
    ...extra,
  });
  const completed = (id: string, addressSeconds: number) => [
    event(id, 'createprofile', 'submit', 0),
    event(id, 'personalinfo', 'view', 0, { device: 'phone' }),
    event(id, 'personalinfo', 'submit', 50),
    event(id, 'address', 'view', 60),
    event(id, 'address', 'error', 70, { detail: 'address.postalCode.provinceMismatch' }),
    event(id, 'address', 'submit', 60 + addressSeconds),
    event(id, 'reviewterms', 'view', 200),
    event(id, 'reviewterms', 'submit', 230),
    event(id, 'reviewterms', 'outcome', 230, { detail: 'approved' }),
  ];
  const stoppedAtAddress = (id: string) => [
    event(id, 'createprofile', 'submit', 0),
    event(id, 'personalinfo', 'view', 0, { device: 'phone' }),
    event(id, 'personalinfo', 'submit', 20),
    event(id, 'address', 'view', 30),
    event(id, 'address', 'error', 40, { detail: 'address.postalCode.provinceMismatch' }),
  ];

  it('counts completions, where applicants left, the time per step and the errors', () => {
    const events = [...completed('a', 40), ...completed('b', 100), ...stoppedAtAddress('c')];
    const report = buildFunnelReport(events, { flow: 'single' });
    expect(report).toMatchObject({ started: 3, completed: 2, completionRate: 2 / 3 });
    const row = (step: string) => report.steps.find((s) => s.step === step);
    expect(row('createprofile')).toMatchObject({ reached: 3, left: 0, medianSeconds: null });
    expect(row('personalinfo')).toMatchObject({ reached: 3, left: 0, medianSeconds: 50, p90Seconds: 50 });
    // Two went through the address in 40 and 100 s; one left there (no time for them).
    expect(row('address')).toMatchObject({ reached: 3, left: 1, medianSeconds: 40, p90Seconds: 100 });
    expect(row('reviewterms')).toMatchObject({ reached: 2, left: 0, medianSeconds: 30 });
    expect(row('sin')).toMatchObject({ reached: 0, left: 0, medianSeconds: null });
    expect(report.errors).toEqual([
      { step: 'address', key: 'address.postalCode.provinceMismatch', count: 3 },
    ]);
    expect(report.outcomes).toEqual([{ outcome: 'approved', count: 2 }]);
  });

  it('filters by the device first reported, the language and the product', () => {
    const events = [
      ...completed('a', 40),
      ...stoppedAtAddress('c').map((e) => ({
        ...e,
        device: e.device === 'phone' ? ('tablet' as const) : e.device,
        language: 'fr',
        product: 'gic',
      })),
    ];
    expect(buildFunnelReport(events, { flow: 'single', device: 'phone' }).started).toBe(1);
    expect(buildFunnelReport(events, { flow: 'single', device: 'tablet' }).started).toBe(1);
    expect(buildFunnelReport(events, { flow: 'single', language: 'fr' }).completed).toBe(0);
    expect(buildFunnelReport(events, { flow: 'single', product: 'savings' }).completed).toBe(1);
    expect(buildFunnelReport(events, { flow: 'joint' }).started).toBe(0);
  });
});

describe.each(TEST_DATABASES)('the funnel page on $name', (database) => {
  const t = useTestApp(database, { env: { OPERATIONS_TOKEN: TOKEN } });

  it('is refused without the token, with a wrong one and with an applicant session', async () => {
    const none = await t.app.inject('/ops/funnel');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Basic realm="omo operations", charset="UTF-8"');
    expect((await t.app.inject({ url: '/ops/funnel', headers: basic('wrong-token') })).statusCode).toBe(401);
    const applicant = await new TestApplicant(t.app).start();
    expect((await applicant.call('GET', '/ops/funnel')).statusCode).toBe(401);
    expect((await applicant.call('GET', '/ops/funnel/events')).statusCode).toBe(401);
  });

  it('shows one completion and one drop at the address, with the time on each step', async () => {
    // This story's funnels alone.
    await t.app.db.deleteFrom('funnel_events').execute();
    const clock = t.app.providers.clock;
    const realNow = clock.now;
    let at = Date.now();
    const after = (seconds: number) => {
      at += seconds * 1000;
    };
    clock.now = () => new Date(at);
    try {
      const view = (a: TestApplicant, stepId: string) =>
        a.call('POST', FUNNEL_VIEW_PATH, { stepId, device: 'phone' });
      const walkToAddress = async (a: TestApplicant) => {
        await a.start();
        await view(a, 'personalinfo');
        after(45);
        await a.complete('personalInfo');
        await view(a, 'phoneverification');
        await a.complete('phone');
        after(5);
        await view(a, 'address');
      };
      const finisher = new TestApplicant(t.app);
      await walkToAddress(finisher);
      after(80);
      await finisher.complete('address');
      await finisher.completeUpTo('reviewConsent', 'products');
      await view(finisher, 'reviewterms');
      after(20);
      expect((await finisher.submit()).statusCode).toBe(200);
      const leaver = new TestApplicant(t.app);
      await walkToAddress(leaver);
    } finally {
      clock.now = realNow;
    }

    const page = await t.app.inject({ url: '/ops/funnel?lang=en', headers: basic(TOKEN) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toMatch(/data-testid="started">2</);
    expect(html).toMatch(/data-testid="completed">1</);
    expect(html).toMatch(/data-testid="completion-rate">50%</);
    const row = (name: string) =>
      new RegExp(`<th scope="row">${name}</th>(<td>[^<]*</td>){4}`).exec(html)?.[0];
    expect(row('Tell us about yourself')).toContain('<td>2</td><td>0</td><td>45 s</td><td>45 s</td>');
    expect(row('Address')).toContain('<td>2</td><td>1</td><td>1 min 20 s</td><td>1 min 20 s</td>');
    expect(row('Terms and conditions')).toContain('<td>1</td><td>0</td><td>20 s</td>');
    expect(html).toContain('<th scope="row">Approved</th><td>1</td>');

    const fr = await t.app.inject({ url: '/ops/funnel?lang=fr', headers: basic(TOKEN) });
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('Où les demandeurs abandonnent');
    expect(fr.body).toMatch(/data-testid="completion-rate">50[\s\u00a0\u202f]%</);
  });

  it('serves its chart library and script only under its own path, behind the token', async () => {
    for (const file of ['uplot.js', 'uplot.css', 'chart.js', 'page.css']) {
      const res = await t.app.inject({ url: `/ops/funnel/assets/${file}`, headers: basic(TOKEN) });
      expect(res.statusCode, file).toBe(200);
      expect((await t.app.inject(`/ops/funnel/assets/${file}`)).statusCode).toBe(401);
    }
    const lib = await t.app.inject({ url: '/ops/funnel/assets/uplot.js', headers: basic(TOKEN) });
    expect(lib.body).toContain('uPlot');
  });
});

describe('the funnel page without OPERATIONS_TOKEN', () => {
  it('answers 404, as if absent', async () => {
    const t = await buildTestApp(TEST_DATABASES[0]!);
    try {
      expect((await t.app.inject({ url: '/ops/funnel', headers: basic('anything-at-all') })).statusCode).toBe(
        404,
      );
    } finally {
      await t.close();
    }
  });
});
