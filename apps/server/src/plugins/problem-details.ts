/**
 * Every error leaves the server as RFC 9457 problem details (application/problem+json): validation
 * failures with their field issues, Fastify's own 4xx errors (bad JSON, wrong media type, body too
 * large, rate limit) with their status, and anything else as a logged 500 whose detail says nothing of
 * the cause. Modules throw `HttpProblem` for the errors they decide.
 */
import { formatMessage, isMessageKey, type ProblemDetails } from '@omo/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../lib/connection-errors.ts';
import type { DependencyStatus } from '../lib/dependency-status.ts';
import { isDatabaseError } from '../logger.ts';

const STATUS: Record<number, { title: string; type: string }> = {
  400: { title: 'Bad Request', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1' },
  401: { title: 'Unauthorized', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.2' },
  403: { title: 'Forbidden', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.4' },
  404: { title: 'Not Found', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5' },
  405: { title: 'Method Not Allowed', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.6' },
  406: { title: 'Not Acceptable', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.7' },
  409: { title: 'Conflict', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.10' },
  410: { title: 'Gone', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.11' },
  413: { title: 'Content Too Large', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.14' },
  415: { title: 'Unsupported Media Type', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.16' },
  422: { title: 'Unprocessable Content', type: 'https://tools.ietf.org/html/rfc9110#section-15.5.21' },
  429: { title: 'Too Many Requests', type: 'https://tools.ietf.org/html/rfc6585#section-4' },
  500: { title: 'Internal Server Error', type: 'https://tools.ietf.org/html/rfc9110#section-15.6.1' },
  502: { title: 'Bad Gateway', type: 'https://tools.ietf.org/html/rfc9110#section-15.6.3' },
  503: { title: 'Service Unavailable', type: 'https://tools.ietf.org/html/rfc9110#section-15.6.4' },
  504: { title: 'Gateway Timeout', type: 'https://tools.ietf.org/html/rfc9110#section-15.6.5' },
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
export const VALIDATION_DETAIL = 'One or more validation errors occurred.';
export const INTERNAL_DETAIL = 'An unexpected server error occurred.';
export const UNSTORABLE_TEXT_DETAIL = 'The request holds characters that cannot be stored.';
export const UNAVAILABLE_DETAIL = 'The service is briefly unavailable. Try again in a few seconds.';
/** Seconds a client should wait before trying again a request refused while the database was away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/**
 * SQLSTATEs of text PostgreSQL cannot read or store (22021 a NUL, 22P05 a NUL in JSON, 22P02 an unpaired
 * surrogate in JSON or text that is not of the column's type): the request's fault, so 400, should such
 * text get past the domain schemas.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P02', '22P05']);
const NULL_PARAMETER = /^The parameter '[^']+' cannot be null\.$/;

type FieldError = NonNullable<ProblemDetails['errors']>[number];

/** An error a module raises on purpose; it becomes problem details with its status and detail. */
export class HttpProblem extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly title: string | undefined;
  readonly nextPath: string | undefined;

  constructor(
    statusCode: number,
    detail: string,
    options: { errors?: FieldError[]; title?: string; nextPath?: string } = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.title = options.title;
    this.nextPath = options.nextPath;
  }
}

/** Builds a problem-details object for a request. */
export function buildProblem(
  request: FastifyRequest,
  status: number,
  detail: string,
  extras: {
    errors?: FieldError[] | undefined;
    title?: string | undefined;
    nextPath?: string | undefined;
  } = {},
): ProblemDetails {
  const known = STATUS[status] ?? STATUS[status >= 500 ? 500 : 400]!;
  return {
    type: known.type,
    title: extras.title ?? known.title,
    status,
    detail,
    instance: request.url.split('?')[0] ?? request.url,
    ...(extras.errors ? { errors: extras.errors } : {}),
    ...(extras.nextPath ? { nextPath: extras.nextPath } : {}),
  };
}

/** Sends a problem-details reply. */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string,
  extras: {
    errors?: FieldError[] | undefined;
    title?: string | undefined;
    nextPath?: string | undefined;
  } = {},
): FastifyReply {
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(buildProblem(request, status, detail, extras));
}

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

/**
 * The field error of a per-minute limit's 429: its key is what a page shows, in the applicant's language
 * (the limiter's own detail is English).
 */
export function tooManyRequestsErrors(): FieldError[] {
  return [{ path: '', key: 'api.tooManyRequests', message: formatMessage('api.tooManyRequests', 'en') }];
}

/** A per-minute limit a module reports itself (a provider's own rate limit). */
export function tooManyRequests(): HttpProblem {
  return new HttpProblem(429, formatMessage('api.tooManyRequests', 'en'), {
    errors: tooManyRequestsErrors(),
  });
}

/** The 404 answer for an unknown API path or method. */
export function sendNotFoundProblem(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(
    request,
    reply,
    404,
    `No resource at ${request.method} ${request.url.split('?')[0] ?? ''}.`,
  );
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
