/** The co-applicant section of 'Review your application' (spec 001 §5). */
import * as z from 'zod/mini';
import { isSameEmail } from '../../rules/validation/text.ts';
import { ALWAYS, emailField, issue, nameField, str } from './form-helpers.ts';
import { REVIEW_EMAIL_MAX } from './limits.ts';

/**
 * Co-applicant details as edited on the review screen (spec 001 §5): names required, at most 38, name
 * characters ('Enter valid name'); e-mail required ('Enter valid email'), valid, at most 38, different
 * from the primary e-mail.
 */
export function jointApplicantFormSchema(ctx: { primaryEmail?: string } = {}) {
  return z
    .object({
      jointFirstName: nameField('joint.firstName.required', 'joint.name.invalid'),
      jointLastName: nameField('joint.lastName.required', 'joint.name.invalid'),
      jointEmail: emailField('joint.email.invalid', 'joint.email.invalid', REVIEW_EMAIL_MAX),
    })
    .check(
      z.superRefine((v, rctx) => {
        const email = str(v.jointEmail).trim();
        if (ctx.primaryEmail && email !== '' && isSameEmail(email, ctx.primaryEmail)) {
          issue(rctx, ['jointEmail'], 'joint.email.sameAsPrimary');
        }
      }, ALWAYS),
    );
}
