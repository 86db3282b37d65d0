/** Confirm products: the term choice (spec 000 §4/§5). */
import * as z from 'zod/mini';
import { ALWAYS, issue, str, text } from './form-helpers.ts';

/** The part of a product the term form depends on. */
interface TermProductLike {
  termDepositAcctConfig?: {
    termRate?: readonly { period: number | string; periodType: string; rate: number | string }[] | null;
    mdAllowMature?: boolean | null;
  } | null;
}

/** True when the product has term rates (its length/term and renewal selects are shown and required). */
export function hasTermRates(product: TermProductLike | null | undefined): boolean {
  return (product?.termDepositAcctConfig?.termRate?.length ?? 0) > 0;
}

/** The stored value of a 'Length and term' choice: the spec's text 'period periodType rate%'. */
export function termPeriodValue(rate: {
  period: number | string;
  periodType: string;
  rate: number | string;
}): string {
  return `${rate.period} ${rate.periodType} ${rate.rate}%`;
}

/** The 'Renewal option' values a product offers: rollover and transfer, and payout when it allows maturity. */
export function renewalOptionValues(product: TermProductLike | null | undefined): string[] {
  return product?.termDepositAcctConfig?.mdAllowMature
    ? ['rollover', 'transfer', 'payout']
    : ['rollover', 'transfer'];
}

/**
 * Term choice of a product: 'Select your length and term' and 'Select a renewal option', required only
 * when the product has term rates; a value the product does not offer counts as not selected.
 */
export function termChoiceFormSchema(product: TermProductLike | null | undefined) {
  if (!product) return (termChoiceWithoutProduct ??= buildTermChoiceFormSchema(product));
  let schema = termChoiceByProduct.get(product);
  if (!schema) {
    schema = buildTermChoiceFormSchema(product);
    termChoiceByProduct.set(product, schema);
  }
  return schema;
}
export type TermChoiceForm = z.infer<ReturnType<typeof termChoiceFormSchema>>;

/** Built once per product object (the catalogue's products are not changed in place). */
const termChoiceByProduct = new WeakMap<TermProductLike, ReturnType<typeof buildTermChoiceFormSchema>>();
let termChoiceWithoutProduct: ReturnType<typeof buildTermChoiceFormSchema> | undefined;

function buildTermChoiceFormSchema(product: TermProductLike | null | undefined) {
  const required = hasTermRates(product);
  const periods = new Set((product?.termDepositAcctConfig?.termRate ?? []).map(termPeriodValue));
  const options = new Set(renewalOptionValues(product));
  return z.object({ termPeriod: z.optional(text()), termOption: z.optional(text()) }).check(
    z.superRefine((v, ctx) => {
      if (!required) return;
      if (!periods.has(str(v.termPeriod).trim())) issue(ctx, ['termPeriod'], 'term.length.required');
      if (!options.has(str(v.termOption).trim())) issue(ctx, ['termOption'], 'term.renewal.required');
    }, ALWAYS),
  );
}
