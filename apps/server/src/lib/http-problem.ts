/**
 * RFC 9457 problem details (application/problem+json): what a module throws for an error it decides
 * (`HttpProblem`) and how a reply carries one. The plugin (plugins/problem-details.ts) turns every error
 * into one of these.
 */
import { formatMessage, type ProblemDetails } from '@omo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
export const VALIDATION_DETAIL = 'One or more validation errors occurred.';
export const INTERNAL_DETAIL = 'An unexpected server error occurred.';
export const UNSTORABLE_TEXT_DETAIL = 'The request holds characters that cannot be stored.';
export const UNAVAILABLE_DETAIL = 'The service is briefly unavailable. Try again in a few seconds.';
/** Seconds a client should wait before trying again a request refused while the database was away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** The 401 of a call that needs an application in progress and has none. */
export const NO_APPLICATION_DETAIL = 'No application in progress.';
export type FieldError = NonNullable<ProblemDetails['errors']>[number];

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

/** What a problem may add to its status and detail. */
interface ProblemExtras {
  errors?: FieldError[] | undefined;
  title?: string | undefined;
  nextPath?: string | undefined;
}

/** Builds a problem-details object for a request. */
function buildProblem(
  request: FastifyRequest,
  status: number,
  detail: string,
  extras: ProblemExtras = {},
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
  extras: ProblemExtras = {},
): FastifyReply {
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(buildProblem(request, status, detail, extras));
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
