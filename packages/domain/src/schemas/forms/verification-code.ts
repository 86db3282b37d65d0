/** The verification code screen (spec 000 §4/§5). */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { CODE_LENGTH } from './limits.ts';

/** The verification code: exactly six digits. */
export const verificationCodeSchema = z.object({
  code: z
    .string({ error: 'code.invalid' satisfies MessageKey })
    .check(z.regex(new RegExp(`^[0-9]{${CODE_LENGTH}}$`), { error: 'code.invalid' satisfies MessageKey })),
});
