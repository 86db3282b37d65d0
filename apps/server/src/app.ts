/**
 * Builds the Fastify app as a composition of plugins, in this order (it matters):
 * 1. zod validator/serializer, so request validation and the OpenAPI document share the schemas;
 * 2. external plugins: security headers, compression, rate limit, cookies, OpenAPI;
 * 3. our infrastructure: problem details (error handler), cache, database (migrate + seed);
 * 4. the modules' routes (dev routes only outside production);
 * 5. the built web app and the not-found handler, last.
 * `buildApp` does not listen: src/server.ts does, and tests call `app.inject`.
 */
import type { PGlite } from '@electric-sql/pglite';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.ts';
import { buildLoggerOptions } from './logger.ts';
import addressLookupRoutes from './modules/address-lookup/routes.ts';
import apiConfigRoutes from './modules/api-config/routes.ts';
import applicationRoutes from './modules/application/routes.ts';
import { applicationServicePlugin } from './modules/application/service.ts';
import branchRoutes from './modules/branches/routes.ts';
import catalogueRoutes from './modules/catalogue/routes.ts';
import { catalogueServicePlugin } from './modules/catalogue/service.ts';
import devRoutes from './modules/dev/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import phoneVerificationRoutes from './modules/phone-verification/routes.ts';
import identityRoutes from './modules/identity/routes.ts';
import cachePlugin from './plugins/cache.ts';
import ciphersPlugin from './plugins/ciphers.ts';
import databasePlugin from './plugins/database.ts';
import problemDetailsPlugin from './plugins/problem-details.ts';
import sessionPlugin from './plugins/session.ts';
import spaPlugin from './plugins/spa.ts';
import providersPlugin from './providers/index.ts';

export interface BuildAppOptions {
  /** Log destination instead of stdout (tests capture the lines). */
  logStream?: DestinationStream;
  /** PostgreSQL only: work in this schema instead of the connection's default (tests). */
  databaseSchema?: string;
  /** Embedded database only: use this PGlite instance instead of opening one (tests start from a snapshot). */
  pglite?: PGlite;
  /** Requests per minute per IP across the API (default: config.rateLimitPerMinute). */
  rateLimitMax?: number;
}

export const OPENAPI_JSON_PATH = '/api/docs/json';

/**
 * Content-Security-Policy of every answer: the built SPA loads only its own files, plus the identity
 * provider's device-fingerprint script when one is configured; images may be the capture page's previews.
 */
export function cspDirectives(config: Pick<AppConfig, 'deviceFingerprint'>) {
  const fingerprint = config.deviceFingerprint.scriptUrl
    ? [new URL(config.deviceFingerprint.scriptUrl).origin]
    : [];
  return { ...CSP_DIRECTIVES, scriptSrc: ["'self'", ...fingerprint], connectSrc: ["'self'", ...fingerprint] };
}

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
};

/** Builds the app (not listening). The caller closes it. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: buildLoggerOptions(config, { stream: options.logStream }),
    trustProxy: config.isProduction,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Opening PGlite, migrating and seeding a new data folder can outlast the 10 s default on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins first.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.rateLimitMax ?? config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The limit guards the API; the web app's files are static and long-cached.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await app.register(fastifyCookie, config.sessionSecret ? { secret: config.sessionSecret } : {});
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.institutionName} — online membership API`,
        description: 'The omo API (spec 000 §7). Every error is application/problem+json.',
        version: config.buildNumber,
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  // Our infrastructure.
  await app.register(problemDetailsPlugin);
  await app.register(cachePlugin);
  await app.register(databasePlugin, { config, schema: options.databaseSchema, pglite: options.pglite });
  await app.register(catalogueServicePlugin);
  await app.register(ciphersPlugin, { config });
  await app.register(providersPlugin, { config });
  await app.register(applicationServicePlugin, { config });
  await app.register(sessionPlugin, { config });

  // Modules.
  await app.register(healthRoutes, { config });
  await app.register(apiConfigRoutes, { config });
  await app.register(catalogueRoutes);
  await app.register(branchRoutes);
  await app.register(applicationRoutes);
  await app.register(phoneVerificationRoutes, { config });
  await app.register(identityRoutes);
  await app.register(addressLookupRoutes);
  if (!config.isProduction) await app.register(devRoutes);

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());

  // The web app and the not-found handler last.
  await app.register(spaPlugin, { config });

  return app;
}
