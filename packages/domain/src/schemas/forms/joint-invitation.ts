/** The primary's resend of the co-applicant's invitation, to the same or a corrected e-mail address. */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { isValidEmail } from '../../rules/validation/text.ts';
import { issue, str } from './form-helpers.ts';
import { REVIEW_EMAIL_MAX } from './limits.ts';

/** The co-applicant's e-mail address, checked as on personal information. */
export const jointInvitationResendSchema = z.object({ email: z.string() }).check(
  z.superRefine((v, ctx) => {
    const email = str(v.email).trim();
    if (email === '') issue(ctx, ['email'], 'joint.email.required' satisfies MessageKey);
    else if (email.length > REVIEW_EMAIL_MAX) issue(ctx, ['email'], 'email.max' satisfies MessageKey);
    else if (!isValidEmail(email)) issue(ctx, ['email'], 'email.invalid' satisfies MessageKey);
  }),
);
export type JointInvitationResend = z.output<typeof jointInvitationResendSchema>;
