/** Sweep amounts and the account-usage percentages (spec 000 §4). */
import type { MessageKey } from '../../messages/messages.ts';

// ---------------------------------------------------------------------------------------------------------
// Sweep amounts
// ---------------------------------------------------------------------------------------------------------

/** Smallest sweep amount: the spec's rule is min 2 ('Please enter an amount great than $1.'). */
const SWEEP_AMOUNT_MIN = 2;

/**
 * Checks a sweep amount as typed: required ('sweep.required'), digits with up to two decimals
 * ('sweep.decimals'), at least 2 ('sweep.min').
 * @returns null when valid, else the message key
 */
export function checkSweepAmount(value: string): MessageKey | null {
  const t = value.trim();
  if (t === '') return 'sweep.required';
  if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(t)) return 'sweep.decimals';
  if (Number(t) < SWEEP_AMOUNT_MIN) return 'sweep.min';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Account usage percentages
// ---------------------------------------------------------------------------------------------------------

/** Questionnaire answers (0 Never .. 3 All the time); a row absent from the short form counts as 0. */
export interface AccountUsageAnswers {
  creditSources: { cash?: number; cheque?: number; payroll?: number; eft?: number };
  depositSources: { branch?: number; atm?: number; wires?: number; eft?: number };
}

/** Derived percentages; `eftPrct` is the credit-side EFT share, `depositEftPrct` the deposit-side one. */
interface DepositPercentages {
  cashPrct: number;
  chequePrct: number;
  payrollPrct: number;
  eftPrct: number;
  branchPrct: number;
  atmPrct: number;
  wiresPrct: number;
  depositEftPrct: number;
}

/**
 * Shares of one group: each answer's share of the group's total, rounded; the rounding leftover (positive
 * or negative) goes to the last non-zero source so the group totals exactly 100. An all-zero group gives 0s.
 */
export function groupPercentages(answers: readonly number[]): number[] {
  const total = answers.reduce((sum, a) => sum + a, 0);
  if (total <= 0) return answers.map(() => 0);
  const shares = answers.map((a) => Math.round((a / total) * 100));
  const leftover = 100 - shares.reduce((sum, s) => sum + s, 0);
  let last = -1;
  answers.forEach((a, i) => {
    if (a > 0) last = i;
  });
  shares[last] = (shares[last] ?? 0) + leftover;
  return shares;
}

/**
 * Percentages of the account-usage questionnaire (spec 000 §4). The two groups are computed separately:
 * credit sources (cash, cheque, payroll, EFT) total 100, and deposit sources (branch, ATM, wires, EFT) total
 * 100, each by `groupPercentages` in that order.
 */
export function computeDepositPercentages(answers: AccountUsageAnswers): DepositPercentages {
  const c = answers.creditSources;
  const d = answers.depositSources;
  const [cashPrct = 0, chequePrct = 0, payrollPrct = 0, eftPrct = 0] = groupPercentages([
    c.cash ?? 0,
    c.cheque ?? 0,
    c.payroll ?? 0,
    c.eft ?? 0,
  ]);
  const [branchPrct = 0, atmPrct = 0, wiresPrct = 0, depositEftPrct = 0] = groupPercentages([
    d.branch ?? 0,
    d.atm ?? 0,
    d.wires ?? 0,
    d.eft ?? 0,
  ]);
  return { cashPrct, chequePrct, payrollPrct, eftPrct, branchPrct, atmPrct, wiresPrct, depositEftPrct };
}
