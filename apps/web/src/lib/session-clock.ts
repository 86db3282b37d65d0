/**
 * When the applicant's session ends, as the server last said: every answer that used the session carries
 * the seconds left (SESSION_EXPIRES_IN_HEADER), and the session calls answer them too. The deadline is kept
 * on this browser's clock, counted from when the answer arrived, so the two clocks need not agree.
 */
import { useSyncExternalStore } from 'react';

let deadline: number | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The server said the session ends in `seconds`, unless it is used again. */
export function noteSessionExpiresIn(seconds: number): void {
  deadline = Date.now() + seconds * 1000;
  notify();
}

/** The session ended (exit, expiry): no deadline any more. */
export function forgetSession(): void {
  deadline = null;
  notify();
}

/** The time (ms since the epoch, this browser's clock) the session ends, or null when none is known. */
function findSessionDeadline(): number | null {
  return deadline;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React view of the deadline. */
export function useSessionDeadline(): number | null {
  return useSyncExternalStore(subscribe, findSessionDeadline, () => null);
}
