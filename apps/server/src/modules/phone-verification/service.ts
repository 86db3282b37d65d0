/**
 * Phone verification of the draft (issue 3 contract, endpoints 5–7; spec 000 §4, spec 001 §4.6). The
 * limits are enforced here, whatever the browser shows:
 * - at most 3 send failures, 3 resends and 3 invalid codes (VERIFICATION_LIMIT); a start while a
 *   verification is pending is a resend and adds 1 to the resend AND invalid counters; a 4th resend,
 *   a send after 3 failures and a check after 3 invalid codes answer 429;
 * - an expired code, a used code and a wrong code add 1 to the invalid counter;
 * - ceilings on sends over the last hour per client IP, per number and per applicant (every attempt
 *   counts) stop SMS pumping; a send a ceiling refuses is a send failure, so that whoever exhausts a
 *   number's ceiling cannot lock its owner out (decision 0043);
 * - a provider failure while checking a code (service exception) lets the applicant go on unverified;
 * - Continue is allowed once verified, when a counter reached 3 or after a service exception, and records
 *   the outcome.
 * Counters move with atomic increments, checked after the fact, so concurrent requests cannot slip past
 * a limit. The code is never logged (only the provider's failure codes are).
 */
import {
  canCheckCode,
  canGetNewCode,
  canVisitStep,
  VERIFICATION_LIMIT,
  type ApplicationPhoneView,
  type ApplicationView,
  type StepId,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { clientNetworkOf } from '../../lib/client-network.ts';
import { HttpProblem, tooManyRequests } from '../../lib/http-problem.ts';
import type { Lifecycle } from '../application/lifecycle.ts';
import { STEP_OUT_OF_ORDER } from '../application/problems.ts';
import type { Clock } from '../../providers/clock.ts';
import {
  toE164,
  type PhoneVerificationProvider,
  type VerificationChannel,
  type VerificationLocale,
} from '../../providers/phone-verification/phone-verification.ts';
import type { ProgressRead } from '../application/progress.ts';
import {
  findApplicantContext,
  incrementPhoneCounters,
  updateApplicant,
  updatePhoneState,
  type ApplicantContext,
} from '../application/repository.ts';
import { isPhoneVerified, nextPathFor, toPhoneView } from '../application/view.ts';
import { createSendEventRepository, type SendCeilings } from './repository.ts';

const LIMIT_TITLE = 'Verification limit reached';

interface PhoneVerificationServiceDeps {
  db: Database;
  provider: PhoneVerificationProvider;
  clock: Clock;
  limits: SendCeilings;
  readProgress(context: ApplicantContext): Promise<ProgressRead>;
  /** The application's lifecycle: the phone calls change a draft only. */
  lifecycle: Pick<Lifecycle, 'assert' | 'guard'>;
  /** The full view (with nextPath) for Continue's answer. */
  viewOf(context: ApplicantContext): Promise<ApplicationView>;
}

/**
 * Check: the code expired or is unknown, or the provider could not check it (the applicant may go on,
 * unverified). Start: an hourly ceiling refused the send (a send failure).
 */
type PhoneVerificationError = 'expired' | 'notFound' | 'unavailable' | 'ceiling';

interface PhoneVerificationAnswer {
  phone: ApplicationPhoneView;
  error?: PhoneVerificationError;
}

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

  /** The phone steps open once the personal information (with the number) is complete. */
  async function assertOnStep(context: ApplicantContext, stepId: StepId): Promise<void> {
    deps.lifecycle.assert(context, 'editAnswers');
    const read = await deps.readProgress(context);
    if (!canVisitStep(read.progress, stepId) || !context.applicant.phoneNumber) {
      throw new HttpProblem(409, 'Complete the personal information first.', {
        title: STEP_OUT_OF_ORDER,
        nextPath: nextPathFor(read),
      });
    }
  }

  async function reload(id: string): Promise<ApplicantContext> {
    const context = await findApplicantContext(db, id);
    if (!context) throw new HttpProblem(401, 'No application in progress.');
    return context;
  }

  const answer = async (id: string, error?: PhoneVerificationError): Promise<PhoneVerificationAnswer> => ({
    phone: toPhoneView((await reload(id)).applicant),
    ...(error ? { error } : {}),
  });

  /** POST PhoneVerification/Start. */
  async function start(
    context: ApplicantContext,
    input: { channel: VerificationChannel; locale: VerificationLocale; ip: string; log: FastifyBaseLogger },
  ): Promise<PhoneVerificationAnswer> {
    await assertOnStep(context, 'phoneverification');
    const record = context.applicant;
    const state = record.phoneState;
    if (isPhoneVerified(record)) throw new HttpProblem(409, 'The phone number is already verified.');
    // Failures of a partner outage open Continue but never lock the step: once the partner is back
    // the applicant may still get a code (the hourly ceilings still bound the sends).
    if (state.sendFailCounter >= VERIFICATION_LIMIT && !state.partnerDown) {
      throw limitProblem('The code could not be sent 3 times; continue without verifying.');
    }
    const isResend = state.status === 'pending';
    // The wrong codes used up: a new code by text or voice, within the resends (decision 0091).
    const isNewCode = isResend && canGetNewCode(state);
    const resent = isNewCode
      ? { resendCounter: 1, invalidCounter: 1, newCodeCounter: 1 }
      : { resendCounter: 1, invalidCounter: 1 };
    const unresent = Object.fromEntries(Object.entries(resent).map(([k, v]) => [k, -v]));
    if (isResend) {
      if (
        state.resendCounter >= VERIFICATION_LIMIT ||
        (state.invalidCounter >= VERIFICATION_LIMIT && !isNewCode)
      ) {
        throw limitProblem('No more codes can be sent; continue without verifying.');
      }
      // Count first (atomically), then check: two concurrent resends cannot both be the third.
      const counted = await incrementPhoneCounters(db, record.id, resent);
      if (counted.resendCounter > VERIFICATION_LIMIT) {
        await incrementPhoneCounters(db, record.id, unresent);
        throw limitProblem('No more codes can be sent; continue without verifying.');
      }
    }
    const to = toE164(record.phoneNumber!);
    let reserved: Awaited<ReturnType<typeof sendEvents.reserve>>;
    try {
      // An IPv6 client counts as its /64, which it can roam at will.
      reserved = await sendEvents.reserve(
        {
          applicantId: record.id,
          ip: clientNetworkOf(input.ip),
          to,
          channel: input.channel,
          at: clock.now(),
        },
        limits,
      );
    } catch (error) {
      if (isResend) await incrementPhoneCounters(db, record.id, unresent);
      throw error;
    }
    if ('refusedBy' in reserved) {
      // A refusal by a ceiling is a send failure: the third opens Continue, unverified.
      // Nothing was sent: a resend's pending code stays valid; a first send is marked failed.
      input.log.warn({ ceiling: reserved.refusedBy, resend: isResend }, 'phone verification send refused');
      await incrementPhoneCounters(db, record.id, {
        sendFailCounter: 1,
        ...(isResend ? unresent : {}),
      });
      if (!isResend)
        await updatePhoneState(db, record.id, { status: 'failed', channel: input.channel, sid: null });
      return answer(record.id, 'ceiling');
    }
    const eventId = reserved.id;
    const result = await provider.startVerification({ to, channel: input.channel, locale: input.locale });
    if (!result.ok) {
      // Logged at warn once, where the provider is wrapped (providers/failure-log.ts).
      input.log.debug(
        { provider: provider.name, failure: result.failure.code, vendorCode: result.failure.vendorCode },
        'phone verification send failed',
      );
      // A failed resend is a send failure, not a resend.
      await incrementPhoneCounters(db, record.id, {
        sendFailCounter: 1,
        ...(isResend ? unresent : {}),
      });
      await updatePhoneState(db, record.id, {
        status: 'failed',
        channel: input.channel,
        sid: null,
        partnerDown: result.failure.code === 'unavailable',
      });
      return answer(record.id);
    }
    await sendEvents.markSent(eventId, result.value.sid);
    await updatePhoneState(db, record.id, {
      status: 'pending',
      channel: input.channel,
      sid: result.value.sid,
      partnerDown: false,
    });
    input.log.info(
      { provider: provider.name, resend: isResend, channel: input.channel },
      'phone verification sent',
    );
    return answer(record.id);
  }

  return {
    start,

    /**
     * A code sent with a save (personal information): Start's send, its limits and ceilings, after which
     * the view says what came of it. A send refused or failed leaves the send screen next, which says
     * why; nothing is thrown at the save, which has stored its answer.
     */
    async sendOnSave(
      context: ApplicantContext,
      input: { channel: VerificationChannel; locale: VerificationLocale; ip: string; log: FastifyBaseLogger },
    ): Promise<void> {
      try {
        await start(context, input);
      } catch (error) {
        if (error instanceof HttpProblem) {
          input.log.info({ status: error.statusCode }, 'phone verification not sent with the save');
        } else {
          input.log.warn({ err: error }, 'phone verification not sent with the save');
        }
      }
    },

    /** POST PhoneVerification/Check. */
    async check(
      context: ApplicantContext,
      code: string,
      log: FastifyBaseLogger,
    ): Promise<PhoneVerificationAnswer> {
      await assertOnStep(context, 'verificationCode');
      const record = context.applicant;
      const state = record.phoneState;
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
      // Count the attempt as wrong first (atomically), then check: parallel checks cannot get past three
      // wrong codes. A right code, or a check the provider could not make, gives it back.
      const counted = await incrementPhoneCounters(db, record.id, { invalidCounter: 1 });
      if (!canCheckCode({ ...counted, invalidCounter: counted.invalidCounter - 1 })) {
        await incrementPhoneCounters(db, record.id, { invalidCounter: -1 });
        throw limitProblem('Too many invalid codes; continue without verifying.');
      }
      const giveBack = () => incrementPhoneCounters(db, record.id, { invalidCounter: -1 });
      const result = await provider.checkVerification({ sid: state.sid, code });
      if (result.ok && result.value.status === 'approved') {
        await giveBack();
        await updatePhoneState(db, record.id, { status: 'approved', sid: null });
        log.info({ provider: provider.name }, 'phone verified');
        return answer(record.id);
      }
      if (result.ok) return answer(record.id);
      const { failure } = result;
      log.info(
        { provider: provider.name, failure: failure.code, vendorCode: failure.vendorCode },
        'phone code refused',
      );
      switch (failure.code) {
        case 'expired':
        case 'notFound':
          return answer(record.id, failure.code);
        case 'maxCheckAttempts':
          throw limitProblem('Too many invalid codes; continue without verifying.');
        case 'invalidParameter':
          return answer(record.id);
        case 'rateLimited':
          await giveBack();
          throw tooManyRequests();
        default:
          // The service failed: the applicant goes on to the address, unverified (service exception).
          await giveBack();
          await updatePhoneState(db, record.id, { serviceException: true });
          return answer(record.id, 'unavailable');
      }
    },

    /** POST PhoneVerification/Continue: closes the step, verified or not. */
    async continue(context: ApplicantContext): Promise<ApplicationView> {
      await assertOnStep(context, 'verificationCode');
      const view = toPhoneView(context.applicant);
      if (!view.canContinue) {
        throw new HttpProblem(409, 'Verify the phone number first, or use up a limit.', {
          title: 'Phone not verified',
        });
      }
      await deps.lifecycle.guard(context, 'editAnswers', (trx) =>
        updateApplicant(trx, context.applicant.id, { phoneVerified: view.verified }),
      );
      return deps.viewOf(await reload(context.applicant.id));
    },
  };
}

export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;
