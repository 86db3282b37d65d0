/**
 * The providers' and services' clock. One mutable object per app so tests can move time (expiry,
 * hourly ceilings) without touching the system clock.
 */
export interface Clock {
  now(): Date;
}

/** The system clock (replace `now` in tests). */
export function createSystemClock(): Clock {
  return { now: () => new Date() };
}
