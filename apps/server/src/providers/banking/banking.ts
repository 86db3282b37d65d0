/**
 * The core-banking provider: the block list, the memberships that already exist, and opening a
 * membership with an account per product. Opening is idempotent for an applicant: asked again (a retry, a
 * second process), it answers the membership it made. The spec names no core-banking vendor, so the
 * sandbox is the one implementation; a real adapter implements this interface.
 */
import type { ProviderFailure, ProviderResult } from '../result.ts';

export interface Person {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
}

export interface MembershipRequest {
  applicationId: string;
  /** The applicant the membership is for (the primary applicant). */
  applicantId: string;
  email: string;
  person: Person;
  /** The co-applicant of a joint membership: a member too, joint holder of the accounts. */
  coApplicant?: { applicantId: string; email: string; person: Person };
  /** The products to open, in order. */
  productIds: string[];
  /** When the application was submitted (a slow decision is counted from it). */
  submittedAt: Date;
  /** The applicant accepted a savings account offered instead of the requested products. */
  isSavingsOffer: boolean;
}

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

/** unavailable: no answer (retry later). */
export type BankingFailure = ProviderFailure<'unavailable'>;

export interface BankingProvider {
  readonly name: 'sandbox';
  /** True when the person is on the block list. */
  isBlockListed(person: Person): Promise<ProviderResult<boolean, BankingFailure>>;
  /** True when a membership already holds this e-mail (one made for `exceptApplicantId` aside). */
  hasMembership(email: string, exceptApplicantId: string): Promise<ProviderResult<boolean, BankingFailure>>;
  /** Opens the membership and its accounts, or refuses; the same answer for the same applicant. */
  openMembership(request: MembershipRequest): Promise<ProviderResult<MembershipAnswer, BankingFailure>>;
}
