/**
 * The applicant's session: a cookie holding 32 random bytes (base64url, 256 bits) bound to one applicant;
 * the `sessions` table keeps only the token's SHA-256. The cookie is `omo_session` (HttpOnly,
 * SameSite=Lax, Path=/), and `__Host-omo_session` with Secure in production.
 *
 * - `await request.requireApplicant()` → the session's applicant and application (no secrets), or throws
 *   the 401 problem 'No application in progress.'. `request.findApplicant()` → the same or undefined.
 * - A session unused for SESSION_IDLE_MINUTES is out of reach (and deleted); each use keeps it alive.
 * - `await reply.issueSession(applicantId)` issues a new token for the applicant, ends the applicant's
 *   other sessions (rotation) and sets the cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { findApplicantContext, type ApplicantContext } from '../modules/application/repository.ts';
import { HttpProblem } from './problem-details.ts';

export const SESSION_COOKIE = 'omo_session';
export const SECURE_SESSION_COOKIE = '__Host-omo_session';
export const NO_APPLICATION_DETAIL = 'No application in progress.';
/** A session's last use is written at most this often (each request would otherwise write a row). */
const TOUCH_INTERVAL_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The applicant of this request's session, or throws the 401 problem. Cached per request. */
    requireApplicant(): Promise<ApplicantContext>;
    /** The applicant of this request's session, or undefined. */
    findApplicant(): Promise<ApplicantContext | undefined>;
  }
  interface FastifyReply {
    /** Binds a new session token to the applicant, ends their other sessions and sets the cookie. */
    issueSession(applicantId: string): Promise<void>;
  }
}

/** The cookie name for a configuration. */
export function sessionCookieName(config: Pick<AppConfig, 'isProduction'>): string {
  return config.isProduction ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session for an applicant, ending the others (rotation); returns the cookie token. */
export async function startSession(db: Database, applicantId: string, now: Date): Promise<string> {
  const token = randomToken(32);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('applicant_id', '=', applicantId).execute();
    await trx
      .insertInto('sessions')
      .values({ token_hash: sha256Hex(token), applicant_id: applicantId, created_at: now, last_seen_at: now })
      .execute();
  });
  return token;
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const cookieName = sessionCookieName(config);
    const idleMs = config.sessionIdleMinutes * 60_000;
    const cache = new WeakMap<FastifyRequest, Promise<ApplicantContext | undefined>>();

    async function lookup(request: FastifyRequest): Promise<ApplicantContext | undefined> {
      const token = request.cookies[cookieName];
      if (!token || !TOKEN_PATTERN.test(token)) return undefined;
      const tokenHash = sha256Hex(token);
      const session = await app.db
        .selectFrom('sessions')
        .select(['applicant_id', 'last_seen_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!session) return undefined;
      const now = Date.now();
      const lastSeen = new Date(session.last_seen_at).getTime();
      // An idle session is out of reach: a cookie left on a shared computer does not reopen the answers.
      if (now - lastSeen > idleMs) {
        await app.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
        return undefined;
      }
      if (now - lastSeen > TOUCH_INTERVAL_MS) {
        await app.db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(now) })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return findApplicantContext(app.db, session.applicant_id);
    }

    app.decorateRequest('findApplicant', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = lookup(this);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorateRequest('requireApplicant', async function (this: FastifyRequest) {
      const context = await this.findApplicant();
      if (!context) throw new HttpProblem(401, NO_APPLICATION_DETAIL);
      return context;
    });

    app.decorateReply('issueSession', async function (this: FastifyReply, applicantId: string) {
      const token = await startSession(app.db, applicantId, new Date());
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
