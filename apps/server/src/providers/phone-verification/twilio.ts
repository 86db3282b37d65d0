/**
 * Twilio Verify v2 adapter (reference/providers-and-rules.md §2): form-encoded POSTs to
 * {base}/v2/Services/{ServiceSid}/Verifications and /VerificationCheck with HTTP Basic auth (Account SID
 * and Auth Token, or an API key SID and secret). Twilio's error JSON `{code, message, status}` becomes a
 * typed failure; the code sent by the applicant is never logged or put in an error message. Each call is
 * bounded by the partner timeout. Verify takes no idempotency key; it needs none: while a verification of
 * a number is pending, starting one again re-sends the same code (no second verification), so a retry after
 * a timeout never leaves two valid codes. A text of omo's own (the ID photos' link to the phone) goes
 * through Twilio Messaging: POST {messagingBase}/2010-04-01/Accounts/{AccountSid}/Messages.json with the
 * Messaging Service's SID, when one is configured.
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
  /** e.g. 'https://api.twilio.com' (tests: the local fake). */
  messagingBaseUrl?: string;
  /** The Messaging Service (MG...) that sends omo's own texts; absent: none are sent. */
  messagingServiceSid?: string;
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
  // Messaging: an invalid 'To', an unsubscribed, landline or unreachable number.
  21211: 'invalidParameter',
  21408: 'sendFailed',
  21610: 'sendFailed',
  21614: 'sendFailed',
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

  async function send(url: string, form: Record<string, string>) {
    return callPartner(
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
  }

  async function post(
    url: string,
    form: Record<string, string>,
  ): Promise<ProviderResult<Verification, PhoneVerificationFailure>> {
    const answer = await send(url, form);
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
    async sendMessage({ to, body }) {
      const { messagingServiceSid } = options;
      if (!messagingServiceSid) {
        return verificationFailure(
          'sendFailed',
          'Twilio Messaging is not configured (TWILIO_MESSAGING_SERVICE_SID)',
        );
      }
      const messagingBase = (options.messagingBaseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
      const answer = await send(
        `${messagingBase}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        { To: to, Body: body, MessagingServiceSid: messagingServiceSid },
      );
      if (!answer.ok) {
        return verificationFailure('unavailable', `Twilio gave no answer (${answer.kind})`, {
          kind: answer.kind,
        });
      }
      if (!answer.response.ok)
        return { ok: false, failure: mapTwilioError(answer.response.status, answer.body) };
      return { ok: true, value: true };
    },
  };
}
