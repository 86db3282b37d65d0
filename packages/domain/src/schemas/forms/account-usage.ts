/** The account usage questionnaire (spec 000 §3/§5). */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { issue, type Ctx } from './form-helpers.ts';

/**
 * One answer: 0..3 as a number or as the radio's string; anything else (a row left unanswered is null once
 * the keyboard has passed over it) is 'usage.answerEach', never a type error of its own.
 */
const answerSchema = z.pipe(
  z.unknown(),
  z.transform((v: unknown, ctx) => {
    const n =
      typeof v === 'number'
        ? v
        : typeof v === 'string' && /^[0-3]$/.test(v.trim())
          ? Number(v.trim())
          : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > 3) {
      ctx.issues.push({ code: 'custom', message: 'usage.answerEach' satisfies MessageKey, input: v });
      return z.NEVER;
    }
    return n;
  }),
);

/** At least one answer of a group above 0 (only checked once every answer of the group is valid). */
function atLeastOneAnswered(v: Record<string, number>, ctx: Ctx): void {
  const values = Object.values(v);
  if (values.every((n) => typeof n === 'number') && !values.some((n) => n > 0))
    issue(ctx, [], 'usage.atLeastOne');
}

/**
 * The full questionnaire: every category answered ('Provide an answer for each category') and, in each of
 * the two groups (deposit types = credit sources; deposit methods = deposit sources), at least one answer
 * above Never ('Please indicate at least one type of deposit', on the group), since each group's
 * percentages must total 100.
 */
export const accountUsageFormSchema = z.object({
  creditSources: z
    .object({ cash: answerSchema, cheque: answerSchema, payroll: answerSchema, eft: answerSchema })
    .check(z.superRefine(atLeastOneAnswered)),
  depositSources: z
    .object({ branch: answerSchema, atm: answerSchema, wires: answerSchema, eft: answerSchema })
    .check(z.superRefine(atLeastOneAnswered)),
});
export type AccountUsageFormInput = z.input<typeof accountUsageFormSchema>;

/**
 * The shorter questionnaire of the retirement and tax-free products (RRSP, TFSA, FHSA): no cash, ABM or
 * branch rows (they count as 0 in the percentages).
 */
export const shortAccountUsageFormSchema = z.object({
  creditSources: z
    .object({ cheque: answerSchema, payroll: answerSchema, eft: answerSchema })
    .check(z.superRefine(atLeastOneAnswered)),
  depositSources: z
    .object({ wires: answerSchema, eft: answerSchema })
    .check(z.superRefine(atLeastOneAnswered)),
});
