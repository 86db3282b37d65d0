/**
 * Serves the built web app (WEB_DIST) and owns the not-found handler:
 * - hashed files under /assets/ are cached for a year (immutable), the icon for a day; every other file,
 *   index.html included, must be revalidated (no-cache);
 * - a file is sent as the brotli or gzip copy the build wrote beside it when the browser accepts one;
 * - a GET of a path outside /api that is not a file gets index.html (history fallback), except that in
 *   production the non-production pages (/productlist, /Diagnostics, /dev/*) answer 404 (still with
 *   index.html, so the app shows its not-found page);
 * - the landing (/) and Get Started (/single/getstarted) get their prerendered page instead (decision 0023),
 *   in the language of the `omo.lang` cookie (English by default), filled in with this configuration; a
 *   landing without a product, which shows the catalogue to choose from, is rendered for the request as
 *   below;
 * - a page loaded on demand gets index.html with the loading indicator painted in the cookie's language, and
 *   links that ask for its scripts, stylesheets and texts (as the build listed them) and, for a step of a
 *   flow past Get Started with a session, the application its loader reads first: all of it comes with the
 *   page instead of one after another (decision 0018);
 * - a page loaded on demand (a step of a flow past Get Started, an outcome, the resume pages) is rendered
 *   here for the request, with the applicant's data (decision 0105): it paints from the HTML and its
 *   stylesheets, inert until the app, asked for once it has painted, replaces it; a page that is not a
 *   plain read and render (a redirect, an error, a call that is not a GET, a render slower than
 *   SERVER_RENDER_MS) gets the loading indicator and the preloads below;
 * - anything else (unknown /api path, other methods, missing files) is a 404 problem-details answer;
 * - without a build, pages answer 503 with a short note on how to build, instead of crashing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  PAGE_SLOTS,
  PRERENDERED_DIR,
  PRERENDERED_LANGUAGES,
  PRERENDERED_PAGES,
  PRERENDERED_PAGE_NAMES,
  ROUTE_PRELOADS_FILE,
  SERVER_RENDER_MODULE,
  SERVER_RENDER_ROOT,
  SERVER_RENDER_TEMPLATE,
  APPLICATION_API_PATHS,
  escapeHtml,
  findStepByPath,
  loadingFile,
  normalizePath,
  prerenderedFile,
  productLoginUrl,
  splitProductCodes,
  telHref,
  type PageSlot,
  type PrerenderedLanguage,
  type PrerenderedPage,
  type PreloadFiles,
  type RoutePreloads,
} from '@omo/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { requestLanguage } from '../lib/language.ts';
import { sendNotFoundProblem } from '../lib/http-problem.ts';
import { sessionCookieName } from './session.ts';

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** The icon has no hash in its name: kept a day, so that navigations do not ask for it again. */
const ICON_CACHE = 'public, max-age=86400';
/** The icon or the compressed copy sent for it. */
const ICON_FILE = /^favicon\.svg(\.br|\.gz)?$/;
const NON_PRODUCTION_PAGES = /^\/(productlist|diagnostics|dev)(\/.*)?$/i;

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>omo: web app not built</title></head>
<body><h1>The web app has not been built</h1>
<p>The server is running, but the folder of the built web app was not found. Run <code>npm run build</code>
at the repository root (or <code>npm run dev</code> for development), then restart the server.</p>
<p>The API is available under <code>/api</code>.</p></body></html>
`;

const GET_STARTED_PATH = PRERENDERED_PAGES.getStarted.toLowerCase();
/** Past this, a page's render gives way to the loading indicator. */
const SERVER_RENDER_MS = 1000;

type RenderRequest = (
  url: string,
  lang: PrerenderedLanguage,
  send: typeof fetch,
) => Promise<{ markup: string; title: string } | null>;

interface SpaPluginOptions {
  config: AppConfig;
}

/** A last path segment with a dot names a file: a missing file is a 404, not the app. */
function hasFileExtension(pathname: string): boolean {
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

/** What the server puts in each slot of a prerendered page, as the web app shows it from GetApiConfig. */
export function slotValues(
  config: AppConfig,
  productId: string | undefined,
  now = new Date(),
): Record<PageSlot, string> {
  const onlineBankingUrl = config.onlineBankingUrl.replace(/\/+$/, '');
  return {
    institutionName: config.institutionName,
    contactPhone: config.contactPhone,
    contactPhoneHref: telHref(config.contactPhone),
    onlineBankingUrl,
    publicWebsiteUrl: config.publicWebsiteUrl,
    publicWebsiteBase: config.publicWebsiteUrl.replace(/\/+$/, ''),
    year: String(now.getFullYear()),
    productLoginUrl: productLoginUrl(onlineBankingUrl, productId),
  };
}

/** A prerendered page with every slot filled in, HTML-escaped. */
export function fillPage(page: string, values: Record<PageSlot, string>): string {
  let html = page;
  for (const [slot, value] of Object.entries(values))
    html = html.replaceAll(PAGE_SLOTS[slot as PageSlot], escapeHtml(value));
  return html;
}

type PrerenderedFiles = Map<string, string>;

/** The prerendered pages of the build, read once; a build without them serves index.html everywhere. */
function readPrerendered(root: string): PrerenderedFiles {
  const files: PrerenderedFiles = new Map();
  for (const page of PRERENDERED_PAGE_NAMES) {
    for (const lang of PRERENDERED_LANGUAGES) {
      const file = path.join(root, PRERENDERED_DIR, prerenderedFile(page, lang));
      if (existsSync(file)) files.set(prerenderedFile(page, lang), readFileSync(file, 'utf8'));
    }
  }
  return files;
}

/** The prerendered page of a path, if it has one (React Router matches paths case-insensitively). */
function prerenderedPageOf(pathname: string, query: URLSearchParams): PrerenderedPage | null {
  const path = normalizePath(pathname);
  if (path === GET_STARTED_PATH) return 'getStarted';
  if (path === '/') return query.get('session') === 'ended' ? 'landingSessionEnded' : 'landing';
  return null;
}

/**
 * The id of the first product the landing's query asks for, as the landing's loader finds it (by id or
 * code); null when one of them is unknown or the catalogue fails: the app then shows its error page, so the
 * landing must not show first.
 */
async function landingProductId(
  app: FastifyInstance,
  query: URLSearchParams,
): Promise<string | undefined | null> {
  const wanted = splitProductCodes(query.get('productIds') ?? '');
  if (wanted.length === 0) return undefined;
  try {
    const found = await app.catalogue.findProducts(wanted.join(';'));
    const ids = wanted.map((id) => found.find((p) => p.productID === id || p.productCode === id)?.productID);
    return ids.every((id) => id !== undefined) ? ids[0] : null;
  } catch (error) {
    app.log.warn({ err: error }, 'landing products not found: index.html sent');
    return null;
  }
}

/** The route preloads of the build, or none (an older build, or a build without routes loaded on demand). */
function readRoutePreloads(root: string): RoutePreloads | null {
  const file = path.join(root, PRERENDERED_DIR, ROUTE_PRELOADS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads) : null;
}

/** The links that ask for files and API answers before the app does (attributes as Vite writes them). */
function preloadLinks(files: PreloadFiles[], fetches: string[]): string {
  const links = [
    ...files.flatMap((f) => f.scripts).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...files
      .flatMap((f) => f.styles)
      .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    // Same-origin: anonymous still sends the session cookie, and matches the app's fetch (credentials).
    ...fetches.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`),
  ];
  return links.map((link) => `    ${link}\n`).join('');
}

