/**
 * The operations team's pages and data (/metrics, /ops/funnel), in every environment: refused unless
 * OPERATIONS_TOKEN is set and the request carries it, as `Authorization: Bearer <token>` (a Prometheus
 * scraper) or as the password of HTTP Basic, any user name (a person's browser asks for it). Without the
 * token set they answer 404, as if absent; a wrong or missing token is 401 with the Basic challenge. An
 * applicant's session opens nothing here. Compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config.ts';
import { sendNotFoundProblem } from './http-problem.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The token an Authorization header carries (Bearer, or Basic's password), if any. */
export function operationsTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer (.+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization);
  if (!basic) return undefined;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

/** An onRequest hook that lets only the holder of OPERATIONS_TOKEN through. */
export function operationsOnly(config: Pick<AppConfig, 'operationsToken'>): onRequestHookHandler {
  const expected = config.operationsToken ? digest(config.operationsToken) : undefined;
  return async function operationsOnlyHook(request: FastifyRequest, reply: FastifyReply) {
    if (!expected) return sendNotFoundProblem(request, reply);
    const given = operationsTokenOf(request.headers.authorization);
    if (given !== undefined && timingSafeEqual(digest(given), expected)) return;
    reply.header('www-authenticate', 'Basic realm="omo operations", charset="UTF-8"');
    reply.header('cache-control', 'no-store');
    return reply.code(401).type('text/plain; charset=utf-8').send('Unauthorized');
  };
}
