/**
 * The staff back office's own Fastify app (decision 0072): a second listener of the same process, on
 * STAFF_PORT, sharing the applicant app's database and services but none of its routes, cookies or
 * session. Its origin differs from the applicant site's, so the browser's same-origin policy keeps the
 * applicant's pages from reading it; in production it has a host name of its own (STAFF_PUBLIC_URL) and a
 * __Host- cookie. The embedded OpenID provider is mounted on it at /oidc when none is configured.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { STAFF_SIGNED_OUT_PAGE } from '@omo/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { CSP_DIRECTIVES, trustProxyOption } from './lib/http-options.ts';
import { sendNotFoundProblem } from './lib/http-problem.ts';
import problemDetailsPlugin from './plugins/problem-details.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import { registerStaffAuth, staffCookieName } from './modules/staff/auth.ts';
import { mountEmbeddedOidc } from './modules/staff/embedded-oidc.ts';
import { createBlockList } from './modules/staff/block-list.ts';
import staffRoutes from './modules/staff/routes.ts';

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
      // A form posted with no-referrer carries Origin: null, which the cross-site check refuses: the staff
      // pages (the embedded sign-in form) send their origin to themselves only.
      referrerPolicy: { policy: 'same-origin' },
    },
  });
  await app.register(fastifyCookie);
  await app.register(problemDetailsPlugin);
  app.removeContentTypeParser('text/plain');

  const embedded = config.staff.oidc ? undefined : await mountEmbeddedOidc(app, config.staff.publicUrl);
  await registerStaffAuth(app, { config, db: main.db, embedded });
  const service = main.staffActions;
  await app.register(staffRoutes, {
    service,
    digests: main.ciphers.digests,
    blockList: createBlockList(main.db),
  });

  await serveStaffWeb(app, path.join(path.dirname(config.webDist), 'dist-staff'), staffCookieName(config));
  app.setNotFoundHandler((request, reply) => sendNotFoundProblem(request, reply));
  return app;
}

/**
 * The back office's web build (apps/web vite.staff.config.ts → dist-staff, beside the applicant's
 * WEB_DIST): its page at / (with the sign-in already in it for a visitor without a staff session, so that
 * it paints before the script runs) and its hashed assets, long-cached, sent as the build's brotli or gzip
 * copy. Unbuilt, / says so (503).
 */
async function serveStaffWeb(app: FastifyInstance, root: string, cookieName: string): Promise<void> {
  const page = path.join(root, 'staff.html');
  if (!existsSync(page)) {
    app.log.warn({ root }, 'back office build not found: / answers 503 until it is built');
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The back office is not built: npm run build.'),
    );
    return;
  }
  const html = readFileSync(page, 'utf8');
  const signedOutPage = path.join(root, STAFF_SIGNED_OUT_PAGE);
  const signedOut = existsSync(signedOutPage) ? readFileSync(signedOutPage, 'utf8') : html;
  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .send(request.cookies[cookieName] ? html : signedOut),
  );
  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    preCompressed: true,
  });
}
