/**
 * Sanctions screening: each applicant is matched against a screening service's lists before the
 * membership is opened; a match scored at or above SCREENING_THRESHOLD holds the application for the
 * credit union's staff (decision 0076). The credit union's own block list stays in the decision.
 */
import type { ProviderFailure, ProviderResult } from '../result.ts';

/** Who is screened: the legal name and birth date (the flow does not ask the nationality). */
export interface ScreeningSubject {
  firstName: string;
  middleName?: string | undefined;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  /** ISO alpha-2 country of residence, sent as the person's country. */
  country: string;
}

/** A listed entity the service matched, with its score (0-1). */
export interface ScreeningMatch {
  id: string;
  caption: string;
  score: number;
  datasets: string[];
}

/** unavailable: no answer (the decision retries). */
export type ScreeningFailure = ProviderFailure<'unavailable'>;

export interface ScreeningProvider {
  readonly name: 'sandbox' | 'opensanctions';
  /** The candidates the service matched, best first (an empty list: none). */
  screen(subject: ScreeningSubject): Promise<ProviderResult<ScreeningMatch[], ScreeningFailure>>;
}
