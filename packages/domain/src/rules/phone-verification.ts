/**
 * The phone-verification counters of spec 000 §4 (send failures, resends, invalid codes, each limited to
 * VERIFICATION_LIMIT) and what they allow. The server enforces these; the browser shows them.
 */
import type { PhoneChannel } from '../schemas/entities.ts';
import { VERIFICATION_LIMIT } from '../schemas/forms/limits.ts';
import type { PhoneType } from './validation.ts';

/** A verification code is valid this many minutes after it is sent (Twilio Verify's default; the sandbox's). */
export const VERIFICATION_CODE_TTL_MINUTES = 10;

/**
 * The two ways to receive a code in the order they are offered: a home phone may not take text messages,
 * so it is offered the voice call first; a mobile (or unknown) phone the text message first.
 * @param phoneType the applicant's phone type, when known
 */
export function channelsInOrder(phoneType: PhoneType | null | undefined): readonly PhoneChannel[] {
  return phoneType === 'home' ? ['call', 'sms'] : ['sms', 'call'];
}

/**
 * The channel by which the code is sent as soon as 'Tell us about yourself' is saved, or null: a mobile
 * phone gets its text at once and the send screen is passed by (decision 0102); a home phone chooses how
 * on the send screen (a voice call first).
 * @param phoneType the phone type just saved
 */
export function codeChannelOnSave(phoneType: PhoneType | null | undefined): PhoneChannel | null {
  return phoneType === 'mobile' ? 'sms' : null;
}

/** The three counters of a verification, and the new codes sent after the wrong codes were used up. */
interface VerificationCounters {
  sendFailCounter: number;
  resendCounter: number;
  invalidCounter: number;
  /** New codes sent after the wrong codes allowed were used up (each allows VERIFICATION_LIMIT more). */
  newCodeCounter?: number;
}

/**
 * True when a counter reached the limit: Continue is enabled and the applicant may go on without a
 * verified phone (spec 000 §4).
 */
export function isVerificationLimitReached(c: VerificationCounters): boolean {
  return (
    c.sendFailCounter >= VERIFICATION_LIMIT ||
    c.resendCounter >= VERIFICATION_LIMIT ||
    c.invalidCounter >= VERIFICATION_LIMIT
  );
}

/**
 * True while the resend links are offered: fewer than 3 resends and 3 invalid attempts (spec 000 §4), and
 * fewer than 3 send failures (after which nothing more is sent).
 */
export function canResendCode(c: VerificationCounters): boolean {
  return (
    c.resendCounter < VERIFICATION_LIMIT &&
    c.invalidCounter < VERIFICATION_LIMIT &&
    c.sendFailCounter < VERIFICATION_LIMIT
  );
}

/**
 * Wrong codes actually entered. A resend also adds 1 to the invalid counter (spec 000 §4), so the wrong
 * codes are the invalid counter less the resends.
 */
export function wrongCodeCount(c: VerificationCounters): number {
  return Math.max(0, c.invalidCounter - c.resendCounter);
}

/**
 * True while a code may still be checked: fewer than 3 wrong codes entered. A code that was just resent can
 * always be tried, even when that resend brought the invalid counter to 3 (the applicant typed nothing
 * wrong); at most 3 wrong guesses are ever checked.
 */
export function canCheckCode(c: VerificationCounters): boolean {
  return wrongCodeCount(c) < wrongCodesAllowed(c);
}

/** Wrong codes allowed: 3, and 3 more for each new code sent once they were used up (decision 0091). */
export function wrongCodesAllowed(c: VerificationCounters): number {
  return VERIFICATION_LIMIT * (1 + (c.newCodeCounter ?? 0));
}

/** How many more codes may be tried before a new code is needed. */
export function codeTriesLeft(c: VerificationCounters): number {
  return Math.max(0, wrongCodesAllowed(c) - wrongCodeCount(c));
}

/**
 * True when the wrong codes allowed are used up and a new code may still be sent, by text or voice: fewer
 * than 3 resends and 3 send failures (the hourly send ceilings still apply). Decision 0091.
 */
export function canGetNewCode(c: VerificationCounters): boolean {
  return !canCheckCode(c) && c.resendCounter < VERIFICATION_LIMIT && c.sendFailCounter < VERIFICATION_LIMIT;
}
