/**
 * The identity-decision provider, shaped after Alloy's journey applications: the applicant's profile goes
 * in, a decision comes out. A completed evaluation with outcome Approved passes; any other completed
 * outcome (Denied, Manual Review) means the identity could not be confirmed online; an application waiting
 * in pending_step_up or pending_documents asks for a photo ID and a selfie. Two implementations: the sandbox
 * (decides by the applicant's last name) and Alloy (alloy.ts), chosen in providers/index.ts.
 */
import type { ProviderFailure, ProviderResult } from '../result.ts';

/** An address of the profile (Alloy's `addresses[]`). */
export interface IdentityAddress {
  type: 'primary' | 'mailing';
  line1: string;
  line2?: string;
  city: string;
  /** Province or state code. */
  state: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/** What the provider is asked to verify. */
export interface IdentityProfile {
  /** Our applicant id (Alloy's external_entity_id). */
  externalId: string;
  nameFirst: string;
  nameMiddle?: string;
  nameLast: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  emailAddress: string;
  /** Ten digits. */
  phoneNumber: string;
  /** Nine digits, when the applicant gave it. */
  sin?: string;
  addresses: IdentityAddress[];
  /** The phone check's outcome, as extra input. */
  phoneVerified: boolean;
}

/** What our flows read of a decision. */
export type IdentityDecision = 'passed' | 'denied' | 'stepUp';

export interface IdentityEvaluation {
  /** The provider's token of this evaluation (Alloy's journey_application_token). */
  token: string;
  decision: IdentityDecision;
}

/** unauthorized: credentials refused; invalidRequest: the profile was refused; unavailable: no answer. */
export type IdentityFailureCode = 'unauthorized' | 'invalidRequest' | 'unavailable';
export type IdentityFailure = ProviderFailure<IdentityFailureCode>;

export interface IdentityProvider {
  readonly name: 'sandbox' | 'alloy';
  /** Evaluates a profile and answers the decision, or a failure (the flows then show the error page). */
  evaluate(profile: IdentityProfile): Promise<ProviderResult<IdentityEvaluation, IdentityFailure>>;
}

/**
 * Reads an Alloy journey application (its `status` and `complete_outcome`) as our decision.
 * @returns undefined when the application has no decision (running, error, expired…)
 */
export function decisionOfJourneyApplication(body: unknown): IdentityEvaluation | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const token = b.journey_application_token;
  if (typeof token !== 'string' || token === '') return undefined;
  if (b.status === 'pending_step_up' || b.status === 'pending_documents') {
    return { token, decision: 'stepUp' };
  }
  if (b.status !== 'completed') return undefined;
  const outcome = typeof b.complete_outcome === 'string' ? b.complete_outcome.toLowerCase() : '';
  if (outcome === '') return undefined;
  return { token, decision: outcome === 'approved' ? 'passed' : 'denied' };
}
