import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';

describe.each(TEST_DATABASES)('session cookie in production on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: {
        APP_ENV: 'production',
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        SIN_ENCRYPTION_KEY: 'ab'.repeat(32),
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
        appRefNo: 'OMOPRODPROD1P',
        productIds: ['2001'],
        sweepEnabled: false,
        skipAlloy: false,
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

  it('no longer reaches a draft left idle longer than SESSION_IDLE_MINUTES (60)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: {
        email: 'idle@example.com',
        password: 'Secr3tPass9',
        consent: false,
        appRefNo: 'OMOIDLEIDLE1P',
        productIds: ['2001'],
        sweepEnabled: false,
        skipAlloy: false,
      },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const view = () => t.app.inject({ url: '/api/omo/Application', headers: { cookie } });
    expect((await view()).statusCode).toBe(200);
    await t.app.db
      .updateTable('applications')
      .set({ updated_at: new Date(Date.now() - 61 * 60_000) })
      .where('app_ref_no', '=', 'OMOIDLEIDLE1P')
      .execute();
    const idle = await view();
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ detail: 'No application in progress.' });
  });
});
