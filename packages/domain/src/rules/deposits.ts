/**
 * A first deposit received (issue 21): a staff member matches an incoming Interac e-Transfer to a member
 * by its message, the member number the welcome asked for, and marks it received on one of the member's
 * opened accounts. Which account: among those without a first deposit, the one awaiting an e-Transfer of
 * that amount, else the first awaiting an e-Transfer, else the first.
 */
import type { AccountFunding } from '../flows/steps.ts';

/** The reference of an incoming deposit as a member number: its digits (spaces, dashes and '#' ignored). */
export function memberNumberOfReference(reference: string): string | null {
  const digits = reference.replace(/[\s#-]/g, '');
  return /^\d{4,20}$/.test(digits) ? digits : null;
}

/**
 * The account a deposit goes to.
 * @param awaiting the opened accounts without a first deposit, in the application's order, with how the
 *   applicant said each would be funded
 * @returns the account, or undefined when every account already received its first deposit
 */
export function accountForDeposit<T extends Pick<AccountFunding, 'method' | 'amountCents'>>(
  awaiting: readonly T[],
  amountCents: number,
): T | undefined {
  const eTransfers = awaiting.filter((a) => a.method === 'eTransfer');
  return eTransfers.find((a) => a.amountCents === amountCents) ?? eTransfers[0] ?? awaiting[0];
}
