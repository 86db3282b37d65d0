/**
 * Builds the Fastify app as a composition of plugins, in this order (it matters):
 * 1. zod validator/serializer, so request validation and the OpenAPI document share the schemas;
 * 2. security headers (helmet's, worked out once), then external plugins: compression, rate limit (in Redis
 *    when REDIS_URL is set, in memory while it is away), cookies, OpenAPI;
 * 3. our infrastructure: problem details (error handler), cross-site refusal, Permissions-Policy, cache,
 *    database (migrate + seed);
 * 4. the modules' routes (dev routes only outside production);
 * 5. the built web app and the not-found handler, last.
 * `buildApp` does not listen: src/server.ts does, and tests call `app.inject`.
 */
import type { PGlite } from '@electric-sql/pglite';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.ts';
import { buildLoggerOptions, requestChildLogger } from './logger.ts';
import addressLookupRoutes from './modules/address-lookup/routes.ts';
import apiConfigRoutes from './modules/api-config/routes.ts';
import applicationRoutes from './modules/application/routes.ts';
import { applicantServicesPlugin } from './plugins/applicant-services.ts';
import branchRoutes from './modules/branches/routes.ts';
import catalogueRoutes from './modules/catalogue/routes.ts';
import { catalogueServicePlugin } from './modules/catalogue/service.ts';
import devRoutes from './modules/dev/routes.ts';
import decisionRoutes, { decisionServicePlugin } from './modules/decision/routes.ts';
import termsRoutes from './modules/terms/routes.ts';
import jointRoutes, { jointServicePlugin } from './modules/joint/routes.ts';
import { reminderServicePlugin } from './modules/reminders/plugin.ts';
import staffApplicantRoutes, { staffServicePlugin } from './modules/staff/applicant-routes.ts';
import resumeRoutes, { resumeServicePlugin } from './modules/resume/routes.ts';
import retentionPlugin from './modules/retention/plugin.ts';
import healthRoutes from './modules/health/routes.ts';
import metricsPlugin from './modules/metrics/plugin.ts';
import { createOutboxRepository } from './modules/outbox/repository.ts';
import { funnelServicePlugin, funnelViewRoutes } from './modules/funnel/plugin.ts';
import funnelPageRoutes from './modules/funnel/routes.ts';
import { mailServicePlugin } from './modules/mail/service.ts';
import phoneVerificationRoutes from './modules/phone-verification/routes.ts';
import sessionRoutes from './modules/session/routes.ts';
import identityRoutes from './modules/identity/routes.ts';
import { handOffRoutes, handOffServicePlugin } from './modules/identity/hand-off-routes.ts';
import inPersonIdRoutes from './modules/in-person-id/routes.ts';
import { identityRetryPlugin } from './modules/identity/retry.ts';
import cachePlugin from './plugins/cache.ts';
import ciphersPlugin from './plugins/ciphers.ts';
import databasePlugin from './plugins/database.ts';
import jobsPlugin from './plugins/jobs.ts';
import { operatorOnly } from './lib/operator.ts';
import permissionsPolicyPlugin from './plugins/permissions-policy.ts';
import problemDetailsPlugin from './plugins/problem-details.ts';
import { createRateLimitStore } from './plugins/rate-limit-store.ts';
import sameOriginPlugin from './plugins/same-origin.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import sessionPlugin from './plugins/session.ts';
import spaPlugin from './plugins/spa.ts';
import { buildStaffApp } from './staff-app.ts';
import { CSP_DIRECTIVES, trustProxyOption } from './lib/http-options.ts';
import { isOnInternalBlockList } from './modules/staff/block-list.ts';
import providersPlugin from './providers/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff back office's app (its own listener). */
    staff: FastifyInstance;
  }
}

export interface BuildAppOptions {
  /** Log destination instead of stdout (tests capture the lines). */
  logStream?: DestinationStream;
  /** PostgreSQL only: work in this schema instead of the connection's default (tests). */
  databaseSchema?: string;
  /** Embedded database only: use this PGlite instance instead of opening one (tests start from a snapshot). */
  pglite?: PGlite;
  /** Requests per minute per IP across the API (default: config.rateLimitPerMinute). */
  rateLimitMax?: number;
  /** Prefix of the rate-limit keys in Redis (default: RATE_LIMIT_NAMESPACE); tests keep theirs apart. */
  rateLimitNamespace?: string;
}

/** Prefix of the shared rate-limit counters in Redis. */
const RATE_LIMIT_NAMESPACE = 'omo-rate-limit-';

const OPENAPI_JSON_PATH = '/api/docs/json';

