import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';

describe.each(TEST_DATABASES)('session cookie in production on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: {
        ...PRODUCTION_TEST_ENV,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is __Host-omo_session, Secure, HttpOnly, SameSite=Lax, Path=/, and works only under that name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: {
        email: 'prod@example.com',
        password: 'Secr3tPass9',
        consent: false,
        productIds: ['2001'],
        sweepEnabled: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-omo_session=[A-Za-z0-9_-]{43}; /);
    for (const attribute of [/; Secure/i, /; HttpOnly/i, /; SameSite=Lax/i, /; Path=\//]) {
      expect(header).toMatch(attribute);
    }
    expect(header).not.toMatch(/Domain=/i);
    const token = header.split(';')[0]!.split('=')[1]!;
    const ok = await t.app.inject({
      url: '/api/omo/Application',
      headers: { cookie: `__Host-omo_session=${token}` },
    });
    expect(ok.statusCode).toBe(200);
    const wrongName = await t.app.inject({
      url: '/api/omo/Application',
      headers: { cookie: `omo_session=${token}` },
    });
    expect(wrongName.statusCode).toBe(401);
  });

  it('ends a session unused for longer than SESSION_IDLE_MINUTES (60); use keeps it alive', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: {
        email: 'idle@example.com',
        password: 'Secr3tPass9',
        consent: false,
        productIds: ['2001'],
        sweepEnabled: false,
      },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const view = () => t.app.inject({ url: '/api/omo/Application', headers: { cookie } });
    expect((await view()).statusCode).toBe(200);
    const applicant = await t.app.db
      .selectFrom('applicants')
      .select('id')
      .where('email', '=', 'idle@example.com')
      .executeTakeFirstOrThrow();
    const setLastSeen = (minutesAgo: number) =>
      t.app.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - minutesAgo * 60_000) })
        .where('applicant_id', '=', applicant.id)
        .execute();
    // Used 59 minutes ago: still open, and this use keeps it alive for another hour.
    await setLastSeen(59);
    expect((await view()).statusCode).toBe(200);
    const [session] = await t.app.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('applicant_id', '=', applicant.id)
      .execute();
    expect(Date.now() - new Date(session!.last_seen_at).getTime()).toBeLessThan(60_000);
    await setLastSeen(61);
    const idle = await view();
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ detail: 'No application in progress.' });
    // The ended session is gone, so the cookie stays useless.
    expect(
      await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('applicant_id', '=', applicant.id)
        .execute(),
    ).toEqual([]);
  });
});
