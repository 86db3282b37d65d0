/**
 * Staff sign-in and sessions (decision 0072). Staff sign in through OpenID Connect (openid-client,
 * authorization code with PKCE, state and nonce): at the credit union's provider (STAFF_OIDC_*) or the
 * embedded one. The role comes from the ID token's roles claim (STAFF_OIDC_ROLES_CLAIM); a staff member
 * with no omo role is refused. omo stores no staff password.
 *
 * The session is a cookie of 32 random bytes, `omo_staff` (`__Host-omo_staff` with Secure in production),
 * HttpOnly, SameSite=Strict, bound to a `staff_sessions` row holding its SHA-256. Every changing call
 * carries the session's CSRF token in `X-CSRF-Token` (GET /api/me gives it), and a cross-site Origin or
 * Sec-Fetch-Site is refused first. An applicant's cookie is not a staff session: 401 everywhere.
 */
import { staffRoleOf, type StaffRole } from '@omo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import { isCrossSiteRequest, ownOrigins } from '../../lib/origins.ts';
import type { EmbeddedOidc } from './embedded-oidc.ts';

export const STAFF_COOKIE = 'omo_staff';
export const SECURE_STAFF_COOKIE = '__Host-omo_staff';
const LOGIN_COOKIE = 'omo_staff_login';
/** The staff session's cookie: __Host- in production (HTTPS only). */
export const staffCookieName = (config: Pick<AppConfig, 'isProduction'>) =>
  config.isProduction ? SECURE_STAFF_COOKIE : STAFF_COOKIE;
export const CSRF_HEADER = 'x-csrf-token';
export const NO_STAFF_SESSION = 'Sign in as staff first.';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const TOUCH_INTERVAL_MS = 30_000;
const LOGIN_MAX_AGE_SECONDS = 600;
/** The calls of the sign-in itself, reached without a session. */
const PUBLIC_CALLS = new Set(['/api/auth/login', '/api/auth/callback']);

/** The signed-in staff member of a request. */
export interface StaffMember {
  subject: string;
  name: string;
  email: string;
  role: StaffRole;
  /** A short id of the session for the case log (a prefix of its token's hash). */
  sessionId: string;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, or throws 401. */
    requireStaff(): Promise<StaffMember>;
  }
}

export interface StaffAuthOptions {
  config: AppConfig;
  db: Database;
  /** The embedded provider, when no provider of the credit union is configured. */
  embedded: EmbeddedOidc | undefined;
}

