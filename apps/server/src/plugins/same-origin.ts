/**
 * Cross-site requests. A browser tells where a request comes from: `Origin` on every unsafe request, and
 * `Sec-Fetch-Site` in current browsers. A request with an unsafe method (anything but GET, HEAD and OPTIONS)
 * is refused with 403 when its Origin is not the site's own (PUBLIC_URL) or Sec-Fetch-Site says another site
 * sent it. A request with neither header is no browser's cross-site request (curl, a partner's server) and
 * passes; the session cookie's SameSite=Lax is the second line.
 *
 * Bodies are JSON only: the text/plain parser Fastify adds by default is removed, so a form post or a
 * no-cors fetch (text/plain, form-urlencoded, multipart) answers 415 wherever a body is read.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost, type AppConfig } from '../config.ts';
import { sendProblem } from '../lib/http-problem.ts';

export const CROSS_SITE_DETAIL = 'Cross-site request refused.';

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

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const origins = ownOrigins(config.publicUrl);
    app.removeContentTypeParser('text/plain');
    app.addHook(
      'onRequest',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        if (!isCrossSiteRequest(request, origins)) return done();
        request.log.info(
          { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] },
          'cross-site request refused',
        );
        sendProblem(request, reply, 403, CROSS_SITE_DETAIL);
      },
    );
  },
  { name: 'same-origin', dependencies: ['problem-details'] },
);
