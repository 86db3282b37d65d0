/** The hand-off's calls (decision 0088); its addresses and limits: hand-off-paths.ts. */
import { z } from 'zod';
import { IDENTITY_IMAGE_SIDES } from '../rules/identity-images.ts';
import { HAND_OFF_STATES } from './hand-off-paths.ts';

export const handOffStartAnswerSchema = z.object({
  /** The link as a QR code, an SVG drawn by the server. */
  qrSvg: z.string(),
  /** Whether the SMS went: no verified phone, an hourly send ceiling, or the provider refused it. */
  sms: z.enum(['sent', 'noPhone', 'ceiling', 'failed']),
  /** The last 2 digits of the phone the SMS went to. */
  phoneEnding: z.string().nullable(),
  expiresInSeconds: z.number().int().nonnegative(),
});
export type HandOffStartAnswer = z.infer<typeof handOffStartAnswerSchema>;

export const handOffStatusSchema = z.object({
  state: z.enum(HAND_OFF_STATES),
  /** The photos the server holds. */
  captured: z.array(z.enum(IDENTITY_IMAGE_SIDES)),
  /** True once the photos were submitted: go to nextPath. */
  isDone: z.boolean(),
  nextPath: z.string(),
});
export type HandOffStatus = z.infer<typeof handOffStatusSchema>;

/** Whether the new link went by SMS (the page says to ask on the computer otherwise). */
export const handOffRenewAnswerSchema = handOffStartAnswerSchema.pick({ sms: true });
export type HandOffRenewAnswer = z.infer<typeof handOffRenewAnswerSchema>;

export const handOffOpenRequestSchema = z.object({ token: z.string().min(1).max(200) });
/** The phone takes the photos on omo's capture (sandbox) or goes to the provider's page. */
export const handOffOpenAnswerSchema = z.object({ providerUrl: z.string().nullable() });
export type HandOffOpenAnswer = z.infer<typeof handOffOpenAnswerSchema>;
