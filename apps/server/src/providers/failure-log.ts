/**
 * Every failure a partner answers is logged once, here, where each adapter is handed to the services: at
 * warn when the partner did not do its job (no answer, an HTTP error, a malformed answer, refused
 * credentials, its own limits or account), at info when it refused the request on its merits (a wrong
 * code, a landline, an unknown address id). The line names the partner, the provider, the operation and
 * the kind of failure: never the request, the vendor's message (it can quote a number) or personal data.
 * The services do not log these failures again.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Failure codes that are the partner's fault or an outage (warn); any failure with a `kind` is one too. */
const OUTAGE_CODES = new Set([
  'unavailable',
  'unauthorized',
  'rateLimited',
  'unknownKey',
  'outOfCredit',
  'notAllowed',
  'dailyLimit',
  'unknown',
  'invalidRequest',
  // The core banking refused the membership request: ours to fix, the decision retries meanwhile.
  'rejected',
]);

interface LoggedFailure {
  code?: unknown;
  kind?: unknown;
  httpStatus?: unknown;
  vendorCode?: unknown;
  error?: unknown;
}

function logFailure(
  log: FastifyBaseLogger,
  partner: string,
  provider: string,
  operation: string,
  failure: LoggedFailure,
): void {
  const fields = {
    partner,
    provider,
    operation,
    failure: failure.code,
    ...(failure.kind ? { kind: failure.kind } : {}),
    ...(typeof failure.httpStatus === 'number' ? { httpStatus: failure.httpStatus } : {}),
    ...(typeof failure.vendorCode === 'number' ? { vendorCode: failure.vendorCode } : {}),
    // Canada Post's Error number ('2', '-1'): a code, not text.
    ...(typeof failure.error === 'string' && /^-?\d+$/.test(failure.error)
      ? { vendorCode: Number(failure.error) }
      : {}),
  };
  const isOutage = Boolean(failure.kind) || OUTAGE_CODES.has(String(failure.code));
  if (isOutage) log.warn(fields, 'partner call failed');
  else log.info(fields, 'partner refused the request');
}

function failureOf(result: unknown): LoggedFailure | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as { ok?: unknown; failure?: unknown };
  return r.ok === false && typeof r.failure === 'object' && r.failure !== null
    ? (r.failure as LoggedFailure)
    : undefined;
}

/**
 * The provider with each of its methods logging the failures it answers (results `{ ok: false }`,
 * synchronous or not). Other properties pass through.
 * @param partner the partner's role ('phoneVerification', 'identity', …)
 */
export function withFailureLog<P extends { readonly name: string }>(
  provider: P,
  partner: string,
  log: FastifyBaseLogger,
): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        const check = (answer: unknown) => {
          const failure = failureOf(answer);
          if (failure) logFailure(log, partner, target.name, property, failure);
          return answer;
        };
        return result instanceof Promise ? result.then(check) : check(result);
      };
    },
  });
}
