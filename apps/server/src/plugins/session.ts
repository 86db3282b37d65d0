/**
 * The applicant's session: a cookie holding 32 random bytes (base64url, 256 bits) bound to one applicant;
 * the `sessions` table keeps only the token's SHA-256. The cookie is `omo_session` (HttpOnly,
 * SameSite=Lax, Path=/), and `__Host-omo_session` with Secure in production.
 *
 * - `await request.requireApplicant()` → the session's applicant and application (no secrets), or throws
 *   the 401 problem 'No application in progress.'. `request.findApplicant()` → the same or undefined.
 * - A session unused for SESSION_IDLE_MINUTES is out of reach (and deleted); each use keeps it alive, but
 *   never past SESSION_MAX_HOURS after it was issued (its absolute lifetime).
 * - `await reply.issueSession(applicantId)` issues a new token for the applicant, ends the applicant's
 *   other sessions (rotation) and sets the cookie.
 * - Every answer to a request that used a live session says in SESSION_EXPIRES_IN_HEADER how many seconds
 *   are left before it ends (idle or absolute end, whichever comes first), so the browser warns the
 *   applicant on the server's clock.
 * - `request.findSessionStatus()` reads that without using the session (a check must not keep it alive);
 *   `request.extendSession()` ('Stay signed in') starts the idle time again, never for an ended session;
 *   `reply.endSession()` ('Exit') deletes the session and clears the cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_EXPIRES_IN_HEADER, type SessionStatus } from '@omo/domain';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { findSessionContext, type ApplicantContext } from '../modules/application/repository.ts';
import { HttpProblem, NO_APPLICATION_DETAIL } from '../lib/http-problem.ts';

export const SESSION_COOKIE = 'omo_session';
export const SECURE_SESSION_COOKIE = '__Host-omo_session';
/** A session's last use is written at most this often (each request would otherwise write a row). */
const TOUCH_INTERVAL_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The applicant of this request's session, or throws the 401 problem. Cached per request. */
    requireApplicant(): Promise<ApplicantContext>;
    /** The applicant of this request's session, or undefined. */
    findApplicant(): Promise<ApplicantContext | undefined>;
    /** When this request's session ends and when to warn, without using it; undefined when none is alive. */
    findSessionStatus(): Promise<SessionStatus | undefined>;
    /** Starts the idle time of this request's live session again; undefined when none is alive. */
    extendSession(): Promise<SessionStatus | undefined>;
  }
  interface FastifyReply {
    /** Binds a new session token to the applicant, ends their other sessions and sets the cookie. */
    issueSession(applicantId: string): Promise<void>;
    /** Deletes this request's session (its token reaches nothing any more) and clears the cookie. */
    endSession(): Promise<void>;
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
    const maxMs = config.sessionMaxHours * 3_600_000;
    const warningSeconds = config.sessionWarningMinutes * 60;
    const cache = new WeakMap<FastifyRequest, Promise<ApplicantContext | undefined>>();
    /** The last use and start of each request's live session, once known (the header is read from them). */
    const lastUse = new WeakMap<FastifyRequest, { lastSeen: number; created: number }>();

    /** When a session ends: idle time after its last use, but never past its absolute lifetime. */
    const endOf = (lastSeen: number, created: number) => Math.min(lastSeen + idleMs, created + maxMs);

    const tokenHashOf = (request: FastifyRequest): string | undefined => {
      const token = request.cookies[cookieName];
      return token && TOKEN_PATTERN.test(token) ? sha256Hex(token) : undefined;
    };

    const statusAt = (use: { lastSeen: number; created: number }, now: number): SessionStatus => ({
      expiresInSeconds: Math.max(0, Math.floor((endOf(use.lastSeen, use.created) - now) / 1000)),
      warningSeconds,
    });

    /** The live session of a request (an idle one is deleted), without using it. */
    async function findLiveSession(request: FastifyRequest, now: number) {
      const tokenHash = tokenHashOf(request);
      if (!tokenHash) return undefined;
      const session = await app.db
        .selectFrom('sessions')
        .select(['applicant_id', 'last_seen_at', 'created_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!session) return undefined;
      const lastSeen = new Date(session.last_seen_at).getTime();
      const created = new Date(session.created_at).getTime();
      if (await ended(tokenHash, lastSeen, created, now)) return undefined;
      return { tokenHash, applicantId: session.applicant_id, lastSeen, created };
    }

    /**
     * An idle or too old session is out of reach (and deleted): a cookie left on a shared computer does
     * not reopen the answers, nor does a stolen one serve for ever. True when it was.
     */
    async function ended(
      tokenHash: string,
      lastSeen: number,
      created: number,
      now: number,
    ): Promise<boolean> {
      if (now <= endOf(lastSeen, created)) return false;
      await app.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return true;
    }

    async function touch(tokenHash: string, now: number): Promise<void> {
      await app.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(now) })
        .where('token_hash', '=', tokenHash)
        .execute();
    }

    /** The session's applicant and application, read with the session in one query. */
    async function lookup(request: FastifyRequest): Promise<ApplicantContext | undefined> {
      const now = Date.now();
      const tokenHash = tokenHashOf(request);
      if (!tokenHash) return undefined;
      const found = await findSessionContext(app.db, tokenHash);
      if (!found) return undefined;
      let lastSeen = found.lastSeenAt.getTime();
      const created = found.createdAt.getTime();
      if (await ended(tokenHash, lastSeen, created, now)) return undefined;
      if (now - lastSeen > TOUCH_INTERVAL_MS) {
        await touch(tokenHash, now);
        lastSeen = now;
      }
      lastUse.set(request, { lastSeen, created });
      return found.context;
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

    app.decorateRequest('findSessionStatus', async function (this: FastifyRequest) {
      const now = Date.now();
      const session = await findLiveSession(this, now);
      return session ? statusAt(session, now) : undefined;
    });

    app.decorateRequest('extendSession', async function (this: FastifyRequest) {
      const now = Date.now();
      const session = await findLiveSession(this, now);
      if (!session) return undefined;
      await touch(session.tokenHash, now);
      const use = { lastSeen: now, created: session.created };
      lastUse.set(this, use);
      return statusAt(use, now);
    });

    app.decorateReply('issueSession', async function (this: FastifyReply, applicantId: string) {
      const now = new Date();
      const token = await startSession(app.db, applicantId, now);
      cache.delete(this.request);
      lastUse.set(this.request, { lastSeen: now.getTime(), created: now.getTime() });
      this.setCookie(cookieName, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
      });
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const tokenHash = tokenHashOf(this.request);
      if (tokenHash) await app.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      cache.delete(this.request);
      lastUse.delete(this.request);
      this.clearCookie(cookieName, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
      });
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const use = lastUse.get(request);
      if (use !== undefined) {
        reply.header(SESSION_EXPIRES_IN_HEADER, String(statusAt(use, Date.now()).expiresInSeconds));
      }
      done(null, payload);
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);
