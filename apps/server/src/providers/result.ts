/** What a provider call answers: its value, or a typed failure (never a thrown vendor error). */
export type ProviderResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };

/** A failure a provider reports: our code for it, a message for the logs, the vendor's status if any. */
export interface ProviderFailure<C extends string> {
  code: C;
  /** For the logs only: never shown to applicants, never holding personal data. */
  message: string;
  httpStatus?: number;
}

/** Reads a JSON answer, or undefined when the body is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
