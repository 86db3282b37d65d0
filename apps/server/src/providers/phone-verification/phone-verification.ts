/**
 * The phone-verification provider, shaped after Twilio Verify v2 (reference/providers-and-rules.md §2):
 * start a verification by SMS or voice call, then check a code. A wrong code answers `pending` (not an
 * error); an approved, expired or cancelled verification is gone (`notFound`), so a code is single-use.
 * Two implementations: the sandbox (sandbox.ts, no network) and Twilio (twilio.ts), chosen in
 * providers/index.ts. The application's limits (3 sends/resends/invalid codes) are the service's, not
 * the provider's.
 */
import type { Language } from '@omo/domain';
import type { OutageKind } from '../http.ts';
import type { ProviderResult } from '../result.ts';

export type { ProviderResult } from '../result.ts';

export type VerificationChannel = 'sms' | 'call';
export type VerificationLocale = Language;

/** Twilio Verify statuses (§2.3). */
export type VerificationStatus =
  'pending' | 'approved' | 'canceled' | 'max_attempts_reached' | 'deleted' | 'failed' | 'expired';

export interface StartVerificationInput {
  /** E.164 number, e.g. '+14165550123'. */
  to: string;
  channel: VerificationChannel;
  locale: VerificationLocale;
}

export interface Verification {
  /** 'VE' + 32 hex digits. */
  sid: string;
  to: string;
  channel: VerificationChannel;
  status: VerificationStatus;
}

/** Check by the verification's sid (preferred) or by the number. */
export type CheckVerificationInput = ({ sid: string } | { to: string }) & { code: string };

/**
 * Why a call failed:
 * - `invalidParameter` (60200): bad number, channel or code format;
 * - `sendFailed`: the message could not be delivered (landline for SMS 60205, blocked 60410/60605, sandbox 0000);
 * - `maxCheckAttempts` (60202), `maxSendAttempts` (60203): the vendor's own per-verification limits;
 * - `notFound` (20404): no such verification, or it was approved, expired or cancelled;
 * - `expired`: the sandbox knows the verification expired (Twilio answers notFound);
 * - `rateLimited` (20429, 60212): retry later;
 * - `unavailable`: network failure, 5xx or an answer we do not understand;
 * - `unauthorized`: the credentials were refused (20003, HTTP 401/403).
 */
export type PhoneVerificationFailureCode =
  | 'invalidParameter'
  | 'sendFailed'
  | 'maxCheckAttempts'
  | 'maxSendAttempts'
  | 'notFound'
  | 'expired'
  | 'rateLimited'
  | 'unavailable'
  | 'unauthorized';

export interface PhoneVerificationFailure {
  code: PhoneVerificationFailureCode;
  /** A message for the logs (never shown to applicants; never contains the code). */
  message: string;
  /** The vendor's error code, when it gave one. */
  vendorCode?: number;
  /** The vendor's HTTP status, when there was one. */
  httpStatus?: number;
  /** When Twilio gave no usable answer: why. */
  kind?: OutageKind;
}

export interface PhoneVerificationProvider {
  readonly name: 'sandbox' | 'twilio';
  /**
   * Starts (or restarts) a verification and sends the code by SMS or voice call.
   * @returns the verification (status 'pending'), or a failure such as `sendFailed`.
   */
  startVerification(
    input: StartVerificationInput,
  ): Promise<ProviderResult<Verification, PhoneVerificationFailure>>;
  /**
   * Checks a code. A wrong code answers status 'pending'; the right one 'approved', after which the
   * verification is gone: a second check answers `notFound`.
   */
  checkVerification(
    input: CheckVerificationInput,
  ): Promise<ProviderResult<Verification, PhoneVerificationFailure>>;
  /** Sends a text of omo's own (the photo hand-off's link) by SMS. */
  sendMessage(input: { to: string; body: string }): Promise<ProviderResult<true, PhoneVerificationFailure>>;
}

/** Builds a failure result. */
export function verificationFailure(
  code: PhoneVerificationFailureCode,
  message: string,
  extras: { vendorCode?: number; httpStatus?: number; kind?: OutageKind } = {},
): { ok: false; failure: PhoneVerificationFailure } {
  return { ok: false, failure: { code, message, ...extras } };
}

/** '(416) 555-0123', '4165550123' or '+14165550123' → '+14165550123' (North American numbers). */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 11 && digits.startsWith('1') ? `+${digits}` : `+1${digits}`;
}
