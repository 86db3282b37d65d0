/**
 * Coming back later (decision 0068): the applicant asks for a link to their draft, the link's page asks
 * for a code sent to the phone verified in the application (or to the e-mail when it was not verified),
 * and only then a new session reaches the draft, at the step where they left. Reminders go only to
 * applicants who ticked the optional box asking for them, each with a one-click unsubscribe link.
 */
import { z } from 'zod';

export const RESUME_API_PATHS = {
  /** Ask for a link: by the session's applicant, or by an e-mail (answered the same either way). */
  requestLink: '/api/omo/resume/RequestLink',
  /** The link's page opened: sends the code, answers only where it went. */
  openLink: '/api/omo/resume/OpenLink',
  /** The code: a new session at the step where the applicant left. */
  verifyCode: '/api/omo/resume/VerifyCode',
  /** One click in a reminder: no more reminders. */
  unsubscribe: '/api/omo/resume/Unsubscribe',
} as const;

export const RESUME_ROUTES = {
  /** Ask for a link by e-mail. */
  request: '/resume',
  /** The link's page (?token=). */
  open: '/resume/open',
  /** "We sent you a link" (after Save and come back later). */
  sent: '/resume/sent',
  /** The reminders' unsubscribe link (?token=). */
  unsubscribe: '/resume/unsubscribe',
} as const;

/** Links e-mailed per applicant in any hour; more requests are answered the same and send nothing. */
export const RESUME_LINKS_PER_HOUR = 3;
/** Codes sent plus wrong codes entered through one link; then the link ends (ask for a new one). */
export const RESUME_LINK_ATTEMPTS = 5;
/** Minutes an e-mailed resume code works. */
export const RESUME_CODE_MINUTES = 10;

export const resumeLinkRequestSchema = z.object({
  /** Absent: the session's applicant ('Save and come back later' inside the application). */
  email: z.string().trim().max(254).optional(),
  language: z.enum(['en', 'fr']).optional(),
});
export type ResumeLinkRequest = z.infer<typeof resumeLinkRequestSchema>;

export const resumeLinkAnswerSchema = z.object({ requested: z.literal(true) });

export const resumeTokenSchema = z.object({ token: z.string().min(1).max(200) });

export const resumeOpenAnswerSchema = z.object({
  /** Where the code went: the verified phone, or the application's e-mail. */
  channel: z.enum(['sms', 'email']),
});
export type ResumeOpenAnswer = z.infer<typeof resumeOpenAnswerSchema>;

export const resumeVerifyRequestSchema = resumeTokenSchema.extend({ code: z.string().max(20) });

export const resumeVerifyAnswerSchema = z.object({ nextPath: z.string() });
export type ResumeVerifyAnswer = z.infer<typeof resumeVerifyAnswerSchema>;
