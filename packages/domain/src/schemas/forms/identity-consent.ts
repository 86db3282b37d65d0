/** The consent to the identity check at the credit bureau, asked on its own before the check runs. */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';

/** Ticked, or refused: the check is not run without it (decision 0097). */
export const identityConsentFormSchema = z.object({
  consent: z.literal(true, { error: 'identityConsent.consent.required' satisfies MessageKey }),
});
export type IdentityConsentForm = z.output<typeof identityConsentFormSchema>;