/**
 * Content-Security-Policy of every answer: the built SPA loads only its own files, plus the identity
 * provider's device-fingerprint script when one is configured; images may be the capture page's previews.
 */
function cspDirectives(config: Pick<AppConfig, 'deviceFingerprint'>) {
  const fingerprint = config.deviceFingerprint.scriptUrl
    ? [new URL(config.deviceFingerprint.scriptUrl).origin]
    : [];
  return { ...CSP_DIRECTIVES, scriptSrc: ["'self'", ...fingerprint], connectSrc: ["'self'", ...fingerprint] };
}

/** The zod compilers, as Fastify's factories of compilers (typed there for ajv's). */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the app (not listening). The caller closes it. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: buildLoggerOptions(config, { stream: options.logStream }),
    childLoggerFactory: requestChildLogger,
    // Only the configured proxies may name the client's address (X-Forwarded-For); none by default.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Opening PGlite, migrating and seeding a new data folder can outlast the 10 s default on a busy machine.
    pluginTimeout: 120_000,
    // zod validates and serialises every route: Fastify's own compilers (ajv, fast-json-stringify) are
    // never loaded, which saves a fifth of a start.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins first.
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    },
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  const { store } = await createRateLimitStore(
    app,
    config.redisUrl,
    options.rateLimitNamespace ?? RATE_LIMIT_NAMESPACE,
  );
  // A call's own, tighter limit scaled for the browser suites (RATE_LIMIT_ROUTE_FACTOR, 1 in production);
  // added before the rate-limit plugin so that it reads the scaled value.
  const routeFactor = config.rateLimitRouteFactor;
  if (routeFactor !== 1) {
    app.addHook('onRoute', (route) => {
      const own = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
      if (own && typeof own.max === 'number') own.max *= routeFactor;
    });
  }
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.rateLimitMax ?? config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The limit guards the API; the web app's files are static and long-cached.
    allowList: (request) => !request.url.startsWith('/api/'),
    // Several processes share one count per client through Redis; while Redis is away, each counts in
    // its own memory (plugins/rate-limit-store.ts).
    ...(store ? { store } : {}),
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
  await app.register(sameOriginPlugin, { config });
  await app.register(permissionsPolicyPlugin);
  await app.register(cachePlugin);
  await app.register(databasePlugin, { config, schema: options.databaseSchema, pglite: options.pglite });
  await app.register(metricsPlugin, { config });
  await app.register(catalogueServicePlugin);
  await app.register(ciphersPlugin, { config });
  await app.register(providersPlugin, {
    config,
    outboxOf: createOutboxRepository,
    internalBlockList: isOnInternalBlockList,
  });
  await app.register(jobsPlugin, { config });
  await app.register(mailServicePlugin, { config });
  await app.register(applicantServicesPlugin, { config });
  await app.register(identityRetryPlugin);
  await app.register(jointServicePlugin, { config });
  await app.register(decisionServicePlugin, { config });
  await app.register(retentionPlugin, { config });
  await app.register(sessionPlugin, { config });
  await app.register(funnelServicePlugin);
  await app.register(handOffServicePlugin, { config });
  await app.register(resumeServicePlugin, { config });
  await app.register(reminderServicePlugin, { config });
  await app.register(staffServicePlugin, { config });

  // Modules.
  await app.register(healthRoutes, { config });
  await app.register(apiConfigRoutes, { config });
  await app.register(catalogueRoutes, { config });
  await app.register(branchRoutes);
  await app.register(applicationRoutes);
  await app.register(sessionRoutes);
  await app.register(decisionRoutes);
  await app.register(termsRoutes, { config });
  await app.register(jointRoutes, { config });
  await app.register(resumeRoutes);
  await app.register(phoneVerificationRoutes);
  await app.register(identityRoutes);
  await app.register(handOffRoutes);
  await app.register(inPersonIdRoutes);
  await app.register(staffApplicantRoutes);
  await app.register(addressLookupRoutes);
  await app.register(funnelViewRoutes);
  await app.register(funnelPageRoutes, { config });
  if (!config.isProduction) await app.register(devRoutes);

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true }, onRequest: operatorOnly(config) }, async () =>
    app.swagger(),
  );

  // The web app and the not-found handler last.
  await app.register(spaPlugin, { config });

  // The staff back office: a second app on its own listener (STAFF_PORT), readied and closed with this one.
  const staff = await buildStaffApp(config, app);
  app.decorate('staff', staff);
  app.addHook('onReady', async () => {
    await staff.ready();
  });
  app.addHook('onClose', async () => {
    await staff.close();
  });

  return app;
}
