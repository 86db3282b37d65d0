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

/** One partner call as the metrics count it: which partner, through which adapter, and how it ended. */
export interface PartnerCall {
  provider: string;
  adapter: string;
  operation: string;
  /** 'ok', the failure's code, or 'error' when the call threw. */
  result: string;
  seconds: number;
}

/**
 * The provider with each of its calls timed and told to `observe` (the metrics), answers and errors passed
 * on unchanged. A call answering a ProviderResult ends as 'ok' or its failure's code.
 */
export function observeCalls<T extends object>(
  provider: string,
  target: T,
  observe: (call: PartnerCall) => void,
): T {
  const adapter = String((target as { name?: unknown }).name ?? provider);
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        const done = (result: string) =>
          observe({
            provider,
            adapter,
            operation: property,
            result,
            seconds: (performance.now() - started) / 1000,
          });
        const resultOf = (answer: unknown) => {
          const failure = (answer as { ok?: unknown; failure?: { code?: unknown } } | null) ?? {};
          return failure.ok === false ? String(failure.failure?.code ?? 'failure') : 'ok';
        };
        try {
          const answer: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
          if (answer instanceof Promise) {
            return answer.then(
              (settled: unknown) => {
                done(resultOf(settled));
                return settled;
              },
              (error: unknown) => {
                done('error');
                throw error;
              },
            );
          }
          done(resultOf(answer));
          return answer;
        } catch (error) {
          done('error');
          throw error;
        }
      };
    },
  });
}
