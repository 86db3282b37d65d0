/**
 * pino options for Fastify. Secrets never reach the log: the paths below are censored wherever the
 * key appears at the top level or up to three levels down (fast-redact wildcards), the cookie and
 * authorization headers are removed, every query-string value but a few harmless ones is masked in the
 * logged URL, and a logged error keeps only its kind, message and stack (a database error not even its
 * message, which can quote the value it refused, and never its query or parameters). Pretty printing only
 * in development on a terminal.
 */
import type { DestinationStream, LoggerOptions } from 'pino';
import type { AppConfig } from './config.ts';

/** Keys whose values are never logged. */
const REDACTED_KEYS = [
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
  // The one-time tokens of the resume and unsubscribe links (decision 0068).
  'token',
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
const REDACT_PATHS: string[] = [
  ...REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
  ...CODE_PATHS,
  ...HEADER_PATHS,
];

/** Query parameters whose values say nothing of an applicant; every other value is masked in the log. */
const LOGGED_QUERY_PARAMETERS = new Set(['prodcodes', 'languagepreference', 'maxsuggestions']);

/**
 * Masks the query-string values of a URL before it is logged, but for the few harmless parameters: the
 * others carry codes, address-search terms and address ids. A bare name (no '=') is masked too.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const end = url.indexOf('#', start) === -1 ? url.length : url.indexOf('#', start);
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const eq = part.indexOf('=');
      if (eq === -1) return '[Redacted]';
      const name = part.slice(0, eq);
      return LOGGED_QUERY_PARAMETERS.has(name.toLowerCase()) ? part : `${name}=[Redacted]`;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}`;
}

/** Error properties that are safe to log (system errors' code and address included). */
const LOGGED_ERROR_FIELDS = ['code', 'statusCode', 'errno', 'syscall', 'address', 'port'] as const;
/** Fields of a PostgreSQL error (node-postgres and PGlite) that name where it failed, not what was sent. */
const LOGGED_DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'];

/** A PostgreSQL error: a five-character SQLSTATE code and the server's severity or routine. */
export function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as unknown as Record<string, unknown>;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e);
}

/** The stack's frames without its first lines, which repeat the message. */
function framesOf(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const at = stack.indexOf('\n    at ');
  return at === -1 ? undefined : stack.slice(at + 1);
}

/**
 * The logged form of an error: type, message, stack, a few known fields and its cause. A database error
 * keeps only its SQLSTATE and location: its message and detail can quote a refused value, and some drivers
 * attach the query and its parameters (an e-mail, a password hash, an address).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? 'Error' };
  if (isDatabaseError(e)) {
    out.message = `database error ${String(e.code)}`;
    for (const f of LOGGED_DATABASE_FIELDS) if (typeof e[f] === 'string') out[f] = e[f];
    out.stack = framesOf(e.stack);
  } else {
    out.message = e.message;
    out.stack = e.stack;
    for (const f of LOGGED_ERROR_FIELDS) {
      if (typeof e[f] === 'string' || typeof e[f] === 'number') out[f] = e[f];
    }
  }
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Where a request's logger keeps the fields Fastify binds to it (its request id). */
const REQUEST_BINDINGS = Symbol('requestBindings');

type RequestLogger<L> = L & { [REQUEST_BINDINGS]?: Record<string, unknown> };

/**
 * Fastify's `childLoggerFactory`: the logger of one request, whose lines carry its request id. The id is
 * added to a line as it is written (the `mixin` below), not bound when the logger is made: pino passes
 * each bound value through every redaction path, a tenth of a cached catalogue read, for a line that,
 * at the usual levels, is rarely written.
 */
export function requestChildLogger<L extends { child(bindings: object, options?: object): L }>(
  logger: L,
  bindings: Record<string, unknown>,
  options: object,
): L {
  const child: RequestLogger<L> = logger.child({}, options);
  child[REQUEST_BINDINGS] = bindings;
  return child;
}

interface LoggerSetup {
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
    // A request's id (requestChildLogger), first on each of its lines; a copy, as pino merges into it.
    mixin: (_object, _level, logger) => ({ ...(logger as RequestLogger<object>)[REQUEST_BINDINGS] }),
    serializers: {
      err: (error: unknown) => serializeError(error),
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
