/** What a provider call answers: its value, or a typed failure (never a thrown vendor error). */
export type ProviderResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };

import type { OutageKind } from './http.ts';

/** A failure a provider reports: our code for it, a message for the logs, the vendor's status if any. */
export interface ProviderFailure<C extends string> {
  code: C;
  /** For the logs only: never shown to applicants, never holding personal data. */
  message: string;
  httpStatus?: number;
  /** When the partner gave no usable answer: why (timeout, unreachable, HTTP error, malformed answer). */
  kind?: OutageKind;
}
