/** The 50 US states (USPS codes). */
import { findIn, type NamedCode } from './named-code.ts';
import usStatesTable from './us-states.json';

/** The 50 US states with their USPS codes. */
export const US_STATES: readonly NamedCode[] = usStatesTable;

/**
 * Finds a US state by USPS code or English or French name (case and accents ignored).
 * @param codeOrName e.g. 'NY', 'California', 'Californie'
 */
export function findUsState(codeOrName: string | null | undefined): NamedCode | undefined {
  return findIn(US_STATES, codeOrName);
}
