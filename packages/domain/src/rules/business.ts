/**
 * Business rules of omo that are not field validation: reference codes, the identity-provider share,
 * the save-response routing tables (spec 001 §4.2 and §4.3, kept as data in priority order), usage types and
 * purpose codes. Pure functions; randomness is injectable so tests are deterministic.
 */
import {
  USAGE_TYPE_VALUES,
  type MembershipResponse,
  type PurposeCode,
  type UsageType,
} from '../schemas/entities.ts';
import { ERROR_IDS, errorRoute } from './error-routes.ts';

// ---------------------------------------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------------------------------------

/** Fills a new array of n random bytes. */
type RandomBytes = (n: number) => Uint8Array;

interface CryptoLike {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/**
 * Cryptographically secure random bytes from `globalThis.crypto` (browsers and Node ≥ 20).
 * @param n how many bytes
 */
function secureRandomBytes(n: number): Uint8Array {
  const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
  if (!crypto) throw new Error('globalThis.crypto.getRandomValues is not available');
  return crypto.getRandomValues(new Uint8Array(n));
}

/**
 * Draws an unbiased integer in [0, n) from random bytes by rejection sampling (n ≤ 256).
 * @throws Error when the source yields no usable byte in 16 000 draws (a broken source)
 * @param n size of the range, 1..256
 * @param randomBytes byte source
 */
export function randomIndex(n: number, randomBytes: RandomBytes = secureRandomBytes): number {
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new RangeError(`range must be 1..256, got ${n}`);
  // Bytes at or above `limit` would make low values more likely; they are drawn again.
  const limit = 256 - (256 % n);
  // A sound source is accepted within a few bytes; the bound only stops a broken source from hanging.
  for (let round = 0; round < 1000; round++) {
    const bytes = randomBytes(16);
    for (const b of bytes) if (b < limit) return b % n;
  }
  throw new Error('the random source gave no usable byte');
}

// ---------------------------------------------------------------------------------------------------------
// Reference code (spec 000 §9)
// ---------------------------------------------------------------------------------------------------------

/** Characters of the random part of a reference code: uppercase letters and digits. */
const REFERENCE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Length of the random part of a reference code. */
export const REFERENCE_CODE_RANDOM_LENGTH = 8;
/** Default prefix of omo's reference codes (the spec leaves the prefix to the institution). */
export const DEFAULT_REFERENCE_PREFIX = 'OMO';
/** Applicant marker at the end of a reference code: P primary, J joint. */
type ApplicantMarker = 'P' | 'J';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern a reference code with this prefix matches: prefix, 8 uppercase letters or digits, P or J.
 * @param prefix the institution's prefix (matched literally)
 */
export function REFERENCE_CODE_PATTERN(prefix: string = DEFAULT_REFERENCE_PREFIX): RegExp {
  return new RegExp(`^${escapeRegExp(prefix)}[A-Z0-9]{${REFERENCE_CODE_RANDOM_LENGTH}}[PJ]$`);
}

/**
 * The reference number of an applicant: the prefix, the application's 8 characters, P (primary) or J (joint).
 * @param code the application's 8 random characters
 */
export function referenceNumberOf(
  code: string,
  applicant: ApplicantMarker,
  prefix: string = DEFAULT_REFERENCE_PREFIX,
): string {
  return `${prefix}${code}${applicant}`;
}

/**
 * Generates a reference code (spec 000 §9): the prefix, then 8 random uppercase letters or digits drawn
 * uniformly, then P (primary) or J (joint).
 * @param prefix the institution's prefix
 * @param applicant 'P' for the primary applicant, 'J' for the joint co-applicant
 * @param randomBytes byte source; defaults to globalThis.crypto.getRandomValues
 */
export function generateReferenceCode(
  prefix: string,
  applicant: ApplicantMarker,
  randomBytes: RandomBytes = secureRandomBytes,
): string {
  let body = '';
  for (let i = 0; i < REFERENCE_CODE_RANDOM_LENGTH; i++) {
    body += REFERENCE_CODE_ALPHABET[randomIndex(REFERENCE_CODE_ALPHABET.length, randomBytes)];
  }
  return referenceNumberOf(body, applicant, prefix);
}

// ---------------------------------------------------------------------------------------------------------
// Identity-provider share (spec 000 §9)
// ---------------------------------------------------------------------------------------------------------

/**
 * Draws the random integer 0..99 the identity-provider share is decided with.
 * @param randomBytes byte source; defaults to globalThis.crypto.getRandomValues
 */
export function rollPercent(randomBytes: RandomBytes = secureRandomBytes): number {
  return randomIndex(100, randomBytes);
}

/** Inputs of the identity-provider share decision. */
interface IdentityProviderShareInput {
  /** Random integer 0..99 (`rollPercent()`). */
  roll: number;
  /** Configured share in percent, 0..100. */
  percentage: number;
  /** The query value forcetutest=true was given. */
  forceTuTest: boolean;
  /** The site runs on the production host (forcetutest is ignored there). */
  isProduction: boolean;
  /** The draw of the same person's earlier application, which holds: starting again draws nothing. */
  earlierDraw?: boolean;
}

/**
 * Decides whether the identity-verification-provider flow is used (spec 000 §9): the roll is compared with
 * the configured percentage and at or below it the provider flow is used; forcetutest=true turns it off on
 * non-production hosts. Taken literally, so a percentage of 0 still selects the provider for a roll of 0
 * (1 in 100); a negative percentage turns the provider off entirely. A person's earlier draw holds, so
 * that starting again cannot draw again (a skipped check passes without the provider).
 * @returns true when the provider flow is used
 */
export function decideIdentityProviderShare({
  roll,
  percentage,
  forceTuTest,
  isProduction,
  earlierDraw,
}: IdentityProviderShareInput): boolean {
  if (forceTuTest && !isProduction) return false;
  if (earlierDraw !== undefined) return earlierDraw;
  return roll <= percentage;
}

// ---------------------------------------------------------------------------------------------------------
// Save-response routing (spec 001 §4.2 and §4.3)
// ---------------------------------------------------------------------------------------------------------

/** The save response as the routing reads it; absent flags count as false. */
export type SaveResponseLike = Partial<MembershipResponse>;

/** One row of a routing table: when `when` holds, go to `route`. */
interface SaveRoutingRow {
  /** Name of the row, as in the spec's list. */
  id: string;
  when: (response: SaveResponseLike) => boolean;
  route: string;
}

const isPresent = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== '';

/** Route taken when no row matches, and when the save call itself fails (spec 001 §4.2). */
const SAVE_FALLBACK_ROUTE = errorRoute(ERROR_IDS.generic);

/** Single save routing, in priority order (spec 001 §4.2); the last row is the fallback. */
export const SINGLE_SAVE_ROUTING: readonly SaveRoutingRow[] = [
  { id: 'genericError', when: (r) => r.showGenericErrorScreen === true, route: '/error/1' },
  { id: 'ageError', when: (r) => r.showAgeErrorScreen === true, route: '/error/4' },
  { id: 'blockListError', when: (r) => r.showBlockListErrorScreen === true, route: '/error/2' },
  { id: 'canadaPost', when: (r) => r.showCanadaPostScreen === true, route: '/single/verifyidentification' },
  {
    id: 'primaryComplete',
    when: (r) => r.showPrimaryCompleteScreen === true,
    route: '/single/confirmcoapplicantapplication',
  },
  { id: 'primaryCustNo', when: (r) => isPresent(r.primaryCustNo), route: '/single/confirmapplication' },
  { id: 'customError', when: (r) => r.showCustomErrorScreen === true, route: '/error/6' },
  { id: 'timeout', when: (r) => r.showTimeoutScreen === true, route: '/single/processingapplication' },
  {
    id: 'savingsAccountOffer',
    when: (r) => r.showSavingsAccountOfferScreen === true,
    route: '/single/savingsaccountoffer',
  },
  // Ours, after the spec's rows: a refusal goes to the decline page rather than the generic error.
  { id: 'decline', when: (r) => r.showDeclineScreen === true, route: '/single/applicationdecline' },
  { id: 'otherwise', when: () => true, route: SAVE_FALLBACK_ROUTE },
];

/**
 * Joint save routing, in priority order (spec 001 §4.3); the last row is the fallback. The joint table has
 * no custom-error row. "Member number present" reads the joint number, else the primary one.
 */
export const JOINT_SAVE_ROUTING: readonly SaveRoutingRow[] = [
  { id: 'genericError', when: (r) => r.showGenericErrorScreen === true, route: '/error/1' },
  { id: 'ageError', when: (r) => r.showAgeErrorScreen === true, route: '/error/4' },
  { id: 'blockListError', when: (r) => r.showBlockListErrorScreen === true, route: '/error/2' },
  { id: 'canadaPost', when: (r) => r.showCanadaPostScreen === true, route: '/joint/verifyidentification' },
  {
    id: 'primaryComplete',
    when: (r) => r.showPrimaryCompleteScreen === true,
    route: '/single/confirmcoapplicantapplication',
  },
  { id: 'jointComplete', when: (r) => r.showJointCompleteScreen === true, route: '/joint/jointcomplete' },
  {
    id: 'memberNumber',
    when: (r) => isPresent(r.jointCustNo) || isPresent(r.primaryCustNo),
    route: '/joint/confirmapplication',
  },
  { id: 'timeout', when: (r) => r.showTimeoutScreen === true, route: '/joint/processingapplication' },
  {
    id: 'savingsAccountOffer',
    when: (r) => r.showSavingsAccountOfferScreen === true,
    route: '/joint/savingsaccountoffer',
  },
  { id: 'decline', when: (r) => r.showDeclineScreen === true, route: '/joint/applicationdecline' },
  { id: 'otherwise', when: () => true, route: SAVE_FALLBACK_ROUTE },
];

/**
 * Returns the route of the first matching row of a routing table.
 * @param table a routing table in priority order
 * @param response the save response; null or undefined (failed save) → /error/1
 */
function routeSaveResponse(
  table: readonly SaveRoutingRow[],
  response: SaveResponseLike | null | undefined,
): string {
  if (!response) return SAVE_FALLBACK_ROUTE;
  return table.find((row) => row.when(response))?.route ?? SAVE_FALLBACK_ROUTE;
}

/**
 * Where the single flow goes after a save (spec 001 §4.2).
 * @param response the membership response; null/undefined when the save failed
 */
export function routeSingleSaveResponse(response: SaveResponseLike | null | undefined): string {
  return routeSaveResponse(SINGLE_SAVE_ROUTING, response);
}

/**
 * Where the joint flow goes after a save (spec 001 §4.3).
 * @param response the membership response; null/undefined when the save failed
 */
export function routeJointSaveResponse(response: SaveResponseLike | null | undefined): string {
  return routeSaveResponse(JOINT_SAVE_ROUTING, response);
}

// ---------------------------------------------------------------------------------------------------------
// Usage types and purpose codes (spec 000 §3, spec 001 §3)
// ---------------------------------------------------------------------------------------------------------

/** Usage types, in purpose-code order. */
export const USAGE_TYPES: readonly UsageType[] = USAGE_TYPE_VALUES;

/** A purpose code of the questionnaire with its usage type, i18n label key and the spec's English label. */
interface PurposeCodeEntry {
  code: PurposeCode;
  usageType: UsageType;
  labelKey: string;
  labelEn: string;
}

/** Purpose codes 1..9 (spec 001 §3), mapped in order to the usage types (spec 000 §3). */
export const PURPOSE_CODES: readonly PurposeCodeEntry[] = [
  {
    code: '1',
    usageType: 'PayrollandorLivingExpenses',
    labelKey: 'purpose.1',
    labelEn: 'Payroll and/or Living Expenses',
  },
  { code: '2', usageType: 'Pension', labelKey: 'purpose.2', labelEn: 'Pension' },
  {
    code: '3',
    usageType: 'RecreationEntertainment',
    labelKey: 'purpose.3',
    labelEn: 'Recreation/Entertainment',
  },
  { code: '4', usageType: 'SavingsEducation', labelKey: 'purpose.4', labelEn: 'Savings - Education' },
  { code: '5', usageType: 'SavingsRetirement', labelKey: 'purpose.5', labelEn: 'Savings - Retirement' },
  {
    code: '6',
    usageType: 'SavingsHomeAssetPurchase',
    labelKey: 'purpose.6',
    labelEn: 'Savings - Home/Asset Purchase',
  },
  { code: '7', usageType: 'SavingsTravel', labelKey: 'purpose.7', labelEn: 'Savings - Travel' },
  {
    code: '8',
    usageType: 'HomeImprovementsSavingsExpenses',
    labelKey: 'purpose.8',
    labelEn: 'Home Improvements',
  },
  { code: '9', usageType: 'Other', labelKey: 'purpose.9', labelEn: 'Other' },
];

/** The purpose code that reveals the free-text Other box (spec 001 §2.2). */
export const OTHER_PURPOSE_CODE = '9' satisfies PurposeCode;
/** The primary purpose an FHSA defaults to, with the select disabled (spec 000 §4, spec 001 §2.2). */
export const FHSA_DEFAULT_PURPOSE = '6' satisfies PurposeCode;

/**
 * Maps a purpose code to its usage type (codes 1..9 in order).
 * @param code '1'..'9'
 * @returns the usage type, or undefined for an unknown code
 */
export function purposeToUsageType(code: PurposeCode): UsageType;
export function purposeToUsageType(code: string): UsageType | undefined;
export function purposeToUsageType(code: string): UsageType | undefined {
  return PURPOSE_CODES.find((p) => p.code === code)?.usageType;
}
