import { LANGUAGE_COOKIE, type Language } from '@omo/domain';
import type { FastifyRequest } from 'fastify';

/** The language the applicant chose in the app (the cookie the app writes), if any. */
export function chosenLanguage(request: FastifyRequest): Language | undefined {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return chosen === 'fr' || chosen === 'en' ? chosen : undefined;
}

/**
 * The language of what the server sends an applicant on a request (a code by SMS or call, the identity
 * provider's pages): the one they chose in the app, else their browser's first language, else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    chosenLanguage(request) ?? (/^\s*fr\b/i.test(request.headers['accept-language'] ?? '') ? 'fr' : 'en')
  );
}
