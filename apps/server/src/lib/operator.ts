/**
 * Operator-only calls (ClearCache, the OpenAPI document). Outside production they are open, as the
 * developer tools are. In production they answer 404, as if absent, unless OPERATOR_TOKEN is set and the
 * request carries it as `Authorization: Bearer <token>` (compared in constant time).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config.ts';
import { sendNotFoundProblem } from './http-problem.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** An onRequest hook that lets only an operator through in production. */
export function operatorOnly(
  config: Pick<AppConfig, 'isProduction' | 'operatorToken'>,
): onRequestHookHandler {
  const expected = config.operatorToken ? digest(`Bearer ${config.operatorToken}`) : undefined;
  return async function operatorOnlyHook(request: FastifyRequest, reply: FastifyReply) {
    if (!config.isProduction) return;
    const given = request.headers.authorization;
    if (expected && given !== undefined && timingSafeEqual(digest(given), expected)) return;
    return sendNotFoundProblem(request, reply);
  };
}
