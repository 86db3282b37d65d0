/**
 * Sandbox phone verification (design.md §4): no network. A random 6-digit code (node:crypto) whose
 * HMAC-SHA-256 alone is stored in `phone_verifications`, valid 10 minutes; the SMS or voice message is
 * written to the outbox, where people and tests read it. Numbers ending in 0000 fail to send.
 *
 * Twilio's behaviour is copied where the sandbox can: a wrong code answers 'pending'; an approved,
 * expired or cancelled verification is gone ('notFound', or 'expired' when it ran out of time); 5 wrong
 * codes end it (60202). One difference: Twilio re-sends the SAME code while a verification is pending;
 * the sandbox cannot (it keeps only the hash), so a new start cancels the pending verification and sends
 * a new code: only the latest code works.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_TTL_MINUTES, type OutboxMessage } from '@omo/domain';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import {
  verificationFailure,
  type PhoneVerificationProvider,
  type Verification,
  type VerificationLocale,
} from './phone-verification.ts';

const SANDBOX_CODE_TTL_MS = VERIFICATION_CODE_TTL_MINUTES * 60 * 1000;
/** Twilio: 5 check attempts per verification (§2.5). */
const SANDBOX_MAX_CHECK_ATTEMPTS = 5;
/** Numbers ending like this fail to send (design.md §4). */
const SANDBOX_FAILING_SUFFIX = '0000';

/** Where the sandbox "sends" its messages: the outbox, handed in by the app (modules/outbox). */
export interface SandboxOutbox {
  create(message: {
    channel: OutboxMessage['channel'];
    to: string;
    subject: null;
    body: string;
  }): Promise<unknown>;
}

interface SandboxPhoneVerificationOptions {
  db: Database;
  outbox: SandboxOutbox;
  clock: Clock;
  /** HMAC key for the code hashes; a random per-process key when absent. */
  secret?: string | undefined;
  institutionName: string;
}

/** The message text, in the applicant's language. */
function verificationMessage(institutionName: string, code: string, locale: VerificationLocale): string {
  return locale === 'fr'
    ? `Votre code de vérification ${institutionName} est ${code}. Il expire dans ${VERIFICATION_CODE_TTL_MINUTES} minutes.`
    : `Your ${institutionName} verification code is ${code}. It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes.`;
}

function newSid(): string {
  return `VE${randomBytes(16).toString('hex')}`;
}

export function createSandboxPhoneVerification(
  options: SandboxPhoneVerificationOptions,
): PhoneVerificationProvider {
  const { db, outbox, clock } = options;
  const key = options.secret
    ? createHmac('sha256', options.secret).update('omo phone verification').digest()
    : randomBytes(32);
  // The sid is part of the hashed text, so equal codes of two verifications never share a hash.
  const hashCode = (sid: string, code: string) =>
    createHmac('sha256', key).update(`${sid}:${code}`).digest('hex');

  return {
    name: 'sandbox',

    async startVerification({ to, channel, locale }) {
      if (!/^\+[1-9][0-9]{7,14}$/.test(to)) {
        return verificationFailure('invalidParameter', 'Invalid parameter `To`', {
          vendorCode: 60200,
          httpStatus: 400,
        });
      }
      if (to.endsWith(SANDBOX_FAILING_SUFFIX)) {
        return verificationFailure('sendFailed', 'Sandbox: numbers ending in 0000 fail to send');
      }
      const now = clock.now();
      const sid = newSid();
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('phone_verifications')
          .set({ status: 'canceled' })
          .where('to', '=', to)
          .where('status', '=', 'pending')
          .execute();
        await trx
          .insertInto('phone_verifications')
          .values({
            sid,
            to,
            channel,
            code_hash: hashCode(sid, code),
            status: 'pending',
            expires_at: new Date(now.getTime() + SANDBOX_CODE_TTL_MS),
            created_at: now,
          })
          .execute();
      });
      await outbox.create({
        channel: channel === 'call' ? 'voice' : 'sms',
        to,
        subject: null,
        body: verificationMessage(options.institutionName, code, locale),
      });
      return { ok: true, value: { sid, to, channel, status: 'pending' } };
    },

    async sendMessage({ to, body }) {
      if (!/^\+[1-9][0-9]{7,14}$/.test(to)) {
        return verificationFailure('invalidParameter', 'Invalid parameter `To`', { httpStatus: 400 });
      }
      if (to.endsWith(SANDBOX_FAILING_SUFFIX)) {
        return verificationFailure('sendFailed', 'Sandbox: numbers ending in 0000 fail to send');
      }
      await outbox.create({ channel: 'sms', to, subject: null, body });
      return { ok: true, value: true };
    },

    async checkVerification(input) {
      let query = db.selectFrom('phone_verifications').selectAll();
      query =
        'sid' in input
          ? query.where('sid', '=', input.sid)
          : query.where('to', '=', input.to).where('status', '=', 'pending').orderBy('created_at', 'desc');
      const row = await query.limit(1).executeTakeFirst();
      if (!row || row.status !== 'pending') {
        return verificationFailure('notFound', 'The requested resource was not found', {
          vendorCode: 20404,
          httpStatus: 404,
        });
      }
      const verification: Verification = {
        sid: row.sid,
        to: row.to,
        channel: row.channel,
        status: 'pending',
      };
      if (new Date(row.expires_at).getTime() <= clock.now().getTime()) {
        await db
          .updateTable('phone_verifications')
          .set({ status: 'expired' })
          .where('sid', '=', row.sid)
          .execute();
        return verificationFailure('expired', 'The verification expired', {
          vendorCode: 20404,
          httpStatus: 404,
        });
      }
      const expected = Buffer.from(row.code_hash, 'hex');
      const actual = Buffer.from(hashCode(row.sid, input.code), 'hex');
      if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
        // Approved: gone, so the code cannot be used again.
        const updated = await db
          .updateTable('phone_verifications')
          .set({ status: 'approved' })
          .where('sid', '=', row.sid)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) {
          return verificationFailure('notFound', 'The requested resource was not found', {
            vendorCode: 20404,
            httpStatus: 404,
          });
        }
        return { ok: true, value: { ...verification, status: 'approved' } };
      }
      const attempts = row.check_attempts + 1;
      const exhausted = attempts >= SANDBOX_MAX_CHECK_ATTEMPTS;
      await db
        .updateTable('phone_verifications')
        .set({ check_attempts: attempts, ...(exhausted ? { status: 'max_attempts_reached' } : {}) })
        .where('sid', '=', row.sid)
        .execute();
      return { ok: true, value: { ...verification, status: exhausted ? 'max_attempts_reached' : 'pending' } };
    },
  };
}
