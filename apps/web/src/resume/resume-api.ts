/** The calls of coming back later (decision 0068). */
import { RESUME_API_PATHS, type Language, type ResumeOpenAnswer, type ResumeVerifyAnswer } from '@omo/domain';
import { apiRequest } from '../lib/api.ts';

/** Asks for a link: the session's applicant's (no e-mail), or an address's. Answered the same either way. */
export async function requestResumeLink(body: { email?: string; language: Language }): Promise<void> {
  await apiRequest<unknown>(RESUME_API_PATHS.requestLink, { method: 'POST', body });
}

/** Sends the code of a link; answers only where it went. */
export function openResumeLink(token: string): Promise<ResumeOpenAnswer> {
  return apiRequest<ResumeOpenAnswer>(RESUME_API_PATHS.openLink, { method: 'POST', body: { token } });
}

/** The code: the server starts a new session and says where the applicant left. */
export function verifyResumeCode(token: string, code: string): Promise<ResumeVerifyAnswer> {
  return apiRequest<ResumeVerifyAnswer>(RESUME_API_PATHS.verifyCode, {
    method: 'POST',
    body: { token, code },
  });
}

/** One click in a reminder. */
export async function unsubscribeReminders(token: string): Promise<void> {
  await apiRequest<null>(RESUME_API_PATHS.unsubscribe, { method: 'POST', body: { token } });
}
