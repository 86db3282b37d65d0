/**
 * The joint invitation: when the primary applicant names a co-applicant and submits, the co-applicant is
 * e-mailed a link with a joint code. The code works for 7 days (the co-applicant must finish within them),
 * for this application and this co-applicant only, and stops working once the joint application is
 * decided. Two days before it ends the co-applicant is reminded; once it has ended the primary is offered
 * to go on alone (apply as single).
 */
import { normalize } from '../reference/named-code.ts';

/** Days the co-applicant has to finish (spec 001 §2.10, §9). */
export const JOINT_INVITATION_DAYS = 7;
/** Days before the end of the invitation when the co-applicant is reminded. */
export const JOINT_REMINDER_DAYS_BEFORE = 2;
/** Random bytes of a joint code or an apply-as-single code (256 bits). */
export const INVITATION_CODE_BYTES = 32;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an invitation made at `createdAt` ends. */
export function invitationExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + JOINT_INVITATION_DAYS * DAY_MS);
}

/** When the co-applicant of an invitation ending at `expiresAt` is reminded. */
export function invitationReminderAt(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - JOINT_REMINDER_DAYS_BEFORE * DAY_MS);
}

/** True once an invitation has ended. */
export function isInvitationExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** Days the apply-as-single link sent to the primary once the invitation ended keeps working. */
export const APPLY_AS_SINGLE_DAYS = 14;

/** Lookups of one joint code within an hour before it is refused (429) for the rest of the hour. */
export const JOINT_CODE_LOOKUPS_PER_HOUR = 20;

/** A name as compared with the invited one: accents, case and repeated spaces ignored. */
const comparableName = (name: string) => normalize(name).replace(/\s+/g, ' ');

/**
 * True when the legal name the co-applicant gave is the name the primary invited (first and last name;
 * case, accents and spacing ignored). A different name is held for the credit union's review.
 */
export function isInvitedName(
  invited: { firstName: string; lastName: string },
  given: { firstName: string; lastName: string },
): boolean {
  return (
    comparableName(invited.firstName) === comparableName(given.firstName) &&
    comparableName(invited.lastName) === comparableName(given.lastName)
  );
}

/** Minutes the code e-mailed to the invited address works (it proves the co-applicant holds it). */
export const JOINT_EMAIL_CODE_MINUTES = 10;
/** Wrong entries of one e-mail code before it stops working (a new code must be sent). */
export const JOINT_EMAIL_CODE_TRIES = 3;
/** E-mail codes one invitation may send. */
export const JOINT_EMAIL_CODES_PER_INVITATION = 5;
