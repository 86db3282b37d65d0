/**
 * Twilio Verify v2 adapter (reference/providers-and-rules.md §2): form-encoded POSTs to
 * {base}/v2/Services/{ServiceSid}/Verifications and /VerificationCheck with HTTP Basic auth (Account SID
 * and Auth Token, or an API key SID and secret). Twilio's error JSON `{code, message, status}` becomes a
 * typed failure; the code sent by the applicant is never logged or put in an error message. Each call is
 * bounded by the partner timeout. Verify takes no idempotency key; it needs none: while a verification of
 * a number is pending, starting one again re-sends the same code (no second verification), so a retry after
 * a timeout never leaves two valid codes.
 */
import { callPartner, DEFAULT_PARTNER_TIMEOUT_MS } from '../http.ts';
import {
  verificationFailure,
  type PhoneVerificationFailure,
  type PhoneVerificationFailureCode,
  type PhoneVerificationProvider,
  type ProviderResult,
  type Verification,
  type VerificationChannel,
  type VerificationStatus,
} from './phone-verification.ts';

interface TwilioVerifyOptions {
  /** e.g. 'https://verify.twilio.com' (tests: the local fake). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  serviceSid: string;
  /** Per-request timeout (default PARTNER_TIMEOUT_SECONDS' 5 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Twilio error codes → our failures (§2.4). */
const ERROR_CODES: Record<number, PhoneVerificationFailureCode> = {
  60200: 'invalidParameter',
  60202: 'maxCheckAttempts',
  60203: 'maxSendAttempts',
  60205: 'sendFailed',
  60410: 'sendFailed',
  60413: 'sendFailed',
  60605: 'sendFailed',
  60238: 'sendFailed',
  20404: 'notFound',
  20429: 'rateLimited',
  60212: 'rateLimited',
  20003: 'unauthorized',
};

const STATUSES: readonly VerificationStatus[] = [
  'pending',
  'approved',
  'canceled',
  'max_attempts_reached',
  'deleted',
  'failed',
  'expired',
];

/** Maps an error answer (HTTP status and, if any, Twilio's JSON) to a failure. */
export function mapTwilioError(httpStatus: number, body: unknown): PhoneVerificationFailure {
  const json = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const vendorCode = typeof json.code === 'number' ? json.code : undefined;
  const message = typeof json.message === 'string' ? json.message : `Twilio answered HTTP ${httpStatus}`;
  let code: PhoneVerificationFailureCode | undefined =
    vendorCode === undefined ? undefined : ERROR_CODES[vendorCode];
  if (!code) {
    if (httpStatus === 401 || httpStatus === 403) code = 'unauthorized';
    else if (httpStatus === 404) code = 'notFound';
    else if (httpStatus === 429) code = 'rateLimited';
    else if (httpStatus === 400) code = 'invalidParameter';
    else code = 'unavailable';
  }
  return {
    code,
    message,
    httpStatus,
    ...(vendorCode === undefined ? {} : { vendorCode }),
    ...(code === 'unavailable' ? { kind: 'httpError' as const } : {}),
  };
}

function toVerification(body: unknown): Verification | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.sid !== 'string' || typeof b.to !== 'string' || typeof b.status !== 'string') return undefined;
  if (!STATUSES.includes(b.status as VerificationStatus)) return undefined;
  const channel: VerificationChannel = b.channel === 'call' ? 'call' : 'sms';
  return { sid: b.sid, to: b.to, channel, status: b.status as VerificationStatus };
}

export function createTwilioPhoneVerification(options: TwilioVerifyOptions): PhoneVerificationProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const serviceUrl = `${base}/v2/Services/${encodeURIComponent(options.serviceSid)}`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  async function post(
    url: string,
    form: Record<string, string>,
  ): Promise<ProviderResult<Verification, PhoneVerificationFailure>> {
    const answer = await callPartner(
      doFetch,
      url,
      {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
      },
      options.timeoutMs ?? DEFAULT_PARTNER_TIMEOUT_MS,
    );
    if (!answer.ok) {
      return verificationFailure('unavailable', `Twilio gave no answer (${answer.kind})`, {
        kind: answer.kind,
      });
    }
    const { response, body } = answer;
    if (!response.ok) return { ok: false, failure: mapTwilioError(response.status, body) };
    const verification = toVerification(body);
    if (!verification) {
      return verificationFailure('unavailable', 'Twilio answered a shape we do not understand', {
        httpStatus: response.status,
        kind: 'malformed',
      });
    }
    return { ok: true, value: verification };
  }

  return {
    name: 'twilio',
    startVerification({ to, channel, locale }) {
      return post(`${serviceUrl}/Verifications`, { To: to, Channel: channel, Locale: locale });
    },
    checkVerification(input) {
      const target: Record<string, string> =
        'sid' in input ? { VerificationSid: input.sid } : { To: input.to };
      return post(`${serviceUrl}/VerificationCheck`, { ...target, Code: input.code });
    },
    // Verify sends its own codes only; a text of omo's own needs Twilio Messaging, not configured yet.
    sendMessage() {
      return Promise.resolve(
        verificationFailure(
          'sendFailed',
          'Twilio Verify sends no text of our own (Messaging not configured)',
        ),
      );
    },
  };
}
