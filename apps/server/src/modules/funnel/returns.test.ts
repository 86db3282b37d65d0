import { HAND_OFF_API_PATHS } from '@omo/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkCodeMailedTo, TestApplicant } from '../../testing/applicant.ts';
import { png } from '../../testing/images.ts';
import { comeBackByLink, RESUME_LINK } from '../../testing/resume.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

const TOKEN = 'ops-token-for-tests-0123456789abcdef';
const HAND_OFF_LINK = /\/handoff\?token=([A-Za-z0-9_-]+)/;

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
}

describe.each(TEST_DATABASES)('comebacks in the funnel on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: { OPERATIONS_TOKEN: TOKEN, JOB_POLL_SECONDS: '0.5', REMINDER_DELAYS: '1h' },
    });
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(() => {
    t.app.providers.clock.now = () => new Date();
  });

  const outbox = async () => (await t.app.inject('/api/dev/outbox')).json<OutboxMessage[]>();
  const comeBack = (a: TestApplicant, token: string) => comeBackByLink(t.app, a, token);

  it('counts who came back by a resume link, by a reminder and by the phone hand-off, and who then finished', async () => {
    await t.app.db.deleteFrom('funnel_events').execute();

    // By a link they asked for, stopped at the address: they come back and finish.
    const byLink = new TestApplicant(t.app);
    await byLink.progress('phone');
    await byLink.call('POST', '/api/omo/resume/RequestLink', {});
    await comeBack(byLink, await linkCodeMailedTo(t.app, byLink.email, RESUME_LINK));
    await byLink.completeUpTo('reviewConsent', 'address');
    expect((await byLink.submit()).statusCode).toBe(200);

    // By a reminder's link (they asked for reminders): they come back and stop again.
    const byReminder = new TestApplicant(t.app);
    const started = await byReminder.call('POST', '/api/omo/InitializeApplication', {
      ...byReminder.initializeBody(),
      reminderConsent: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    t.app.providers.clock.now = () => new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect((await t.app.reminders.sweep()).reminded).toBeGreaterThanOrEqual(1);
    t.app.providers.clock.now = () => new Date();
    await comeBack(byReminder, await linkCodeMailedTo(t.app, byReminder.email, RESUME_LINK));

    // By the phone, for the ID photos: the desktop then finishes.
    const byPhone = new TestApplicant(t.app, { lastName: 'Review' });
    await byPhone.progress('accountUsage');
    await byPhone.call('POST', '/api/omo/DocumentVerification/Start', { consent: true });
    await byPhone.call('POST', HAND_OFF_API_PATHS.start);
    const to = `+1${byPhone.phoneNumber.replace(/\D/g, '')}`;
    const sms = (await outbox()).find(
      (m) => m.channel === 'sms' && m.to === to && HAND_OFF_LINK.test(m.body),
    );
    const opened = await t.app.inject({
      method: 'POST',
      url: HAND_OFF_API_PATHS.open,
      payload: { token: HAND_OFF_LINK.exec(sms!.body)![1] },
    });
    const capture = opened.cookies.find((c) => c.name.endsWith('omo_capture'))!;
    for (const side of ['front', 'back', 'selfie']) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/omo/DocumentVerification/Capture/${side}`,
        payload: png(),
        headers: { 'content-type': 'image/png', cookie: `${capture.name}=${capture.value}` },
      });
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/omo/DocumentVerification/Capture/Submit',
      headers: { cookie: `${capture.name}=${capture.value}` },
    });
    await byPhone.completeUpTo('reviewConsent', 'legalTerms');
    expect((await byPhone.submit()).statusCode).toBe(200);

    const page = await t.app.inject({
      url: '/ops/funnel?lang=en',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(page.statusCode).toBe(200);
    const cell = (id: string) => new RegExp(`data-testid="${id}">(\\d+)<`).exec(page.body)?.[1];
    expect([cell('came-resumeLink'), cell('finished-resumeLink')]).toEqual(['1', '1']);
    expect([cell('came-reminder'), cell('finished-reminder')]).toEqual(['1', '0']);
    expect([cell('came-handOff'), cell('finished-handOff')]).toEqual(['1', '1']);
    expect(page.body).toContain('<th scope="row">A reminder’s link</th>');
    const fr = await t.app.inject({
      url: '/ops/funnel?lang=fr',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(fr.body).toContain('<th scope="row">Les photos d’identité sur leur cellulaire</th>');
  });
});
