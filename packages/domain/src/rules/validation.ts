/**
 * Pure validation rules of omo (spec 000 §4/§5, spec 001 §5, reference §6 and §9). The form schemas in
 * schemas/forms/ are built from these functions, so the browser and the server apply the same rules.
 * Nothing here reads the clock: every date rule takes `today`.
 */
import type { ApplicationFlags } from './application-flags.types.ts';
import type { MessageKey } from '../messages/messages.ts';
import { ageOfMajorityOf } from '../reference/provinces.ts';

// ---------------------------------------------------------------------------------------------------------
// Password and e-mail
// ---------------------------------------------------------------------------------------------------------

/** Live checklist of the password rules (spec 000 §2 createprofile). */
export interface PasswordChecklist {
  lowerCase: boolean;
  upperCase: boolean;
  number: boolean;
  /** 8 to 12 characters. */
  length: boolean;
  /** None of < > , / */
  noSymbols: boolean;
}

const PASSWORD_FORBIDDEN = /[<>,/]/;
// C0 controls (NUL, tab, line feeds...), DEL and C1 controls: nothing a person types into a password.
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * The password checklist: lower case, upper case, a digit, 8..12 characters, none of < > , /.
 * @param pw the password as typed
 */
export function passwordChecklist(pw: string): PasswordChecklist {
  return {
    lowerCase: /\p{Ll}/u.test(pw),
    upperCase: /\p{Lu}/u.test(pw),
    number: /[0-9]/.test(pw),
    length: pw.length >= 8 && pw.length <= 12,
    noSymbols: !PASSWORD_FORBIDDEN.test(pw),
  };
}

/**
 * True when a password can be accepted character by character: storable text without control characters
 * (which only a paste or a script can put there, and which sign-in forms elsewhere would not take).
 */
export function hasOnlyPasswordCharacters(pw: string): boolean {
  return isStorableText(pw) && !CONTROL_CHARACTER.test(pw);
}

/**
 * True when the password has a digit, a lower-case and an upper-case letter and none of < > , /
 * (the 'Password must match criteria' rule; the length has its own messages).
 */
export function passwordMatchesCriteria(pw: string): boolean {
  const c = passwordChecklist(pw);
  return c.lowerCase && c.upperCase && c.number && c.noSymbols;
}

// A standard address: the HTML living-standard local part, dot-separated host labels and a 2+ letter TLD.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * True when `email` is a valid e-mail address (a standard pattern, at most 254 characters).
 * @param email trimmed address
 */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Case-insensitive, trimmed comparison of two e-mail addresses (joint e-mail must differ from primary). */
export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------
// Storable text
// ---------------------------------------------------------------------------------------------------------

