import { LANGUAGE_COOKIE, type Language } from '@omo/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The language of what the server sends an applicant on a request (a code by SMS or call, the identity
 * provider's pages): the one they chose in the app (its cookie), else their browser's first language,
 * else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (chosen === 'fr' || chosen === 'en') return chosen;
  return /^\s*fr\b/i.test(request.headers['accept-language'] ?? '') ? 'fr' : 'en';
}
