/**
 * Coming back later (decision 0068): the applicant asks for a link to their draft, the link's page asks
 * for a code sent to the phone verified in the application (or to the e-mail when it was not verified),
 * and only then a new session reaches the draft, at the step where they left. Reminders go only to
 * applicants who ticked the optional box asking for them, each with a one-click unsubscribe link.
 */
import { z } from 'zod';

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