// A UTF-16 surrogate without its other half: not a character, and no UTF-8 text can hold it.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when text can be stored and passed on as it is: no NUL character (PostgreSQL text refuses it) and no
 * unpaired surrogate (it is not a character; PostgreSQL's JSON refuses it and UTF-8 cannot carry it).
 * @example isStorableText('Montréal 🍁') === true; isStorableText('a\u0000b') === false
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

// ---------------------------------------------------------------------------------------------------------
// Names and address text
// ---------------------------------------------------------------------------------------------------------

// Letters of any script (accented letters included, with combining marks), digits, space, apostrophes
// (straight and typographic), hyphen, period.
const NAME_PATTERN = /^[\p{L}\p{M}0-9 '’.-]+$/u;

/**
 * Normalises a name as on blur: trims both ends and collapses runs of white space into one space.
 * @example trimName('  Jean   Luc ') === 'Jean Luc'
 */
export function trimName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * True when `name` uses only letters (accented included), digits, space, apostrophe, hyphen and period, and
 * is not only spaces. Also the rule of street and city names ("general name/address text").
 */
export function isValidNameText(name: string): boolean {
  return name.trim().length > 0 && NAME_PATTERN.test(name);
}

const STREET_NUMBER_PATTERN = /^[A-Za-z0-9 #._-]+$/;

/** True when a street number uses only letters, digits, space, #, period, underscore, hyphen (not blank). */
export function isValidStreetNumber(value: string): boolean {
  return value.trim().length > 0 && STREET_NUMBER_PATTERN.test(value);
}

/** True when a unit number is empty (optional) or uses the street-number characters. */
export function isValidUnitNumber(value: string): boolean {
  return value.trim().length === 0 || STREET_NUMBER_PATTERN.test(value);
}

/** True when a street name follows the general name/address text rule. */
export function isValidStreetName(value: string): boolean {
  return isValidNameText(value);
}

/** True when a city name follows the general name/address text rule. */
export function isValidCityName(value: string): boolean {
  return isValidNameText(value);
}

/** The parts of an autocomplete street line. */
export interface StreetLineParts {
  unitNumber: string;
  streetNumber: string;
  streetName: string;
}

/**
 * Splits an address-lookup street line: the first token is the number; when it contains a hyphen, the part
 * before is the unit and the part after the street number ('5-123 Main St' → unit 5, number 123, street
 * 'Main St'). A first token without any digit is not a number: the whole line is then the street name.
 */
export function splitStreetLine(line: string): StreetLineParts {
  const trimmed = line.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { unitNumber: '', streetNumber: '', streetName: '' };
  const space = trimmed.indexOf(' ');
  const first = space === -1 ? trimmed : trimmed.slice(0, space);
  const rest = space === -1 ? '' : trimmed.slice(space + 1);
  if (!/[0-9]/.test(first)) return { unitNumber: '', streetNumber: '', streetName: trimmed };
  const hyphen = first.indexOf('-');
  if (hyphen > 0 && hyphen < first.length - 1) {
    return { unitNumber: first.slice(0, hyphen), streetNumber: first.slice(hyphen + 1), streetName: rest };
  }
  return { unitNumber: '', streetNumber: first, streetName: rest };
}

// ---------------------------------------------------------------------------------------------------------
// Dates and ages
// ---------------------------------------------------------------------------------------------------------

/** Earliest accepted year of birth. */
export const YEAR_MIN = 1900;

/** True for a Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days of `month` (1..12) in `year`, leap years included. */
export function daysInMonth(month: number, year: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function toInt(value: string | number): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  const t = value.trim();
  return /^[0-9]+$/.test(t) ? Number(t) : null;
}

/**
 * True when month/day/year (text or numbers) form a real date: the year is 1900..the current year of
 * `today`, the month 1..12 and the day 1..days in that month (leap years handled).
 */
export function isValidDate(
  month: string | number,
  day: string | number,
  year: string | number,
  today: Date,
): boolean {
  const m = toInt(month);
  const d = toInt(day);
  const y = toInt(year);
  if (m === null || d === null || y === null) return false;
  if (y < YEAR_MIN || y > today.getFullYear()) return false;
  if (m < 1 || m > 12) return false;
  return d >= 1 && d <= daysInMonth(m, y);
}

/** The date-of-birth fields of the personal-info form. */
export interface BirthDateFields {
  dob_year: string | number;
  dob_month: string | number;
  dob_day: string | number;
}

/**
 * The birth date as sent ('YYYY-MM-DD'): month and day zero-padded, and a day over 29 in February becomes
 * 29 (spec 000 §5).
 */
export function normalizeBirthDate(fields: BirthDateFields): string {
  const year = String(fields.dob_year).trim().padStart(4, '0');
  const month = String(fields.dob_month).trim().padStart(2, '0');
  let day = Number(String(fields.dob_day).trim());
  if (month === '02' && day > 29) day = 29;
  return `${year}-${month}-${String(day).padStart(2, '0')}`;
}

const MS_PER_DAY = 86_400_000;

function calendarDayNumber(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / MS_PER_DAY;
}

function parseIsoDate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * Age in whole years, computed as the spec does: days between the birth date and today divided by 365.25,
 * rounded down. Calendar days of the local dates are used, so time of day and DST do not matter.
 * @param birthDate 'YYYY-MM-DD' or a Date
 */
export function ageInYears(birthDate: string | Date, today: Date): number {
  const birth = typeof birthDate === 'string' ? parseIsoDate(birthDate) : birthDate;
  if (!birth || Number.isNaN(birth.getTime())) return Number.NaN;
  const days = calendarDayNumber(today) - calendarDayNumber(birth);
  return Math.floor(days / 365.25);
}

/** Age limits (spec 000 §5/§9). */
export const STUDENT_AGE_MIN = 18;
export const STUDENT_AGE_MAX = 25;
export const SENIOR_AGE_MIN = 60;
/** RRSP and FHSA: whole-year age above this fails (71 still passes, 72 fails). */
export const REGISTERED_PLAN_AGE_MAX = 71;
/** Any product: whole-year age above this fails. */
export const AGE_MAX = 110;

/**
 * Age of majority of a province or territory (reference §6.4). An unknown or missing province (e.g. before
 * the address step) gives 18, the lowest; the server checks again once the address is known.
 * @param province two-letter Canada Post code
 */
export function ageOfMajorityFor(province?: string | null): number {
  return ageOfMajorityOf(province) ?? 18;
}

/** An age-limit failure: the message and the date-of-birth field it is shown under. */
export interface AgeLimitIssue {
  key: MessageKey;
  field: 'dob_day' | 'dob_year';
}

/**
 * Checks the age limits of the selected products (spec 000 §5, reference §9), first failure wins:
 * 1. over 110 fails for everyone ('age.max', under the year: most likely a mistyped year);
 * 2. student: 18 to 25 inclusive ('age.student');
 * 3. senior: 60 or more ('age.senior');
 * 4. RRSP / FHSA: "under 71 (fails when age is over 71)" read precisely: the whole-year age may be 71 but not
 *    72 or more, matching CRA (an RRSP or FHSA can be held until the end of the year the holder turns 71);
 * 5. every product: the age of majority of the province (18 or 19; 18 when the province is not known yet).
 * Product failures are shown under the day field.
 * @param birthDate 'YYYY-MM-DD' (see normalizeBirthDate)
 * @returns null when every limit is met
 */
export function checkAgeLimits(
  flags: Pick<ApplicationFlags, 'mStudent' | 'mSenior' | 'mRRSP' | 'mFHSA'>,
  birthDate: string | Date,
  today: Date,
  province?: string | null,
): AgeLimitIssue | null {
  const age = ageInYears(birthDate, today);
  if (Number.isNaN(age)) return { key: 'dob.invalid', field: 'dob_day' };
  if (age > AGE_MAX) return { key: 'age.max', field: 'dob_year' };
  if (flags.mStudent && (age < STUDENT_AGE_MIN || age > STUDENT_AGE_MAX)) {
    return { key: 'age.student', field: 'dob_day' };
  }
  if (flags.mSenior && age < SENIOR_AGE_MIN) return { key: 'age.senior', field: 'dob_day' };
  if (flags.mRRSP && age > REGISTERED_PLAN_AGE_MAX) return { key: 'age.rrsp', field: 'dob_day' };
  if (flags.mFHSA && age > REGISTERED_PLAN_AGE_MAX) return { key: 'age.fhsa', field: 'dob_day' };
  if (age < ageOfMajorityFor(province)) return { key: 'age.majority', field: 'dob_day' };
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// SIN and TINs
// ---------------------------------------------------------------------------------------------------------

/** Digits of a SIN as typed (spaces and hyphens dropped). */
export function sinDigits(sin: string): string {
  return sin.replace(/[\s-]/g, '');
}

/** True when 9 digits pass the Luhn check with weights 1 2 1 2 1 2 1 2 1. */
export function passesSinChecksum(digits: string): boolean {
  if (!/^[0-9]{9}$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    total += product > 9 ? product - 9 : product;
  }
  return total % 10 === 0;
}

/**
 * True when `sin` is a valid Social Insurance Number (reference §6.1 and §9): 9 digits (spaces and hyphens
 * allowed), Luhn check digit, first digit neither 0 (CRA tax numbers) nor 8 (business numbers); a 9-series
 * (temporary resident) SIN is refused for TFSA and FHSA applications and accepted elsewhere.
 */
export function isValidSin(sin: string, opts: { isTfsaOrFhsa: boolean }): boolean {
  const digits = sinDigits(sin);
  if (!passesSinChecksum(digits)) return false;
  const first = digits[0];
  if (first === '0' || first === '8') return false;
  if (first === '9' && opts.isTfsaOrFhsa) return false;
  return true;
}

/** A SIN shown as 'NNN-NNN-NNN' (input returned unchanged when it is not 9 digits). */
export function formatSin(sin: string): string {
  const d = sinDigits(sin);
  return /^[0-9]{9}$/.test(d) ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : sin;
}

/** A SIN masked for display, only the last three digits in clear: '***-***-544'. */
export function maskSin(sin: string): string {
  const d = sinDigits(sin);
  return `***-***-${d.slice(-3).padStart(3, '*')}`;
}

/** True for a US TIN in the format ###-##-#### (spec 001 §5). */
export function isValidUsTin(tin: string): boolean {
  return /^[0-9]{3}-[0-9]{2}-[0-9]{4}$/.test(tin.trim());
}

/** Maximum length of an other-country TIN. */
export const OTHER_TIN_MAX = 30;

/** True for an other-country TIN: not blank, at most 30 characters, letters, digits, space and hyphen. */
export function isValidOtherTin(tin: string): boolean {
  const t = tin.trim();
  return t.length > 0 && t.length <= OTHER_TIN_MAX && /^[A-Za-z0-9 -]+$/.test(t);
}

// ---------------------------------------------------------------------------------------------------------
// Postal codes
// ---------------------------------------------------------------------------------------------------------

/** Canadian postal code (reference §6.2): no D F I O Q U, no W or Z first, optional single space. */
export const POSTAL_CODE_PATTERN =
  /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/i;

/** True for a Canadian postal code ('A1A 1A1' or 'A1A1A1', any case). */
export function isValidPostalCode(postal: string): boolean {
  return POSTAL_CODE_PATTERN.test(postal.trim());
}

/** A postal code as 'A1A 1A1' (upper case, one space); an invalid input is returned trimmed, upper case. */
export function normalizePostalCode(postal: string): string {
  const t = postal.trim().toUpperCase();
  if (!isValidPostalCode(t)) return t;
  const compact = t.replace(' ', '');
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

const POSTAL_FIRST_LETTER: Record<string, readonly string[]> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/**
 * True when a valid postal code belongs to a province or territory (reference §6.2): by first letter, and
 * for X by FSA (X0A, X0B, X0C Nunavut; X0E, X0G, X1A Northwest Territories; other X FSAs either).
 * @param provinceCode two-letter Canada Post code
 */
export function postalCodeMatchesProvince(postal: string, provinceCode: string): boolean {
  if (!isValidPostalCode(postal)) return false;
  const p = normalizePostalCode(postal);
  const province = provinceCode.trim().toUpperCase();
  const fsa = p.slice(0, 3);
  if (['X0A', 'X0B', 'X0C'].includes(fsa)) return province === 'NU';
  if (['X0E', 'X0G', 'X1A'].includes(fsa)) return province === 'NT';
  return (POSTAL_FIRST_LETTER[p[0] ?? ''] ?? []).includes(province);
}

/** True for a US ZIP code (12345 or 12345-6789). */
export function isValidZipCode(zip: string): boolean {
  return /^[0-9]{5}(-[0-9]{4})?$/.test(zip.trim());
}

// ---------------------------------------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------------------------------------

/** Phone type of the personal-info form. */
export type PhoneType = 'mobile' | 'home';

/** The digits of a phone number (non-digits removed). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Applies the (000) 000-0000 mask progressively as the user types: '5145' → '(514) 5',
 * '5145550100' → '(514) 555-0100'. At most 10 digits are kept; a leading 1 country code of an 11-digit
 * number is dropped.
 */
export function formatPhoneMask(input: string): string {
  let d = phoneDigits(input);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** True for a 10-digit North American number whose area code does not start with 0 or 1. */
export function isValidPhone(phone: string): boolean {
  return /^[2-9][0-9]{9}$/.test(phoneDigits(phone));
}

/** Phone fields of the contact payload. */
export type PhonePayload =
  { mobileArea: string; mobilePhone: string } | { homeArea: string; homePhone: string };

/**
 * Splits a phone for the payload: digits only, the first 3 the area code, the rest the number, placed under
 * mobile or home by phone type (spec 000 §5).
 */
export function splitPhoneForPayload(phone: string, phoneType: PhoneType): PhonePayload {
  const d = phoneDigits(phone);
  const area = d.slice(0, 3);
  const number = d.slice(3);
  return phoneType === 'mobile'
    ? { mobileArea: area, mobilePhone: number }
    : { homeArea: area, homePhone: number };
}

/** The last four digits of a phone ('Code sent to phone number ending in' …). */
export function lastFourDigits(phone: string): string {
  return phoneDigits(phone).slice(-4);
}

// ---------------------------------------------------------------------------------------------------------
// Sweep amounts
// ---------------------------------------------------------------------------------------------------------

/** Smallest sweep amount: the spec's rule is min 2 ('Please enter an amount great than $1.'). */
export const SWEEP_AMOUNT_MIN = 2;

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
export interface DepositPercentages {
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

// ---------------------------------------------------------------------------------------------------------
// Display helpers
// ---------------------------------------------------------------------------------------------------------

/** Displayed option text limit (spec 000 §5). */
export const OPTION_MAX = 24;
/** Payout option label limit. */
export const PAYOUT_OPTION_MAX = 28;
/** PEP position name limit (spec 001 §2.2). */
export const POSITION_OPTION_MAX = 38;

/**
 * Truncates option text to `max` characters followed by an ellipsis ('…'); shorter text is unchanged.
 * Trailing spaces before the ellipsis are dropped.
 */
export function truncateOption(text: string, max: number = OPTION_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
