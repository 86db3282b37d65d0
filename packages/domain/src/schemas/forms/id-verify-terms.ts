/** The ID verification terms. */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';

/** The ID verification consent: Continue stays disabled until it is ticked; the server refuses it unticked. */
export const idVerifyTermsFormSchema = z.object({
  consent: z.literal(true, { error: 'idTerms.consent.required' satisfies MessageKey }),
});
