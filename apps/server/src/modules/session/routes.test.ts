import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

const HEADER = 'omo-session-expires-in';

/** Seconds left, as said a moment after the last use (the answer is written a few ms later). */
const justUnder = (seconds: number) => ({
  asymmetricMatch: (n: unknown) => Number(n) <= seconds && Number(n) >= seconds - 5,
  toString: () => `${seconds - 5}..${seconds}`,
});

describe.each(TEST_DATABASES)('session time-out: status, Stay signed in, Exit on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // A 20-minute session, warned 2 minutes before its end, that lasts at most an hour however used.
    t = await buildTestApp(database, {
      env: { SESSION_IDLE_MINUTES: '20', SESSION_WARNING_MINUTES: '2', SESSION_MAX_HOURS: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Starts an application; answers its session cookie and a way to move its last use back in time. */
  async function startApplication(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: { email, password: 'Secr3tPass9', consent: false, productIds: ['2001'], sweepEnabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers[HEADER]).toEqual(justUnder(20 * 60));
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const { id } = await t.app.db
      .selectFrom('applicants')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const lastUsed = (minutesAgo: number) =>
      t.app.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - minutesAgo * 60_000) })
        .where('applicant_id', '=', id)
        .execute();
    // A session's start is never updated by the app: only a test moves it back.
    const startedAgo = (minutes: number) =>
      sql`update sessions set created_at = ${new Date(Date.now() - minutes * 60_000)} where applicant_id = ${id}`.execute(
        t.app.db,
      );
    const sessionsLeft = () =>
      t.app.db.selectFrom('sessions').select('last_seen_at').where('applicant_id', '=', id).execute();
    return { cookie, lastUsed, startedAgo, sessionsLeft };
  }

  const status = (cookie?: string) =>
    t.app.inject({ url: '/api/omo/Session', headers: cookie ? { cookie } : {} });
  const extend = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/omo/Session/Extend', headers: { cookie } });
  const end = (cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/omo/Session/End', headers: cookie ? { cookie } : {} });
  const view = (cookie: string) => t.app.inject({ url: '/api/omo/Application', headers: { cookie } });

  it('says when the session ends and when to warn, without using it', async () => {
    const { cookie, lastUsed, sessionsLeft } = await startApplication('status@example.com');
    await lastUsed(15);
    const res = await status(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ expiresInSeconds: number; warningSeconds: number }>();
    expect(body.warningSeconds).toBe(120);
    expect(body.expiresInSeconds).toBeGreaterThan(5 * 60 - 10);
    expect(body.expiresInSeconds).toBeLessThanOrEqual(5 * 60);
    // Reading the status is not a use: the session still ends 20 minutes after its last real use.
    const [session] = await sessionsLeft();
    expect(Date.now() - new Date(session!.last_seen_at).getTime()).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(res.headers[HEADER]).toBeUndefined();
  });

  it('tells every answer that used the session how long is left (a use starts the idle time again)', async () => {
    const { cookie, lastUsed } = await startApplication('header@example.com');
    await lastUsed(15);
    const res = await view(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers[HEADER]).toEqual(justUnder(20 * 60));
    expect((await status(cookie)).json()).toMatchObject({ expiresInSeconds: justUnder(20 * 60) });
    // Without a session, nothing to say.
    const none = await t.app.inject({ url: '/api/omo/Application' });
    expect(none.statusCode).toBe(401);
    expect(none.headers[HEADER]).toBeUndefined();
  });

  it("'Stay signed in' gives the session its whole idle time again", async () => {
    const { cookie, lastUsed, sessionsLeft } = await startApplication('stay@example.com');
    await lastUsed(19);
    const res = await extend(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ expiresInSeconds: justUnder(20 * 60), warningSeconds: 120 });
    expect(res.headers[HEADER]).toEqual(justUnder(20 * 60));
    const [session] = await sessionsLeft();
    expect(Date.now() - new Date(session!.last_seen_at).getTime()).toBeLessThan(5000);
    expect((await view(cookie)).statusCode).toBe(200);
  });

  it("'Stay signed in' does not reopen a session that has ended", async () => {
    const { cookie, lastUsed, sessionsLeft } = await startApplication('late@example.com');
    await lastUsed(21);
    const res = await extend(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'No application in progress.' });
    expect(await sessionsLeft()).toEqual([]);
    expect((await view(cookie)).statusCode).toBe(401);
    expect((await status(cookie)).statusCode).toBe(401);
  });

  it("'Exit' ends the session: its token reaches nothing any more and the cookie is cleared", async () => {
    const { cookie, sessionsLeft } = await startApplication('exit@example.com');
    const res = await end(cookie);
    expect(res.statusCode).toBe(204);
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(/^omo_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await sessionsLeft()).toEqual([]);
    // The old token, sent again, opens nothing and cannot be extended.
    expect((await view(cookie)).statusCode).toBe(401);
    expect((await extend(cookie)).statusCode).toBe(401);
    expect((await status(cookie)).statusCode).toBe(401);
    // Exiting twice, or without a session, is the same.
    expect((await end(cookie)).statusCode).toBe(204);
    expect((await end()).statusCode).toBe(204);
  });

  it('ends a session at its absolute lifetime however recently it was used (SESSION_MAX_HOURS)', async () => {
    const { cookie, startedAgo, sessionsLeft } = await startApplication('absolute@example.com');
    await startedAgo(61);
    expect((await view(cookie)).statusCode).toBe(401);
    expect((await extend(cookie)).statusCode).toBe(401);
    expect((await status(cookie)).statusCode).toBe(401);
    expect(await sessionsLeft()).toEqual([]);
  });

  it("counts down to the absolute end when it comes first, and 'Stay signed in' cannot pass it", async () => {
    const { cookie, startedAgo } = await startApplication('closing@example.com');
    await startedAgo(50);
    const used = await view(cookie);
    expect(used.statusCode).toBe(200);
    expect(used.headers[HEADER]).toEqual(justUnder(10 * 60));
    expect((await status(cookie)).json()).toMatchObject({ expiresInSeconds: justUnder(10 * 60) });
    expect((await extend(cookie)).json()).toMatchObject({ expiresInSeconds: justUnder(10 * 60) });
  });

  it('ends only its own session', async () => {
    const a = await startApplication('one@example.com');
    const b = await startApplication('two@example.com');
    expect((await end(a.cookie)).statusCode).toBe(204);
    expect((await view(a.cookie)).statusCode).toBe(401);
    expect((await view(b.cookie)).statusCode).toBe(200);
  });
});
