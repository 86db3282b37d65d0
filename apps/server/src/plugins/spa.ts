/**
 * Serves the built web app (WEB_DIST) and owns the not-found handler:
 * - hashed files under /assets/ are cached for a year (immutable); every other file, index.html
 *   included, must be revalidated (no-cache);
 * - a file is sent as the brotli or gzip copy the build wrote beside it when the browser accepts one;
 * - a GET of a path outside /api that is not a file gets index.html (history fallback), except that in
 *   production the non-production pages (/productlist, /Diagnostics, /dev/*) answer 404 (still with
 *   index.html, so the app shows its not-found page);
 * - anything else (unknown /api path, other methods, missing files) is a 404 problem-details answer;
 * - without a build, pages answer 503 with a short note on how to build, instead of crashing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { sendNotFoundProblem } from './problem-details.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const NON_PRODUCTION_PAGES = /^\/(productlist|diagnostics|dev)(\/.*)?$/i;

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>omo: web app not built</title></head>
<body><h1>The web app has not been built</h1>
<p>The server is running, but the folder of the built web app was not found. Run <code>npm run build</code>
at the repository root (or <code>npm run dev</code> for development), then restart the server.</p>
<p>The API is available under <code>/api</code>.</p></body></html>
`;

export interface SpaPluginOptions {
  config: AppConfig;
}

/** A last path segment with a dot names a file: a missing file is a 404, not the app. */
function hasFileExtension(pathname: string): boolean {
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return !hasFileExtension(pathname);
}

export default fp<SpaPluginOptions>(
  async (app, { config }) => {
    const root = config.webDist;
    const hasBuild = existsSync(path.join(root, 'index.html'));
    const assetsDir = path.join(root, 'assets') + path.sep;

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: false,
        wildcard: true,
        cacheControl: false,
        serveDotFiles: false,
        // The build writes .br and .gz copies at the highest levels (apps/web/vite.config.ts).
        preCompressed: true,
        // Only names with an extension are files; page paths (and directories) go to the fallback below.
        allowedPath: (pathName) => hasFileExtension(pathName),
        setHeaders(res, filePath) {
          res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : NO_CACHE);
          // The same path answers brotli, gzip or plain bytes by the request's Accept-Encoding.
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
    } else {
      app.log.warn({ webDist: root }, 'web app build not found: pages answer 503 until it is built');
    }

    const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
      if (!hasBuild) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', NO_CACHE)
          .send(MISSING_BUILD_PAGE);
      }
      const pathname = request.url.split('?')[0] ?? '/';
      if (config.isProduction && NON_PRODUCTION_PAGES.test(pathname)) reply.code(404);
      return reply.header('cache-control', NO_CACHE).sendFile('index.html', root);
    };

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      if (isPageRequest(request)) return sendApp(request, reply);
      return sendNotFoundProblem(request, reply);
    });
  },
  { name: 'spa', dependencies: ['@fastify/rate-limit'] },
);
