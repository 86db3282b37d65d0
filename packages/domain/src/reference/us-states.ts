/** The 50 US states (USPS codes). */
import { findIn, namedCodesOf, type NamedCode } from './named-code.ts';

/** The 50 US states with their USPS codes. */
export const US_STATES: readonly NamedCode[] = /* @__PURE__ */ namedCodesOf(`
AL|Alabama|Alabama
AK|Alaska|Alaska
AZ|Arizona|Arizona
AR|Arkansas|Arkansas
CA|California|Californie
CO|Colorado|Colorado
CT|Connecticut|Connecticut
DE|Delaware|Delaware
FL|Florida|Floride
GA|Georgia|Géorgie
HI|Hawaii|Hawaï
ID|Idaho|Idaho
IL|Illinois|Illinois
IN|Indiana|Indiana
IA|Iowa|Iowa
KS|Kansas|Kansas
KY|Kentucky|Kentucky
LA|Louisiana|Louisiane
ME|Maine|Maine
MD|Maryland|Maryland
MA|Massachusetts|Massachusetts
MI|Michigan|Michigan
MN|Minnesota|Minnesota
MS|Mississippi|Mississippi
MO|Missouri|Missouri
MT|Montana|Montana
NE|Nebraska|Nebraska
NV|Nevada|Nevada
NH|New Hampshire|New Hampshire
NJ|New Jersey|New Jersey
NM|New Mexico|Nouveau-Mexique
NY|New York|New York
NC|North Carolina|Caroline du Nord
ND|North Dakota|Dakota du Nord
OH|Ohio|Ohio
OK|Oklahoma|Oklahoma
OR|Oregon|Oregon
PA|Pennsylvania|Pennsylvanie
RI|Rhode Island|Rhode Island
SC|South Carolina|Caroline du Sud
SD|South Dakota|Dakota du Sud
TN|Tennessee|Tennessee
TX|Texas|Texas
UT|Utah|Utah
VT|Vermont|Vermont
VA|Virginia|Virginie
WA|Washington|Washington
WV|West Virginia|Virginie-Occidentale
WI|Wisconsin|Wisconsin
WY|Wyoming|Wyoming
`);

/**
 * Finds a US state by USPS code or English or French name (case and accents ignored).
 * @param codeOrName e.g. 'NY', 'California', 'Californie'
 */
export function findUsState(codeOrName: string | null | undefined): NamedCode | undefined {
  return findIn(US_STATES, codeOrName);
}
