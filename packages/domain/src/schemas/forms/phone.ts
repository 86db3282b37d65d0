/** The editable phone of the verification screen (spec 000 §4/§5). */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { isValidPhone } from '../../rules/validation/phone.ts';
import { issue } from './form-helpers.ts';

/** The editable phone on the verification screen: empty → 'Please enter phone number'. */
export const phoneFormSchema = z.object({
  phoneNumber: z.string({ error: 'phone.required' satisfies MessageKey }).check(
    z.superRefine((v, ctx) => {
      if (v.trim() === '') issue(ctx, [], 'phone.required');
      else if (!isValidPhone(v)) issue(ctx, [], 'phone.invalid');
    }),
  ),
});
export type PhoneForm = z.infer<typeof phoneFormSchema>;
