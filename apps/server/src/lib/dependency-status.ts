/**
 * Whether a service the server leans on (the database, Redis) is reachable, as last seen. Each change is
 * logged once (lost at warn, back at info) with the kind of failure only: never the driver's error object,
 * which carries the connection settings and the query. The heartbeat reports it.
 */
import type { FastifyBaseLogger } from 'fastify';

export type DependencyState = 'Healthy' | 'Degraded';

export interface DependencyStatus {
  readonly state: DependencyState;
  /** Records a failure to reach it (logged once per outage). */
  lost(error: unknown): void;
  /** Records that it answered (logged once when it was lost). */
  reached(): void;
}

/** The kind of a failure, safe to log: a system or SQLSTATE code, else the error's class name. */
export function failureKind(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code)) return code;
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    if (/terminated|closed|not queryable/i.test(error.message)) return 'connectionClosed';
    return error.name;
  }
  return 'unknown';
}

export function createDependencyStatus(
  log: FastifyBaseLogger,
  messages: { dependency: string; lost: string; back: string },
): DependencyStatus {
  let state: DependencyState = 'Healthy';
  return {
    get state() {
      return state;
    },
    lost(error) {
      if (state === 'Degraded') return;
      state = 'Degraded';
      log.warn({ dependency: messages.dependency, failure: failureKind(error) }, messages.lost);
    },
    reached() {
      if (state === 'Healthy') return;
      state = 'Healthy';
      log.info({ dependency: messages.dependency }, messages.back);
    },
  };
}
