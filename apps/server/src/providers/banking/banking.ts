/**
 * The core-banking provider: the block list, the memberships that already exist, and opening a
 * membership with an account per product. Opening is idempotent for an applicant: asked again (a retry, a
 * second process), it answers the membership it made. Implemented by the sandbox and by Apache Fineract.
 */
import type { MembershipRequest } from '@omo/domain';
import type { ProviderFailure, ProviderResult } from '../result.ts';

export interface Person {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
}

/** What the core is asked to open: the domain's membership request (decision 0075). */
export type { MembershipRequest };

export type MembershipAnswer =
  | {
      status: 'approved';
      memberNumber: string;
      /** The co-applicant's member number, for a joint membership. */
      jointMemberNumber?: string;
      accounts: { productId: string; accountNumber: string }[];
    }
  | { status: 'declined' }
  /** The requested products are refused; a savings account may be opened instead. */
  | { status: 'savingsOffer' };

/**
 * unavailable: no answer (a timeout, a 5xx, no connection); rejected: the core refused the request as
 * invalid. Either leaves the decision to be retried, and nothing half-opened counts (decision 0075).
 */
export type BankingFailure = ProviderFailure<'unavailable' | 'rejected'>;

export interface BankingProvider {
  readonly name: 'sandbox' | 'fineract';
  /** True when the person is on the block list. */
  isBlockListed(person: Person): Promise<ProviderResult<boolean, BankingFailure>>;
  /** True when a membership already holds this e-mail (one made for `exceptApplicantId` aside). */
  hasMembership(email: string, exceptApplicantId: string): Promise<ProviderResult<boolean, BankingFailure>>;
  /** Opens the membership and its accounts, or refuses; the same answer for the same applicant. */
  openMembership(request: MembershipRequest): Promise<ProviderResult<MembershipAnswer, BankingFailure>>;
}
