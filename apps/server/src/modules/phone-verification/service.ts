/**
 * Phone verification of the draft (issue 3 contract, endpoints 5–7; spec 000 §4, spec 001 §4.6). The
 * limits are enforced here, whatever the browser shows:
 * - at most 3 send failures, 3 resends and 3 invalid codes (VERIFICATION_LIMIT); a start while a
 *   verification is pending is a resend and adds 1 to the resend AND invalid counters; a 4th resend,
 *   a send after 3 failures and a check after 3 invalid codes answer 429;
 * - an expired code, a used code and a wrong code add 1 to the invalid counter;
 * - per-IP and per-number ceilings on sends over the last hour (every attempt counts) stop SMS pumping;
 * - Continue is allowed once verified or when a counter reached 3, and records the outcome.
 * Counters move with atomic increments, checked after the fact, so concurrent requests cannot slip past
 * a limit. The code is never logged (only the provider's failure codes are).
 */
import {
  canCheckCode,
  canVisit,
  FLOWS,
  VERIFICATION_LIMIT,
  type ApplicationPhoneView,
  type ApplicationView,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import type { Clock } from '../../providers/clock.ts';
import {
  toE164,
  type PhoneVerificationProvider,
  type VerificationChannel,
  type VerificationLocale,
} from '../../providers/phone-verification/phone-verification.ts';
import {
  completeStep,
  getApplication,
  incrementPhoneCounters,
  setPhoneVerified,
  updatePhoneState,
  type ApplicationRecord,
  type PhoneState,
} from '../application/repository.ts';
import { isPhoneVerified, toPhoneView } from '../application/view.ts';
import { createSendEventRepository } from './repository.ts';

export const STEP_OUT_OF_ORDER = 'Step out of order';
export const LIMIT_TITLE = 'Verification limit reached';
const HOUR_MS = 60 * 60 * 1000;

export interface PhoneVerificationServiceDeps {
  db: Database;
  provider: PhoneVerificationProvider;
  clock: Clock;
  limits: { perIpPerHour: number; perNumberPerHour: number };
  /** The full draft view (with nextPath) for Continue's answer. */
  viewOf(record: ApplicationRecord): Promise<ApplicationView>;
}

export interface PhoneVerificationAnswer {
  phone: ApplicationPhoneView;
  error?: 'expired' | 'notFound';
}

/** Our phone state plus the keys this module keeps in it. */
type OurPhoneState = PhoneState & { sid?: string | null };

function limitProblem(detail: string): HttpProblem {
  // `verification.limit` is the code the web keys its message on.
  return new HttpProblem(429, detail, {
    title: LIMIT_TITLE,
    errors: [{ path: '', key: 'verification.limit', message: detail }],
  });
}

export function createPhoneVerificationService(deps: PhoneVerificationServiceDeps) {
  const { db, provider, clock, limits } = deps;
  const sendEvents = createSendEventRepository(db);

  function assertOnStep(record: ApplicationRecord): void {
    if (!canVisit(FLOWS[record.flow], 'verificationCode', record.completedSteps)) {
      throw new HttpProblem(409, 'Complete the personal information first.', { title: STEP_OUT_OF_ORDER });
    }
    if (!record.phoneNumber) {
      throw new HttpProblem(409, 'No phone number to verify.', { title: STEP_OUT_OF_ORDER });
    }
  }

  async function reload(id: string): Promise<ApplicationRecord> {
    const record = await getApplication(db, id);
    if (!record) throw new HttpProblem(401, 'No application in progress.');
    return record;
  }

  const answer = async (id: string, error?: 'expired' | 'notFound'): Promise<PhoneVerificationAnswer> => ({
    phone: toPhoneView(await reload(id)),
    ...(error ? { error } : {}),
  });

  /** Records the attempt, then refuses it (and forgets it) when a ceiling is passed. */
  async function reserveSend(
    record: ApplicationRecord,
    ip: string,
    to: string,
    channel: VerificationChannel,
  ) {
    const now = clock.now();
    const id = await sendEvents.create({ applicationId: record.id, ip, to, channel, at: now });
    const counts = await sendEvents.countSince(new Date(now.getTime() - HOUR_MS), ip, to);
    if (counts.byIp > limits.perIpPerHour || counts.byNumber > limits.perNumberPerHour) {
      await db.deleteFrom('phone_send_events').where('id', '=', id).execute();
      throw new HttpProblem(429, 'Too many verification codes were sent. Try again later.', {
        errors: [
          { path: '', key: 'verification.ceiling', message: 'Too many verification codes were sent.' },
        ],
      });
    }
    return id;
  }

  return {
    /** POST PhoneVerification/Start. */
    async start(
      record: ApplicationRecord,
      input: { channel: VerificationChannel; locale: VerificationLocale; ip: string; log: FastifyBaseLogger },
    ): Promise<PhoneVerificationAnswer> {
      assertOnStep(record);
      const state = record.phoneState as OurPhoneState;
      if (isPhoneVerified(record)) throw new HttpProblem(409, 'The phone number is already verified.');
      if (state.sendFailCounter >= VERIFICATION_LIMIT) {
        throw limitProblem('The code could not be sent 3 times; continue without verifying.');
      }
      const isResend = state.status === 'pending';
      if (isResend) {
        if (state.resendCounter >= VERIFICATION_LIMIT || state.invalidCounter >= VERIFICATION_LIMIT) {
          throw limitProblem('No more codes can be sent; continue without verifying.');
        }
        // Count first (atomically), then check: two concurrent resends cannot both be the third.
        const counted = await incrementPhoneCounters(db, record.id, { resendCounter: 1, invalidCounter: 1 });
        if (counted.resendCounter > VERIFICATION_LIMIT) {
          await incrementPhoneCounters(db, record.id, { resendCounter: -1, invalidCounter: -1 });
          throw limitProblem('No more codes can be sent; continue without verifying.');
        }
      }
      const to = toE164(record.phoneNumber!);
      let eventId: number;
      try {
        eventId = await reserveSend(record, input.ip, to, input.channel);
      } catch (error) {
        if (isResend) await incrementPhoneCounters(db, record.id, { resendCounter: -1, invalidCounter: -1 });
        throw error;
      }
      const result = await provider.startVerification({ to, channel: input.channel, locale: input.locale });
      if (!result.ok) {
        input.log.warn(
          { provider: provider.name, failure: result.failure.code, vendorCode: result.failure.vendorCode },
          'phone verification send failed',
        );
        // A failed resend is a send failure, not a resend.
        await incrementPhoneCounters(db, record.id, {
          sendFailCounter: 1,
          ...(isResend ? { resendCounter: -1, invalidCounter: -1 } : {}),
        });
        await updatePhoneState(db, record.id, { status: 'failed', channel: input.channel, sid: null });
        return answer(record.id);
      }
      await sendEvents.markSent(eventId, result.value.sid);
      await updatePhoneState(db, record.id, {
        status: 'pending',
        channel: input.channel,
        sid: result.value.sid,
      });
      await completeStep(db, record.id, 'phoneverification');
      input.log.info(
        { provider: provider.name, resend: isResend, channel: input.channel },
        'phone verification sent',
      );
      return answer(record.id);
    },

    /** POST PhoneVerification/Check. */
    async check(
      record: ApplicationRecord,
      code: string,
      log: FastifyBaseLogger,
    ): Promise<PhoneVerificationAnswer> {
      assertOnStep(record);
      const state = record.phoneState as OurPhoneState;
      // Approved already: the code was used (single use).
      if (isPhoneVerified(record)) return answer(record.id, 'notFound');
      if (state.status !== 'pending' || !state.sid) {
        throw new HttpProblem(409, 'No verification code was sent.', {
          title: 'No verification in progress',
        });
      }
      if (!canCheckCode(state)) {
        throw limitProblem('Too many invalid codes; continue without verifying.');
      }
      const result = await provider.checkVerification({ sid: state.sid, code });
      if (result.ok && result.value.status === 'approved') {
        await updatePhoneState(db, record.id, { status: 'approved', sid: null });
        log.info({ provider: provider.name }, 'phone verified');
        return answer(record.id);
      }
      if (result.ok) {
        await incrementPhoneCounters(db, record.id, { invalidCounter: 1 });
        return answer(record.id);
      }
      const { failure } = result;
      log.info(
        { provider: provider.name, failure: failure.code, vendorCode: failure.vendorCode },
        'phone code refused',
      );
      switch (failure.code) {
        case 'expired':
        case 'notFound':
          await incrementPhoneCounters(db, record.id, { invalidCounter: 1 });
          return answer(record.id, failure.code);
        case 'maxCheckAttempts':
          await incrementPhoneCounters(db, record.id, { invalidCounter: 1 });
          throw limitProblem('Too many invalid codes; continue without verifying.');
        case 'invalidParameter':
          await incrementPhoneCounters(db, record.id, { invalidCounter: 1 });
          return answer(record.id);
        case 'rateLimited':
          throw new HttpProblem(429, 'Too many requests. Try again in a moment.');
        default:
          throw new HttpProblem(503, 'Phone verification is unavailable. Try again in a moment.');
      }
    },

    /** POST PhoneVerification/Continue: closes the step, verified or not. */
    async continue(record: ApplicationRecord): Promise<ApplicationView> {
      assertOnStep(record);
      const view = toPhoneView(record);
      if (!view.canContinue) {
        throw new HttpProblem(409, 'Verify the phone number first, or use up a limit.', {
          title: 'Phone not verified',
        });
      }
      await db.transaction().execute(async (trx) => {
        await setPhoneVerified(trx, record.id, view.verified);
        await completeStep(trx, record.id, 'verificationCode');
      });
      return deps.viewOf(await reload(record.id));
    },
  };
}

export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;
