/**
 * The first screens rendered at build time (decision 0023): the landing and Get Started, header to footer,
 * with the app's own routes and components, in English and French. Where the server's configuration goes
 * the page holds a slot (PAGE_SLOTS) that the server fills in when it sends the page (plugins/spa.ts), so one
 * build serves every configuration. Built by Vite for Node and run by the web build (vite.config.ts); the
 * browser's app replaces this markup once its first page is ready (main.tsx).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import {
  escapeHtml,
  PAGE_SLOTS,
  PRERENDERED_DIR,
  PRERENDERED_LANGUAGES,
  PRERENDERED_PAGE_NAMES,
  PRERENDERED_PAGES,
  loadingFile,
  prerenderedFile,
  productLoginUrl,
  telHref,
  type PrerenderedLanguage,
  type PrerenderedPage,
  type ProductOffering,
} from '@omo/domain';
import { AppProviders } from '../app/providers.tsx';
import { InitialLoading } from '../app/layout/initial-loading.tsx';
import { createRoutes } from '../app/router.tsx';
import { DEFAULT_CONFIG, normalizeAppConfig, type AppConfig } from '../config/app-config.ts';
import { paths } from '../config/paths.ts';
import { ROOT_ROUTE_ID } from '../config/use-app-config.ts';
import { loadLanguage, translate, type I18n, type TFuncKey } from '../i18n/i18n.ts';
import { setApiTransport } from '../lib/api.ts';
import { EMPTY_APPLICATION } from '../lib/empty-application.ts';
import type { LandingData } from '../steps/landing/landing-loader.ts';

/** The page configuration with a slot in each value the server fills in. */
const SLOT_CONFIG = normalizeAppConfig({
  ...DEFAULT_CONFIG,
  institutionName: PAGE_SLOTS.institutionName,
  contactPhone: PAGE_SLOTS.contactPhone,
  onlineBankingUrl: PAGE_SLOTS.onlineBankingUrl,
  publicWebsiteUrl: PAGE_SLOTS.publicWebsiteUrl,
});
/** Stands for the first product's id until the sign-in link as a whole becomes a slot. */
const PRODUCT_ID = '__OMO_PRODUCT_ID__';

/** The loaders' answers of the prerendered routes; no other route is rendered. */
function slotLoader(route: RouteObject): LoaderFunction {
  if (route.id === ROOT_ROUTE_ID) return () => SLOT_CONFIG;
  // The landing reads the first product's id only (its sign-in link).
  if (route.index) {
    return (): LandingData => ({
      products: [{ productID: PRODUCT_ID } as ProductOffering],
      draftPath: null,
      choices: [],
    });
  }
  if (route.path === paths.single.getStarted) return () => EMPTY_APPLICATION;
  return () => {
    throw new Error(`not prerendered: ${route.path ?? route.id ?? '(layout)'}`);
  };
}

function withSlotLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        ...route,
        ...(route.loader ? { loader: slotLoader(route) } : {}),
        ...(route.children ? { children: withSlotLoaders(route.children) } : {}),
      }) as RouteObject,
  );
}

/** One language's texts, fixed (nothing switches at build time). */
function fixedI18n(language: PrerenderedLanguage): I18n {
  return {
    language,
    t: (key, params) => translate(language, key, params),
    changeLanguage: () => undefined,
    subscribe: () => () => undefined,
  };
}

const PAGE_TITLES: Record<PrerenderedPage, TFuncKey> = {
  landing: 'landing.title',
  landingSessionEnded: 'landing.title',
  getStarted: 'getStarted.title',
};

/** Turns a value the components derived from a slot into a slot of its own; it must be there. */
function toSlot(html: string, derived: string, slot: string): string {
  const escaped = escapeHtml(derived);
  if (!html.includes(escaped)) throw new Error(`prerender: "${derived}" not found in the page`);
  return html.replaceAll(escaped, slot);
}

interface PrerenderedMarkup {
  /** Path of the file inside the web build. */
  file: string;
  lang: PrerenderedLanguage;
  /** The document's title (text, not escaped). */
  title: string;
  /** What goes inside <div id="root">. */
  markup: string;
}

