/**
 * ID in person (the inPerson outcome): the applicant shows one government photo ID at a branch or, with
 * the barcode of their request, at a post office, within IN_PERSON_ID_DAYS of the request (decision 0099).
 * The page and the e-mail state the same last day, in the credit union's time zone.
 */

/** Days an applicant has to show their ID in person, counted from their request. */
export const IN_PERSON_ID_DAYS = 30;

/** The time zone the credit union's days are counted in (the e-mails' dates too). */
export const CREDIT_UNION_TIME_ZONE = 'America/Toronto';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last day to show ID in person for a request made at `requestedAt`, as YYYY-MM-DD in the credit
 * union's time zone.
 */
export function inPersonIdShowBy(requestedAt: Date): string {
  const last = new Date(requestedAt.getTime() + IN_PERSON_ID_DAYS * DAY_MS);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: CREDIT_UNION_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(last);
}

/** A YYYY-MM-DD day as a reader of the language writes it: 'December 27, 2026' / '27 décembre 2026'. */
export function longDayOf(day: string, language: 'en' | 'fr'): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date, 12)));
}
