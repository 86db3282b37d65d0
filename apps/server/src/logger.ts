/**
 * pino options for Fastify. Secrets never reach the log: the paths below are censored wherever the
 * key appears at the top level or up to three levels down (fast-redact wildcards), the cookie and
 * authorization headers are removed, and query-string values of sensitive parameters are masked in the
 * logged URL. Pretty printing only in development on a terminal.
 */
import type { DestinationStream, LoggerOptions } from 'pino';
import type { AppConfig } from './config.ts';

/** Keys whose values are never logged. */
export const REDACTED_KEYS = [
  'password',
  'sin',
  'verificationCode',
  'birthDate',
  'dob_year',
  'dob_month',
  'dob_day',
  'idNo',
  'idNo2',
  'idNumber',
  'crsTin',
  'usTin',
  'crsUsTin',
] as const;

/**
 * `code` is a verification or joint code in request data, but also the error code of a logged `err`;
 * so it is censored only under the request-data keys, never as a wildcard.
 */
const CODE_PATHS = [
  'code',
  'body.code',
  'query.code',
  'params.code',
  'req.body.code',
  'req.query.code',
  'payload.code',
  'data.code',
];

const HEADER_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
];

/** Every redaction path: each key top-level and nested up to three levels. */
export const REDACT_PATHS: string[] = [
  ...REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
  ...CODE_PATHS,
  ...HEADER_PATHS,
];

const SENSITIVE_QUERY = /([?&](?:code|jointCode|sin|password|verificationCode)=)[^&#]*/gi;

/** Masks sensitive query-string values in a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, '$1[Redacted]');
}

export interface LoggerSetup {
  /** Where log lines go instead of stdout (tests capture them). */
  stream?: DestinationStream | undefined;
}

/** Builds the logger options Fastify is created with. */
export function buildLoggerOptions(
  config: AppConfig,
  setup: LoggerSetup = {},
): LoggerOptions & { stream?: DestinationStream } {
  const options: LoggerOptions & { stream?: DestinationStream } = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      // Fastify's request, reduced to what is safe; anything else logged under `req` passes through
      // (and through the redaction paths).
      req(request: { method?: unknown; url?: unknown; hostname?: unknown; ip?: unknown }) {
        if (typeof request?.url !== 'string' || typeof request.method !== 'string') return request;
        return {
          method: request.method,
          url: redactUrl(request.url),
          hostname: request.hostname,
          remoteAddress: request.ip,
        };
      },
    },
  };
  if (setup.stream) {
    options.stream = setup.stream;
  } else if (config.appEnv === 'development' && process.stdout.isTTY) {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
    };
  }
  return options;
}
