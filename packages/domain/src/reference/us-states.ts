/** The 50 US states (USPS codes). */
import { findIn, type NamedCode } from './named-code.ts';

/** The 50 US states with their USPS codes. */
export const US_STATES: readonly NamedCode[] = [
  { code: 'AL', nameEn: 'Alabama', nameFr: 'Alabama' },
  { code: 'AK', nameEn: 'Alaska', nameFr: 'Alaska' },
  { code: 'AZ', nameEn: 'Arizona', nameFr: 'Arizona' },
  { code: 'AR', nameEn: 'Arkansas', nameFr: 'Arkansas' },
  { code: 'CA', nameEn: 'California', nameFr: 'Californie' },
  { code: 'CO', nameEn: 'Colorado', nameFr: 'Colorado' },
  { code: 'CT', nameEn: 'Connecticut', nameFr: 'Connecticut' },
  { code: 'DE', nameEn: 'Delaware', nameFr: 'Delaware' },
  { code: 'FL', nameEn: 'Florida', nameFr: 'Floride' },
  { code: 'GA', nameEn: 'Georgia', nameFr: 'Géorgie' },
  { code: 'HI', nameEn: 'Hawaii', nameFr: 'Hawaï' },
  { code: 'ID', nameEn: 'Idaho', nameFr: 'Idaho' },
  { code: 'IL', nameEn: 'Illinois', nameFr: 'Illinois' },
  { code: 'IN', nameEn: 'Indiana', nameFr: 'Indiana' },
  { code: 'IA', nameEn: 'Iowa', nameFr: 'Iowa' },
  { code: 'KS', nameEn: 'Kansas', nameFr: 'Kansas' },
  { code: 'KY', nameEn: 'Kentucky', nameFr: 'Kentucky' },
  { code: 'LA', nameEn: 'Louisiana', nameFr: 'Louisiane' },
  { code: 'ME', nameEn: 'Maine', nameFr: 'Maine' },
  { code: 'MD', nameEn: 'Maryland', nameFr: 'Maryland' },
  { code: 'MA', nameEn: 'Massachusetts', nameFr: 'Massachusetts' },
  { code: 'MI', nameEn: 'Michigan', nameFr: 'Michigan' },
  { code: 'MN', nameEn: 'Minnesota', nameFr: 'Minnesota' },
  { code: 'MS', nameEn: 'Mississippi', nameFr: 'Mississippi' },
  { code: 'MO', nameEn: 'Missouri', nameFr: 'Missouri' },
  { code: 'MT', nameEn: 'Montana', nameFr: 'Montana' },
  { code: 'NE', nameEn: 'Nebraska', nameFr: 'Nebraska' },
  { code: 'NV', nameEn: 'Nevada', nameFr: 'Nevada' },
  { code: 'NH', nameEn: 'New Hampshire', nameFr: 'New Hampshire' },
  { code: 'NJ', nameEn: 'New Jersey', nameFr: 'New Jersey' },
  { code: 'NM', nameEn: 'New Mexico', nameFr: 'Nouveau-Mexique' },
  { code: 'NY', nameEn: 'New York', nameFr: 'New York' },
  { code: 'NC', nameEn: 'North Carolina', nameFr: 'Caroline du Nord' },
  { code: 'ND', nameEn: 'North Dakota', nameFr: 'Dakota du Nord' },
  { code: 'OH', nameEn: 'Ohio', nameFr: 'Ohio' },
  { code: 'OK', nameEn: 'Oklahoma', nameFr: 'Oklahoma' },
  { code: 'OR', nameEn: 'Oregon', nameFr: 'Oregon' },
  { code: 'PA', nameEn: 'Pennsylvania', nameFr: 'Pennsylvanie' },
  { code: 'RI', nameEn: 'Rhode Island', nameFr: 'Rhode Island' },
  { code: 'SC', nameEn: 'South Carolina', nameFr: 'Caroline du Sud' },
  { code: 'SD', nameEn: 'South Dakota', nameFr: 'Dakota du Sud' },
  { code: 'TN', nameEn: 'Tennessee', nameFr: 'Tennessee' },
  { code: 'TX', nameEn: 'Texas', nameFr: 'Texas' },
  { code: 'UT', nameEn: 'Utah', nameFr: 'Utah' },
  { code: 'VT', nameEn: 'Vermont', nameFr: 'Vermont' },
  { code: 'VA', nameEn: 'Virginia', nameFr: 'Virginie' },
  { code: 'WA', nameEn: 'Washington', nameFr: 'Washington' },
  { code: 'WV', nameEn: 'West Virginia', nameFr: 'Virginie-Occidentale' },
  { code: 'WI', nameEn: 'Wisconsin', nameFr: 'Wisconsin' },
  { code: 'WY', nameEn: 'Wyoming', nameFr: 'Wyoming' },
];

/**
 * Finds a US state by USPS code or English or French name (case and accents ignored).
 * @param codeOrName e.g. 'NY', 'California', 'Californie'
 */
export function findUsState(codeOrName: string | null | undefined): NamedCode | undefined {
  return findIn(US_STATES, codeOrName);
}
