/**
 * The applicant's session calls (under /api/omo/Session): its status, Stay signed in, the landing's
 * arrival and Exit; with what a lost session means. Small, for the first screen: the steps' calls are in
 * application-api.ts.
 */
import { APPLICATION_API_PATHS, type SessionArrival, type SessionStatus } from '@omo/domain';
import { ApiError, apiRequest } from './api.ts';
import { noteSessionExpiresIn } from './session-clock.ts';
import { findSlice } from './session-state.ts';

const P = APPLICATION_API_PATHS;

/** GET Session: when the session ends and when to warn (reading it does not extend it). @throws 401 */
export async function getSessionStatus(signal?: AbortSignal): Promise<SessionStatus> {
  const status = await apiRequest<SessionStatus>(P.session, { signal });
  noteSessionExpiresIn(status.expiresInSeconds);
  return status;
}

/** POST Session/Extend ('Stay signed in'). @throws ApiError 401 when the session has already ended. */
export async function extendSession(): Promise<SessionStatus> {
  const status = await apiRequest<SessionStatus>(P.sessionExtend, { method: 'POST' });
  noteSessionExpiresIn(status.expiresInSeconds);
  return status;
}

/**
 * POST Session/Arrival (the landing page): the server ends a submitted application's session, and answers
 * where a draft in progress on this device continues (null when there is none).
 */
export async function arriveOnLanding(signal?: AbortSignal): Promise<string | null> {
  const arrival = await apiRequest<SessionArrival>(P.sessionArrival, { method: 'POST', signal });
  return arrival.hasDraft ? arrival.nextPath : null;
}

/** POST Session/End ('Exit'): the session ends on the server and its cookie is cleared. */
export async function endSession(): Promise<void> {
  await apiRequest<null>(P.sessionEnd, { method: 'POST' });
}

/** True for an ApiError with this status. */
export function isApiStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/**
 * Where an applicant goes when the server no longer knows their session (401: never started, or idle too
 * long): the start page with the same products and sweep choice, told why (`session=ended`).
 */
export function sessionEndedPath(): string {
  const application = findSlice('application');
  const params = new URLSearchParams();
  const ids = application?.selectedProducts.map((p) => p.productID) ?? [];
  if (ids.length > 0) params.set('productIds', ids.join(';'));
  if (application?.sweepEnabled) params.set('sweep', 'true');
  params.set('session', 'ended');
  return `/?${params.toString().replace(/%3B/g, ';')}`;
}
