/** Where a request comes from: the site's own origins, and whether a browser sent it from another site. */
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request the site itself (or the user, typing an address) started. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the site answers state-changing requests from: PUBLIC_URL's, and when that is a loopback
 * address, the same port under the other loopback names (a developer may open 127.0.0.1 or localhost).
 */
export function ownOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (isLoopbackHost(url.hostname)) {
    for (const name of LOOPBACK_NAMES) {
      const alias = new URL(url.origin);
      alias.hostname = name;
      origins.add(alias.origin);
    }
  }
  return origins;
}

/** True when the request is an unsafe method sent by a page of another origin. */
export function isCrossSiteRequest(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined && !origins.has(origin)) return true;
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && !OWN_FETCH_SITES.has(site);
}
