/** The SIN step (spec 001 §5, reference §9). */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { isValidSin } from '../../rules/validation/sin-and-tin.ts';

/** The SIN step: required and valid ('Enter a valid SIN' for both); 9-series refused for TFSA/FHSA. */
export function sinFormSchema(ctx: { isTfsaOrFhsa: boolean }) {
  return z.object({
    sin: z
      .string({ error: 'sin.invalid' satisfies MessageKey })
      .check(z.refine((v) => isValidSin(v, ctx), { error: 'sin.invalid' satisfies MessageKey })),
  });
}