/** The language a page is sent in: the one chosen in the app, else the browser's first (as the app starts). */
const languageOf = (request: FastifyRequest): PrerenderedLanguage => requestLanguage(request);

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
    const prerendered = hasBuild ? readPrerendered(root) : new Map<string, string>();
    const prerenderedPrefix = `/${PRERENDERED_DIR}/`;
    const routePreloads = hasBuild ? readRoutePreloads(root) : null;
    const indexHtml = hasBuild ? readFileSync(path.join(root, 'index.html'), 'utf8') : '';
    /** index.html with the loading indicator in each language; index.html itself in an older build. */
    const loadingPages = Object.fromEntries(
      PRERENDERED_LANGUAGES.map((lang) => {
        const file = path.join(root, PRERENDERED_DIR, loadingFile(lang));
        return [lang, hasBuild && existsSync(file) ? readFileSync(file, 'utf8') : indexHtml];
      }),
    ) as Record<PrerenderedLanguage, string>;
    const sessionCookie = sessionCookieName(config);
    const renderModule = path.join(root, PRERENDERED_DIR, SERVER_RENDER_MODULE);
    const renderTemplate = path.join(root, PRERENDERED_DIR, SERVER_RENDER_TEMPLATE);
    const canRender = hasBuild && existsSync(renderModule) && existsSync(renderTemplate);
    const serverRenderedPage = canRender ? readFileSync(renderTemplate, 'utf8') : '';
    /** The build's renderer, loaded on the first page it renders. */
    let renderer: Promise<RenderRequest> | undefined;
    /** index.html with a route's preloads, by route, language and whether the application is asked for. */
    const preloadedPages = new Map<string, string>();

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
        // The prerendered pages are sent filled in, never as they are.
        allowedPath: (pathName) => hasFileExtension(pathName) && !pathName.startsWith(prerenderedPrefix),
        setHeaders(res, filePath) {
          res.setHeader(
            'cache-control',
            filePath.startsWith(assetsDir)
              ? IMMUTABLE_CACHE
              : ICON_FILE.test(path.basename(filePath))
                ? ICON_CACHE
                : NO_CACHE,
          );
          // The same path answers brotli, gzip or plain bytes by the request's Accept-Encoding.
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
    } else {
      app.log.warn({ webDist: root }, 'web app build not found: pages answer 503 until it is built');
    }

    /** The page's prerendered HTML filled in, or null when index.html must be sent. */
    const prerenderedPage = async (request: FastifyRequest): Promise<string | null> => {
      const [pathname = '/', search = ''] = request.url.split('?', 2);
      const query = new URLSearchParams(search);
      const page = prerenderedPageOf(pathname, query);
      if (!page) return null;
      const html = prerendered.get(prerenderedFile(page, languageOf(request)));
      if (!html) return null;
      const productId = page === 'getStarted' ? undefined : await landingProductId(app, query);
      if (productId === null) return null;
      // A landing without a product shows the catalogue to choose from: rendered for the request.
      if (page !== 'getStarted' && productId === undefined && canRender) return null;
      return fillPage(html, slotValues(config, productId));
    };

    /** index.html with what the page's route loads on demand asked for up front, or null when it has none. */
    const preloadedIndex = (request: FastifyRequest): string | null => {
      // As the route preloads name it: lower case, without a trailing slash.
      const pathname = normalizePath(request.url);
      const files = routePreloads?.routes[pathname];
      if (!routePreloads || !files) return null;
      const lang = languageOf(request);
      // Every step's loader past Get Started reads the application first; without a session it is a 401.
      const step = findStepByPath(pathname)?.step;
      const readsApplication = Boolean(step && step.id !== 'getstarted' && request.cookies[sessionCookie]);
      const key = `${pathname} ${lang} ${readsApplication}`;
      let page = preloadedPages.get(key);
      if (page === undefined) {
        const links = preloadLinks(
          [files, routePreloads.languages[lang]],
          readsApplication ? [APPLICATION_API_PATHS.application] : [],
        );
        page = loadingPages[lang].replace('  </head>', `${links}  </head>`);
        preloadedPages.set(key, page);
      }
      return page;
    };

    /**
     * The app's calls of one render, answered by this server's own routes as from the request's browser:
     * its cookies, language and address.
     */
    const answerAs =
      (request: FastifyRequest): typeof fetch =>
      async (input, init) => {
        // A render only reads: a page whose loader changes something is left to the browser.
        if ((init?.method ?? 'GET') !== 'GET')
          throw new Error(`a render asked for ${init?.method} ${String(input)}`);
        const res = await app.inject({
          method: 'GET',
          url: String(input),
          remoteAddress: request.ip,
          headers: {
            accept: 'application/json',
            ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
            ...(request.headers['accept-language']
              ? { 'accept-language': request.headers['accept-language'] }
              : {}),
          },
        });
        return new Response(res.statusCode === 204 ? null : res.body, {
          status: res.statusCode,
          headers: { 'content-type': String(res.headers['content-type'] ?? '') },
        });
      };

    /**
     * A page loaded on demand rendered for this request, with the applicant's data, or null when it could
     * not be (a redirect, an error, no session where the page needs one, too slow).
     */
    const renderedPage = async (request: FastifyRequest): Promise<string | null> => {
      const pathname = normalizePath(request.url);
      const isLanding = pathname === '/';
      if (!canRender || !routePreloads || !(isLanding || routePreloads.routes[pathname])) return null;
      const lang = languageOf(request);
      try {
        renderer ??= import(pathToFileURL(renderModule).href).then(
          (module: { renderRequest: RenderRequest }) => module.renderRequest,
        );
        const render = await renderer;
        let timer: NodeJS.Timeout | undefined;
        const page = await Promise.race([
          render(`http://omo.invalid${request.url}`, lang, answerAs(request)),
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SERVER_RENDER_MS))),
        ]).finally(() => clearTimeout(timer));
        if (!page) return null;
        // The page's own stylesheets, so that it paints as it will look; its scripts and the rest of its
        // texts asked for with the app's once it has painted; the application its loader reads, at once.
        // The landing is the entry's own page: its files and first texts are the template's.
        const files = isLanding ? [] : [routePreloads.routes[pathname]!, routePreloads.languages[lang]];
        const styles = files
          .flatMap((f) => f.styles)
          .map((href) => `    <link rel="stylesheet" crossorigin href="${href}">\n`)
          .join('');
        const scripts = files.flatMap((f) => f.scripts).join(' ');
        const readsApplication =
          !isLanding && findStepByPath(pathname)?.step && request.cookies[sessionCookie];
        const fetches = readsApplication ? preloadLinks([], [APPLICATION_API_PATHS.application]) : '';
        // Replaced by functions: the applicant's answers may hold '$' patterns.
        return serverRenderedPage
          .replace('<html lang="en">', () => `<html lang="${lang}">`)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
          .replace('  </head>', () => `${styles}${fetches}  </head>`)
          .replace(' data-preload="', () => ` data-preload="${scripts} `)
          .replace(SERVER_RENDER_ROOT, () => SERVER_RENDER_ROOT.replace('></div>', `>${page.markup}</div>`));
      } catch (error) {
        request.log.warn(
          { err: error, path: pathname },
          'page not rendered on the server: loading page sent',
        );
        return null;
      }
    };

    const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!hasBuild) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', NO_CACHE)
          .send(MISSING_BUILD_PAGE);
      }
      const pathname = request.url.split('?')[0] ?? '/';
      if (config.isProduction && NON_PRODUCTION_PAGES.test(pathname)) reply.code(404);
      reply.header('cache-control', NO_CACHE);
      const page = await prerenderedPage(request);
      // A prerendered page differs by the language cookie, else the browser's language.
      if (page !== null)
        return reply.type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Language').send(page);
      // A page with the applicant's data: never kept by a cache.
      const rendered = await renderedPage(request);
      if (rendered !== null)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('vary', 'Cookie, Accept-Language')
          .send(rendered);
      // The preloads differ by the language (cookie, else the browser's) and the session cookie.
      const preloaded = preloadedIndex(request);
      if (preloaded !== null)
        return reply
          .type('text/html; charset=utf-8')
          .header('vary', 'Cookie, Accept-Language')
          .send(preloaded);
      return reply.sendFile('index.html', root);
    };

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      if (isPageRequest(request)) return sendApp(request, reply);
      return sendNotFoundProblem(request, reply);
    });
  },
  { name: 'spa', dependencies: ['@fastify/rate-limit'] },
);
