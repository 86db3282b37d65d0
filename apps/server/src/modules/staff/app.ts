/**
 * The staff back office's own Fastify app (decision 0072): a second listener of the same process, on
 * STAFF_PORT, sharing the applicant app's database and services but none of its routes, cookies or
 * session. Its origin differs from the applicant site's, so the browser's same-origin policy keeps the
 * applicant's pages from reading it; in production it has a host name of its own (STAFF_PUBLIC_URL) and a
 * __Host- cookie. The embedded OpenID provider is mounted on it at /oidc when none is configured.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { CSP_DIRECTIVES, trustProxyOption } from '../../app.ts';
import problemDetailsPlugin, { sendNotFoundProblem } from '../../plugins/problem-details.ts';
import securityHeadersPlugin from '../../plugins/security-headers.ts';
import { registerStaffAuth } from './auth.ts';
import { mountEmbeddedOidc } from './embedded-oidc.ts';
import staffRoutes from './routes.ts';
import { createStaffService } from './service.ts';

const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the staff app on the applicant app's services (not listening; server.ts listens). */
export async function buildStaffApp(config: AppConfig, main: FastifyInstance): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: main.log.child({ listener: 'staff' }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', main.db);

  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...CSP_DIRECTIVES, imgSrc: ["'self'", 'data:'] },
      },
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    },
  });
  await app.register(fastifyCookie);
  await app.register(problemDetailsPlugin);
  app.removeContentTypeParser('text/plain');

  const embedded = config.staff.oidc ? undefined : await mountEmbeddedOidc(app, config.staff.publicUrl);
  await registerStaffAuth(app, { config, db: main.db, embedded });
  const service = createStaffService({
    db: main.db,
    mail: main.mail,
    decisions: main.decisions,
    sin: main.ciphers.sin,
    log: app.log,
  });
  await app.register(staffRoutes, { service, digests: main.ciphers.digests });

  app.setNotFoundHandler((request, reply) => sendNotFoundProblem(request, reply));
  return app;
}
