/**
 * The applicant's session (design.md §3, issue 3 contract): a cookie holding 32 random bytes (base64url,
 * 256 bits) bound to one draft application; the database keeps only the token's SHA-256. The cookie is
 * `omo_session` (HttpOnly, SameSite=Lax, Path=/), and `__Host-omo_session` with Secure in production.
 *
 * - `await request.requireApplication()` → the request's draft (ApplicationRecord, no secrets), or throws
 *   the 401 problem 'No application in progress.'. `request.findApplication()` → the draft or undefined.
 * - A draft whose answers have not changed for SESSION_IDLE_MINUTES is out of reach of its cookie (401).
 * - `await reply.issueSession(applicationId)` issues a new token for the draft and sets the cookie; the
 *   previous token stops working (rotation).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import {
  findApplicationBySessionHash,
  setSessionHash,
  type ApplicationRecord,
} from '../modules/application/repository.ts';
import { HttpProblem } from './problem-details.ts';

export const SESSION_COOKIE = 'omo_session';
export const SECURE_SESSION_COOKIE = '__Host-omo_session';
export const NO_APPLICATION_DETAIL = 'No application in progress.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The draft of this request's session, or throws the 401 problem. Cached per request. */
    requireApplication(): Promise<ApplicationRecord>;
    /** The draft of this request's session, or undefined. */
    findApplication(): Promise<ApplicationRecord | undefined>;
  }
  interface FastifyReply {
    /** Binds a new session token to the draft and sets the cookie (rotation). */
    issueSession(applicationId: string): Promise<void>;
  }
}

/** The cookie name for a configuration. */
export function sessionCookieName(config: Pick<AppConfig, 'isProduction'>): string {
  return config.isProduction ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const cookieName = sessionCookieName(config);
    const cache = new WeakMap<FastifyRequest, Promise<ApplicationRecord | undefined>>();

    async function lookup(request: FastifyRequest): Promise<ApplicationRecord | undefined> {
      const token = request.cookies[cookieName];
      if (!token || !TOKEN_PATTERN.test(token)) return undefined;
      const record = await findApplicationBySessionHash(app.db, sha256Hex(token));
      // An idle draft is out of reach: a cookie left on a shared computer does not reopen the answers.
      if (record && Date.now() - record.updatedAt.getTime() > config.sessionIdleMinutes * 60_000)
        return undefined;
      return record;
    }

    app.decorateRequest('findApplication', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = lookup(this);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorateRequest('requireApplication', async function (this: FastifyRequest) {
      const record = await this.findApplication();
      if (!record) throw new HttpProblem(401, NO_APPLICATION_DETAIL);
      return record;
    });

    app.decorateReply('issueSession', async function (this: FastifyReply, applicationId: string) {
      const token = randomToken(32);
      await setSessionHash(app.db, applicationId, sha256Hex(token));
      cache.delete(this.request);
      this.setCookie(cookieName, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
      });
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);
