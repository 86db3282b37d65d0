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
import type { AppConfig } from '../config.ts';
import { isCrossSiteRequest, ownOrigins } from '../lib/origins.ts';
import { sendProblem } from '../lib/http-problem.ts';

const CROSS_SITE_DETAIL = 'Cross-site request refused.';

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
