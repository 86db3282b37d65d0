/**
 * Shared reading of the draft's phone-verification state by the two phone screens (phoneverification and
 * verificationCode, one feature split over two routes): whether a verification was already started (skip
 * the send screen) and what the server's problem details say.
 */
import { VERIFICATION_LIMIT, type ApplicationPhoneView } from '@omo/domain';
import { ApiError } from './api.ts';

type PhoneView = ApplicationPhoneView;

/**
 * True when the verification is under way or over: a code was sent (pending), the phone is verified or
 * skipped, a code was resent or checked, or a limit was reached. Only send failures below the limit keep the
 * applicant on the send screen, to try again.
 */
export function isVerificationStarted(phone: PhoneView): boolean {
  return (
    phone.status === 'pending' ||
    phone.status === 'approved' ||
    phone.status === 'skipped' ||
    phone.verified ||
    phone.resendCounter > 0 ||
    phone.invalidCounter > 0 ||
    phone.sendFailCounter >= VERIFICATION_LIMIT ||
    phone.canContinue
  );
}

/**
 * What a refused request (e.g. 429 'verification.limit', 409) says: the MessageKey of its first error or its
 * `code` when `translate` knows it, else the problem's detail or title.
 * @param translate turns a MessageKey into text; returns the key itself when unknown
 */
export function problemMessage(
  error: unknown,
  translate: (key: string) => string | undefined,
): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') return null;
  const keys: unknown[] = [];
  if (Array.isArray(body.errors)) {
    for (const e of body.errors as unknown[]) {
      if (e && typeof e === 'object') keys.push((e as Record<string, unknown>).key);
    }
  }
  keys.push(body.key, body.code);
  for (const key of keys) {
    if (typeof key !== 'string' || key === '') continue;
    const text = translate(key);
    if (text && text !== key) return text;
  }
  if (typeof body.detail === 'string' && body.detail !== '') return body.detail;
  if (typeof body.title === 'string' && body.title !== '') return body.title;
  return null;
}