async function renderPage(page: PrerenderedPage, lang: PrerenderedLanguage): Promise<PrerenderedMarkup> {
  const handler = createStaticHandler(withSlotLoaders(createRoutes()));
  const context = await handler.query(
    new Request(new URL(PRERENDERED_PAGES[page], 'http://prerender.invalid')),
  );
  if (context instanceof Response) throw new Error(`prerender ${page}: answered ${context.status}`);
  if (context.errors) throw new Error(`prerender ${page}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let markup = renderToString(
    <StrictMode>
      <AppProviders i18n={fixedI18n(lang)}>
        {/* No hydration data: it would be an inline script, which the CSP refuses. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  markup = toSlot(markup, telHref(PAGE_SLOTS.contactPhone), PAGE_SLOTS.contactPhoneHref);
  markup = toSlot(markup, `${PAGE_SLOTS.publicWebsiteUrl}/`, `${PAGE_SLOTS.publicWebsiteBase}/`);
  const copyright = (year: string | number) =>
    translate(lang, 'layout.copyright', { year, institution: PAGE_SLOTS.institutionName });
  markup = toSlot(markup, copyright(new Date().getFullYear()), copyright(PAGE_SLOTS.year));
  if (page !== 'getStarted') {
    markup = toSlot(
      markup,
      productLoginUrl(PAGE_SLOTS.onlineBankingUrl, PRODUCT_ID),
      PAGE_SLOTS.productLoginUrl,
    );
  }
  const title = translate(lang, 'layout.titleSuffix', {
    title: translate(lang, PAGE_TITLES[page]),
    institution: PAGE_SLOTS.institutionName,
  });
  return { file: `${PRERENDERED_DIR}/${prerenderedFile(page, lang)}`, lang, title, markup };
}

/** Every prerendered page in every language. */
export async function renderAll(): Promise<PrerenderedMarkup[]> {
  await Promise.all(PRERENDERED_LANGUAGES.map(loadLanguage));
  return Promise.all(
    PRERENDERED_PAGE_NAMES.flatMap((page) => PRERENDERED_LANGUAGES.map((lang) => renderPage(page, lang))),
  );
}

/** The app's loading indicator (the router's fallback while the first page's loaders run), in a language. */
export function renderLoading(lang: PrerenderedLanguage): Omit<PrerenderedMarkup, 'title'> {
  const markup = renderToString(
    <StrictMode>
      <AppProviders i18n={fixedI18n(lang)}>
        <InitialLoading />
      </AppProviders>
    </StrictMode>,
  );
  return { file: `${PRERENDERED_DIR}/${loadingFile(lang)}`, lang, markup };
}

/** Where the prerender's build has each dynamic import of the routes and the texts note its module. */
declare global {
  var __omoNotedImports: Set<string> | undefined;
}

/**
 * The modules each route loaded on demand asks for (its screen and its loader), by path in lower case, and
 * the modules of each language's texts, as the client build's manifest names them ('src/…'). Runs the
 * routes' and the texts' loaders with each dynamic import noted (vite.config.ts): must run before anything
 * else has loaded a language.
 */
export async function lazyModules(): Promise<{
  routes: Record<string, string[]>;
  languages: Record<PrerenderedLanguage, string[]>;
}> {
  const noted = new Set<string>();
  globalThis.__omoNotedImports = noted;
  const take = () => {
    const modules = [...noted];
    noted.clear();
    return modules;
  };
  const languages = {} as Record<PrerenderedLanguage, string[]>;
  for (const lang of PRERENDERED_LANGUAGES) {
    await loadLanguage(lang);
    languages[lang] = take();
    if (languages[lang].length === 0) throw new Error(`prerender: no module noted for ${lang}`);
  }
  const routes: Record<string, string[]> = {};
  const visit = async (list: RouteObject[]) => {
    for (const route of list) {
      if (route.path && typeof route.lazy === 'object') {
        await Promise.all(Object.values(route.lazy).map((load) => (load as () => unknown)()));
        routes[route.path.toLowerCase()] = take();
      }
      if (route.children) await visit(route.children);
    }
  };
  await visit(createRoutes());
  globalThis.__omoNotedImports = undefined;
  return { routes, languages };
}

/** Text of markup React escaped (the title is escaped again where it goes). */
const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The server's answers to the app's calls while it renders one request's page. */
const requestTransport = new AsyncLocalStorage<typeof fetch>();
setApiTransport((input, init) => {
  const send = requestTransport.getStore();
  if (!send) throw new Error('an API call outside a server render');
  return send(input, init);
});
let languagesLoaded: Promise<unknown> | undefined;

/**
 * A page of a flow rendered on the server for one request (a reload, a link opened; decision 0105): the
 * app's own routes, loaders and components, with the applicant's data, the app's calls answered by `send`
 * (the server's own routes, with the request's cookie). The browser's app replaces it once its first page
 * is ready, as it does a prerendered page. Null when the page is not a plain render (a redirect, an error).
 */
export async function renderRequest(
  url: string,
  lang: PrerenderedLanguage,
  send: typeof fetch,
): Promise<{ markup: string; title: string } | null> {
  languagesLoaded ??= Promise.all(PRERENDERED_LANGUAGES.map(loadLanguage));
  await languagesLoaded;
  return requestTransport.run(send, async () => {
    const handler = createStaticHandler(createRoutes());
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const markup = renderToString(
      <StrictMode>
        <AppProviders i18n={fixedI18n(lang)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    // The document's title as the page sets it: its heading, then the institution.
    const config = context.loaderData[ROOT_ROUTE_ID] as AppConfig | undefined;
    const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(markup)?.[1]?.replace(/<[^>]*>/g, '') ?? '';
    const title = translate(lang, 'layout.titleSuffix', {
      title: heading,
      institution: config?.institutionName ?? '',
    });
    return { markup, title: unescapeHtml(title) };
  });
}
