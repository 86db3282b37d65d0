/**
 * The error pages' ids and paths (spec 001 §2.11), apart from the schemas so that the first screen can name
 * them without loading any.
 */

/** Error page ids (spec 001 §2.11). */
export const ERROR_IDS = {
  generic: 1,
  blockList: 2,
  loadFailure: 3,
  age: 4,
  jointExpired: 5,
  custom: 6,
} as const;
export type ErrorId = (typeof ERROR_IDS)[keyof typeof ERROR_IDS];

/**
 * Path of an error page: /error/{errId}, or /error without an id (failed code send, null identity result).
 * @param id the error id, omitted for the bare /error page
 */
export function errorRoute(id?: ErrorId): string {
  return id === undefined ? '/error' : `/error/${id}`;
}
