/** Dates of birth and the age limits. Nothing here reads the clock: every rule takes `today`. */
import type { ApplicationFlags } from '../application-flags.types.ts';
import type { MessageKey } from '../../messages/messages.ts';
import { ageOfMajorityOf } from '../../reference/provinces.ts';

/** Earliest accepted year of birth. */
export const YEAR_MIN = 1900;

/** True for a Gregorian leap year. */
function isLeapYear(year: number): boolean {
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
interface BirthDateFields {
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
const STUDENT_AGE_MIN = 18;
const STUDENT_AGE_MAX = 25;
const SENIOR_AGE_MIN = 60;
/** RRSP and FHSA: whole-year age above this fails (71 still passes, 72 fails). */
const REGISTERED_PLAN_AGE_MAX = 71;
/** Any product: whole-year age above this fails. */
const AGE_MAX = 110;

/**
 * Age of majority of a province or territory (reference §6.4). An unknown or missing province (e.g. before
 * the address step) gives 18, the lowest; the server checks again once the address is known.
 * @param province two-letter Canada Post code
 */
export function ageOfMajorityFor(province?: string | null): number {
  return ageOfMajorityOf(province) ?? 18;
}

/** An age-limit failure: the message and the date-of-birth field it is shown under. */
interface AgeLimitIssue {
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
