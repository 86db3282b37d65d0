/**
 * The pages the web build prerenders (apps/web/src/prerender) and the server sends, filled in, so that the
 * first paint needs no JavaScript (decision 0023). A page is written once per language with slots where the
 * server's configuration goes; the server puts each value in HTML-escaped when it sends the page.
 */

/** Folder of the prerendered pages inside the web build (never served as files). */
export const PRERENDERED_DIR = 'prerendered';

export const PRERENDERED_LANGUAGES = ['en', 'fr'] as const;
/** The cookie in which the web app mirrors the visitor's language: the server prerenders in it. */
export const LANGUAGE_COOKIE = 'omo.lang';
export type PrerenderedLanguage = (typeof PRERENDERED_LANGUAGES)[number];

/**
 * What a page loaded on demand needs beyond the app's entry, as the web build lists it for the server
 * (PRERENDERED_DIR/ROUTE_PRELOADS_FILE), so that the page asks for all of it at once (decision 0018).
 */
export interface PreloadFiles {
  /** Script addresses ('/assets/…js'). */
  scripts: string[];
  /** Stylesheet addresses ('/assets/…css'). */
  styles: string[];
}
export interface RoutePreloads {
  /** By route path, in lower case (paths match case-insensitively). */
  routes: Record<string, PreloadFiles>;
  /** By language: the rest of its texts, which each of those routes loads in the language shown. */
  languages: Record<PrerenderedLanguage, PreloadFiles>;
}
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * File name, inside PRERENDERED_DIR, of index.html with the app's loading indicator already in it, in a
 * language: a page loaded on demand paints it before its scripts have run.
 */
export function loadingFile(lang: PrerenderedLanguage): string {
  return `loading.${lang}.html`;
}

/**
 * The server's rendering of a flow's page for one request (decision 0105), inside PRERENDERED_DIR: the
 * prerender's module for Node, and index.html with its scripts asked for once the page has painted and an
 * empty, inert root for the page's markup.
 */
export const SERVER_RENDER_MODULE = 'ssr/prerender-entry.js';
export const SERVER_RENDER_TEMPLATE = 'server-rendered.html';
export const SERVER_RENDER_ROOT = '<div id="root" inert></div>';

/**
 * The back office's page for a visitor without a staff session, inside its build (dist-staff): its page with
 * the sign-in already in it (decision 0105).
 */
export const STAFF_SIGNED_OUT_PAGE = 'staff.signed-out.html';

/** Escapes text for HTML as React does, in text and attribute values alike (the slots' values). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** Each prerendered page and the address it is rendered at. */
export const PRERENDERED_PAGES = {
  landing: '/',
  /** The landing with the notice of a session that ended (`/?session=ended`). */
  landingSessionEnded: '/?session=ended',
  getStarted: '/single/getstarted',
} as const;
export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;
/** The names of the prerendered pages. */
export const PRERENDERED_PAGE_NAMES = Object.keys(PRERENDERED_PAGES) as PrerenderedPage[];

/** File name of a prerendered page in a language, inside PRERENDERED_DIR. */
export function prerenderedFile(page: PrerenderedPage, lang: PrerenderedLanguage): string {
  return `${page}.${lang}.html`;
}

/**
 * The slots of a prerendered page and what the server puts in each. A slot is written in capitals and
 * underscores only, so that HTML escaping and encodeURIComponent leave it as it is.
 */
export const PAGE_SLOTS = {
  institutionName: '__OMO_INSTITUTION_NAME__',
  contactPhone: '__OMO_CONTACT_PHONE__',
  /** telHref(contactPhone). */
  contactPhoneHref: '__OMO_CONTACT_PHONE_HREF__',
  /** The online-banking address without its trailing slashes. */
  onlineBankingUrl: '__OMO_ONLINE_BANKING_URL__',
  /** The public website's address as configured (the logo's link). */
  publicWebsiteUrl: '__OMO_PUBLIC_WEBSITE_URL__',
  /** The public website's address without its trailing slashes, before a path ('/privacy'). */
  publicWebsiteBase: '__OMO_PUBLIC_WEBSITE_BASE__',
  /** The current year (the footer's copyright). */
  year: '__OMO_YEAR__',
  /** productLoginUrl(onlineBankingUrl, the first product asked for). */
  productLoginUrl: '__OMO_PRODUCT_LOGIN_URL__',
} as const;
export type PageSlot = keyof typeof PAGE_SLOTS;
