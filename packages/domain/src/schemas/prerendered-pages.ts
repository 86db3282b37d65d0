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

/** Each prerendered page and the address it is rendered at. */
export const PRERENDERED_PAGES = {
  landing: '/',
  /** The landing with the notice of a session that ended (`/?session=ended`). */
  landingSessionEnded: '/?session=ended',
  getStarted: '/single/getstarted',
} as const;
export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

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
