/**
 * One HTTP call to a partner, bounded in time: the answer and its parsed JSON body, or why there was none.
 * A partner slower than the timeout is given up (the applicant is never held longer); what it may still do
 * with the request is each adapter's concern (an idempotency key, or a look-up before a retry).
 */

/**
 * Why a call got no usable answer (logged as the failure's kind):
 * - `timeout`: no answer within the timeout;
 * - `unreachable`: no connection (refused, reset, DNS);
 * - `httpError`: a 5xx (or another status the adapter does not expect);
 * - `malformed`: an answer that is not the JSON the adapter reads.
 */
export type OutageKind = 'timeout' | 'unreachable' | 'httpError' | 'malformed';

/** The default timeout of a partner call (PARTNER_TIMEOUT_SECONDS). */
export const DEFAULT_PARTNER_TIMEOUT_MS = 5_000;

type PartnerAnswer =
  | { ok: true; response: Response; body: unknown; bodyIsJson: boolean }
  | { ok: false; kind: 'timeout' | 'unreachable' };

/** Sends a request with a timeout; reads the body as JSON when it can (body undefined otherwise). */
export async function callPartner(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<PartnerAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { ...init, signal });
    // The body is read under the same deadline: a partner that sends headers then stalls is slow too.
    text = await response.text();
  } catch (error) {
    return { ok: false, kind: isTimeout(error, signal) ? 'timeout' : 'unreachable' };
  }
  if (text === '') return { ok: true, response, body: undefined, bodyIsJson: false };
  try {
    return { ok: true, response, body: JSON.parse(text) as unknown, bodyIsJson: true };
  } catch {
    return { ok: true, response, body: undefined, bodyIsJson: false };
  }
}

function isTimeout(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
