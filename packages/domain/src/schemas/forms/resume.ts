/** Coming back later (decision 0068): the e-mail a link is asked for, and the code the link's page sends. */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { emailField, issue } from './form-helpers.ts';

/** /resume: the e-mail address of the application. */
export const resumeRequestFormSchema = z.object({
  email: emailField('email.required', 'email.invalid'),
});
export type ResumeRequestForm = z.infer<typeof resumeRequestFormSchema>;

/** /resume/open: the 6-digit code. */
export const resumeCodeFormSchema = z.object({
  code: z.string({ error: 'resumeCode.required' satisfies MessageKey }).check(
    z.trim(),
    z.superRefine((v, ctx) => {
      if (v === '') issue(ctx, [], 'resumeCode.required');
      else if (!/^\d{6}$/.test(v)) issue(ctx, [], 'resumeCode.invalid');
    }),
  ),
});
export type ResumeCodeForm = z.infer<typeof resumeCodeFormSchema>;
