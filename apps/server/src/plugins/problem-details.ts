/**
 * Every error leaves the server as RFC 9457 problem details (application/problem+json): validation
 * failures with their field issues, Fastify's own 4xx errors (bad JSON, wrong media type, body too
 * large, rate limit) with their status, and anything else as a logged 500 whose detail says nothing of
 * the cause. Modules throw `HttpProblem` (lib/http-problem.ts) for the errors they decide.
 */
import { formatMessage, isMessageKey } from '@omo/domain';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../lib/connection-errors.ts';
import type { DependencyStatus } from '../lib/dependency-status.ts';
import {
  HttpProblem,
  sendProblem,
  tooManyRequestsErrors,
  UNAVAILABLE_DETAIL,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  INTERNAL_DETAIL,
  UNSTORABLE_TEXT_DETAIL,
  VALIDATION_DETAIL,
  type FieldError,
} from '../lib/http-problem.ts';
import { isDatabaseError } from '../logger.ts';

// modules/application still imports these from here; the others take them from lib/http-problem.ts.
export { HttpProblem, VALIDATION_DETAIL };

/**
 * SQLSTATEs of text PostgreSQL cannot read or store (22021 a NUL, 22P05 a NUL in JSON, 22P02 an unpaired
 * surrogate in JSON or text that is not of the column's type): the request's fault, so 400, should such
 * text get past the domain schemas.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P02', '22P05']);
const NULL_PARAMETER = /^The parameter '[^']+' cannot be null\.$/;

/** Field issues of a schema-validation error; messages that are MessageKeys are sent with their English text. */
function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((v) => {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const message = v.message ?? 'Invalid value';
    return isMessageKey(message)
      ? { path, message: formatMessage(message, 'en'), key: message }
      : { path, message };
  });
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpProblem) {
        // A call refused in the application's state (a step out of order, a submitted application) is
        // logged here, for every route: its kind, route and where the applicant was sent, never the
        // body nor the detail (no personal data).
        if (error.statusCode === 409) {
          request.log.info(
            {
              status: 409,
              title: error.title,
              method: request.method,
              route: request.routeOptions.url,
              nextPath: error.nextPath,
            },
            'request refused in its state',
          );
        }
        return sendProblem(request, reply, error.statusCode, error.message, {
          errors: error.errors,
          title: error.title,
          nextPath: error.nextPath,
        });
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        const errors = fieldErrors(error);
        const nullParameter = errors.find((e) => NULL_PARAMETER.test(e.message));
        request.log.info({ validationContext: error.validationContext, errors }, 'request validation failed');
        return sendProblem(request, reply, 400, nullParameter?.message ?? VALIDATION_DETAIL, { errors });
      }
      if (isDatabaseError(error) && UNSTORABLE_TEXT_CODES.has(String(error.code))) {
        request.log.info({ err: error }, 'request refused by the database: unstorable text');
        return sendProblem(request, reply, 400, UNSTORABLE_TEXT_DETAIL);
      }
      // The database was lost under the request (a restart, a failover): its transaction was rolled back,
      // so the same request may be sent again. Logged once per outage by the database's status.
      if (isConnectionError(error)) {
        (request.server as { dbStatus?: DependencyStatus }).dbStatus?.lost(error);
        reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return sendProblem(request, reply, 503, UNAVAILABLE_DETAIL);
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ errorCode: error.code, status }, error.message);
        return sendProblem(request, reply, status, error.message, {
          errors: status === 429 ? tooManyRequestsErrors() : undefined,
        });
      }
      request.log.error({ err: error }, 'request failed');
      return sendProblem(request, reply, status >= 500 && status < 600 ? status : 500, INTERNAL_DETAIL);
    });
  },
  { name: 'problem-details' },
);
