/** An applicant who comes back: by a resume link, in another browser. */
import { expect } from 'vitest';
import { linkCodeMailedTo, type TestApplicant } from './applicant.ts';
import type { Injector } from './http-injector.ts';

/** The token of the resume link in an e-mail. */
export const RESUME_LINK = /\/resume\/open\?token=([A-Za-z0-9_-]+)/;
/** The code a resume link e-mails. */
export const CODE_IN_MAIL = /(?:Your code is|Votre code est) (\d{6})\./;

/** The code last texted to the phone number (in any format), from the dev outbox. */
async function codeTextedTo(app: Injector, phoneNumber: string): Promise<string> {
  const to = `+1${phoneNumber.replace(/\D/g, '')}`;
  const outbox = (await app.inject('/api/dev/outbox')).json<
    { channel: string; to: string; body: string }[]
  >();
  return /\b(\d{6})\b/.exec(outbox.find((m) => m.channel === 'sms' && m.to === to)!.body)![1]!;
}

/**
 * Opens a resume link in another browser and enters the code it sends (by SMS, or by e-mail when the phone
 * is not verified); the applicant goes on in that session. Answers the code's check.
 */
export async function comeBackByLink(app: Injector, a: TestApplicant, token: string) {
  const opened = await app.inject({ method: 'POST', url: '/api/omo/resume/OpenLink', payload: { token } });
  expect(opened.statusCode, opened.body).toBe(200);
  const code =
    opened.json<{ channel: 'sms' | 'email' }>().channel === 'sms'
      ? await codeTextedTo(app, a.phoneNumber)
      : await linkCodeMailedTo(app, a.email, CODE_IN_MAIL);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/omo/resume/VerifyCode',
    payload: { token, code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const session = verified.cookies.find((c) => c.name.endsWith('omo_session'))!;
  a.cookie = `${session.name}=${session.value}`;
  return verified;
}