/** Registers the staff session, the CSRF check and the sign-in routes on the staff app. */
export async function registerStaffAuth(app: FastifyInstance, { config, db, embedded }: StaffAuthOptions) {
  const { staff } = config;
  const cookieName = staffCookieName(config);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.isProduction,
  };
  const provider = embedded ?? staff.oidc;
  if (!provider) throw new Error('The back office needs an OpenID provider');
  const redirectUri = `${staff.publicUrl}/api/auth/callback`;
  const idleMs = config.sessionIdleMinutes * 60_000;
  const maxMs = config.sessionMaxHours * 3_600_000;

  // Discovered on first use (the embedded provider listens on this very app), then kept.
  let discovered: Promise<oidc.Configuration> | undefined;
  const oidcConfig = () => {
    discovered ??= oidc
      .discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        oidc.ClientSecretBasic(provider.clientSecret),
        new URL(provider.issuer).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  const origins = ownOrigins(staff.publicUrl);
  const cache = new WeakMap<FastifyRequest, Promise<StaffMember | undefined>>();

  async function lookup(request: FastifyRequest): Promise<StaffMember | undefined> {
    const token = request.cookies[cookieName];
    if (!token || !TOKEN_PATTERN.test(token)) return undefined;
    const tokenHash = sha256Hex(token);
    const row = await db
      .selectFrom('staff_sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const now = Date.now();
    const lastSeen = new Date(row.last_seen_at).getTime();
    const created = new Date(row.created_at).getTime();
    if (now > Math.min(lastSeen + idleMs, created + maxMs)) {
      await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
      return undefined;
    }
    if (now - lastSeen > TOUCH_INTERVAL_MS) {
      await db
        .updateTable('staff_sessions')
        .set({ last_seen_at: new Date(now) })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    const role = staffRoleOf([row.role]);
    if (!role) return undefined;
    return {
      subject: row.subject,
      name: row.name,
      email: row.email,
      role,
      sessionId: tokenHash.slice(0, 12),
      csrfToken: row.csrf_token,
    };
  }

  app.decorateRequest('requireStaff', async function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = lookup(this);
      cache.set(this, pending);
    }
    const member = await pending;
    if (!member) throw new HttpProblem(401, NO_STAFF_SESSION);
    return member;
  });

  // Cross-site requests first, then the CSRF token of every changing API call (the sign-in's own
  // redirects are GETs, the embedded provider's pages are its own).
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteRequest(request, origins)) {
      request.log.info(
        { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      );
      throw new HttpProblem(403, 'Cross-site request refused.');
    }
  });
  // Before the body is validated: no staff session, 401; a changing call without the session's token, 403.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/') || PUBLIC_CALLS.has(request.routeOptions.url ?? '')) return;
    const member = await request.requireStaff();
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const given = request.headers[CSRF_HEADER];
    if (typeof given !== 'string' || !safeEqual(given, member.csrfToken)) {
      throw new HttpProblem(403, 'The request carries no valid CSRF token.');
    }
  });

  app.get('/api/auth/login', { schema: { hide: true } }, async (_request, reply) => {
    const client = await oidcConfig();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri,
      scope: 'openid profile email roles',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    // Lax: the provider's redirect back is a top-level navigation from its site.
    reply.setCookie(
      LOGIN_COOKIE,
      Buffer.from(JSON.stringify({ verifier, state, nonce })).toString('base64url'),
      {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieOptions.secure,
        maxAge: LOGIN_MAX_AGE_SECONDS,
      },
    );
    return reply.header('cache-control', 'no-store').redirect(url.href, 303);
  });

  app.get('/api/auth/callback', { schema: { hide: true } }, async (request, reply) => {
    const raw = request.cookies[LOGIN_COOKIE];
    reply.clearCookie(LOGIN_COOKIE, { path: '/api/auth' });
    let checks: { verifier: string; state: string; nonce: string };
    try {
      checks = JSON.parse(Buffer.from(raw ?? '', 'base64url').toString('utf8')) as typeof checks;
    } catch {
      throw new HttpProblem(400, 'The sign-in expired: start again.');
    }
    if (!checks?.state) throw new HttpProblem(400, 'The sign-in expired: start again.');
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        await oidcConfig(),
        new URL(request.url, staff.publicUrl),
        { pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce },
      );
      claims = tokens.claims();
    } catch (error) {
      request.log.info({ err: error }, 'staff sign-in refused');
      throw new HttpProblem(401, 'The sign-in could not be completed: start again.');
    }
    const role = staffRoleOf(claims?.[staff.rolesClaim]);
    if (!claims || !role) throw new HttpProblem(403, 'Your account has no role in the back office.');
    const token = randomToken(32);
    const now = new Date();
    await db
      .insertInto('staff_sessions')
      .values({
        token_hash: sha256Hex(token),
        subject: String(claims.sub),
        name: typeof claims.name === 'string' ? claims.name : String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : '',
        role,
        csrf_token: randomToken(32),
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    reply.setCookie(cookieName, token, cookieOptions);
    request.log.info({ role }, 'staff signed in');
    // A page of our own that moves on, so that the next request is same-site and carries the Strict cookie.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>Signed in</title></head><body><p><a href="/">Continue / Continuer</a></p></body></html>',
      );
  });

  app.post('/api/auth/logout', { schema: { hide: true } }, async (request, reply) => {
    const token = request.cookies[cookieName];
    if (token && TOKEN_PATTERN.test(token)) {
      await db.deleteFrom('staff_sessions').where('token_hash', '=', sha256Hex(token)).execute();
    }
    reply.clearCookie(cookieName, cookieOptions);
    return { signedOut: true };
  });

  app.get('/api/me', { schema: { hide: true } }, async (request, reply) => {
    const member = await request.requireStaff();
    reply.header('cache-control', 'no-store');
    return { name: member.name, email: member.email, role: member.role, csrfToken: member.csrfToken };
  });
}
