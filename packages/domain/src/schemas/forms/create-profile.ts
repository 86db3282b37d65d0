/** 'Create your profile' (spec 000 §5, spec 001 §2.7). */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { hasOnlyPasswordCharacters, passwordMatchesCriteria } from '../../rules/validation/text.ts';
import { emailField, issue } from './form-helpers.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';
import { promoCodeFieldSchema, referralCodeFieldSchema } from './codes.ts';

/**
 * Password rules: required, 8..12 characters, digit + lower + upper case, none of < > , /, and no control
 * character ('text.unsupportedCharacters'). The maximum is the online-banking sign-in's (decision 0012).
 */
const passwordFieldSchema = z.string({ error: 'password.required' satisfies MessageKey }).check(
  z.superRefine((v, ctx) => {
    if (v === '') issue(ctx, [], 'password.required');
    else if (!hasOnlyPasswordCharacters(v)) issue(ctx, [], 'text.unsupportedCharacters');
    else if (v.length < PASSWORD_MIN) issue(ctx, [], 'password.min');
    else if (v.length > PASSWORD_MAX) issue(ctx, [], 'password.max');
    else if (!passwordMatchesCriteria(v)) issue(ctx, [], 'password.criteria');
  }),
);

/** 'Create your profile': e-mail, password, optional promo and referral codes, marketing consent. */
export const createProfileFormSchema = z.object({
  email: emailField('email.required', 'email.invalid'),
  password: passwordFieldSchema,
  promoCode: promoCodeFieldSchema(),
  referralCode: referralCodeFieldSchema,
  consent: z._default(z.boolean(), false),
  /** The optional, unticked box asking for e-mail reminders to finish (decision 0068). */
  reminderConsent: z._default(z.boolean(), false),
  /** The co-applicant's code e-mailed to the invited address (the server requires it in the joint flow). */
  emailCode: z.optional(z.string().check(z.maxLength(12, 'emailCode.invalid' satisfies MessageKey))),
});
export type CreateProfileForm = z.infer<typeof createProfileFormSchema>;
export type CreateProfileFormInput = z.input<typeof createProfileFormSchema>;

/**
 * Going on alone from the apply-as-single link: the primary confirms with the password of their profile
 * (any stored password; the server checks it).
 */
export const applyAsSingleFormSchema = z.object({
  password: z
    .string({ error: 'password.required' satisfies MessageKey })
    .check(z.minLength(1, 'password.required' satisfies MessageKey), z.maxLength(200, 'password.max')),
});
export type ApplyAsSingleForm = z.infer<typeof applyAsSingleFormSchema>;
