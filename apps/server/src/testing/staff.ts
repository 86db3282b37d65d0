/**
 * The back office in tests: the app with its staff listener on a free loopback port (the embedded OpenID
 * provider is reached over HTTP by openid-client, as in production), and staff who sign in through the
 * real OpenID flow with a cookie jar of their own.
 */
import { afterAll, beforeAll } from 'vitest';
import { EMBEDDED_STAFF_USERS } from '../modules/staff/embedded-oidc.ts';
import { freePort } from './free-port.ts';
import { buildTestApp, type TestApp, type TestAppOptions, type TestDatabase } from './test-app.ts';

export interface StaffTestApp extends TestApp {
  staffUrl: string;
}

/** The app with its staff listener listening (closed with the app). */
export async function buildStaffTestApp(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<StaffTestApp> {
  const port = await freePort();
  const staffUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp(database, {
    ...options,
    env: { STAFF_PORT: String(port), STAFF_PUBLIC_URL: staffUrl, ...options.env },
  });
  await t.app.staff.listen({ port, host: '127.0.0.1' });
  return { ...t, staffUrl };
}

/** A browser's cookies for one host (paths ignored: enough for the sign-in's own cookies). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface SignedInStaff {
  /** The Cookie header of the staff session (its cookie alone). */
  cookie: string;
  csrfToken: string;
  role: string;
  name: string;
}

/**
 * Signs in at the back office through the embedded provider's sign-in page, following every redirect
 * by hand as a browser would.
 * @returns the staff session, or throws with the step that failed
 */
export async function signInStaff(
  staffUrl: string,
  username: string,
  password: string,
): Promise<SignedInStaff> {
  const jar = new CookieJar();
  const origin = new URL(staffUrl).origin;
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, staffUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  let response = await go('/api/auth/login');
  let steps = 0;
  while (response.status >= 300 && response.status < 400 && steps++ < 10) {
    const location = response.headers.get('location')!;
    if (location.includes('/interaction/')) {
      const page = await go(location);
      if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`);
      response = await go(`${location}/login`, {
        method: 'POST',
        body: new URLSearchParams({ username, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      });
      if (response.status === 401) throw new Error('wrong user name or password');
      continue;
    }
    response = await go(location);
  }
  if (response.status !== 200)
    throw new Error(`sign-in ended with ${response.status}: ${await response.text()}`);
  const token = jar.get('omo_staff');
  if (!token) throw new Error('no staff session cookie');
  const cookie = `omo_staff=${token}`;
  const me = await fetch(new URL('/api/me', staffUrl), { headers: { cookie } });
  const body = (await me.json()) as { csrfToken: string; role: string; name: string };
  return { cookie, csrfToken: body.csrfToken, role: body.role, name: body.name };
}

/** Signs in one of the embedded provider's staff (EMBEDDED_STAFF_USERS) with their own password. */
export function signInEmbeddedStaff(t: StaffTestApp, username: string): Promise<SignedInStaff> {
  const user = EMBEDDED_STAFF_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no embedded staff member ${username}`);
  return signInStaff(t.staffUrl, username, user.password);
}

/**
 * The back office of a suite, built before its tests with these embedded staff signed in, and closed after
 * them: the app, then each staff member's session. The objects are returned at once and filled in by the
 * suite's first hook: a test (or a later hook) uses them as they are.
 */
export function useStaffTestApp<const Names extends readonly string[]>(
  database: TestDatabase,
  usernames: Names,
  options: TestAppOptions = {},
): [StaffTestApp, ...{ [K in keyof Names]: SignedInStaff }] {
  const t = {} as StaffTestApp;
  const staff = usernames.map(() => ({}) as SignedInStaff);
  beforeAll(async () => {
    Object.assign(t, await buildStaffTestApp(database, options));
    for (const [i, username] of usernames.entries()) {
      Object.assign(staff[i]!, await signInEmbeddedStaff(t, username));
    }
  }, 180_000);
  afterAll(async () => {
    await t.close?.();
  });
  return [t, ...(staff as { [K in keyof Names]: SignedInStaff })];
}

/** A staff member's call through the staff app (cookie and CSRF token). */
export function staffCall(
  t: StaffTestApp,
  staff: SignedInStaff,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.staff.inject({
    method,
    url,
    headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrfToken },
    ...(payload ? { payload } : {}),
  });
}

let requestCounter = 0;
/** A new client request id. */
export function newRequestId(): string {
  requestCounter += 1;
  return `test-${process.pid}-${Date.now()}-${requestCounter}`;
}
