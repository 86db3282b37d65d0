// A later page opened directly (a reload, a link from an e-mail) asks for everything it needs with the
// document: the entry's scripts, the route's own scripts and stylesheets, the rest of the texts in the
// page's language, and the application its loader reads. Nothing is found only once a script has run, so
// the page does not wait for one download after another on a slow phone link (decision 0018). With a
// session the server renders the page (decision 0105): it paints from the document and its stylesheets,
// and asks for every script at once when it has painted (start-app.js); without one, the loading
// indicator shows and the scripts are asked for with the document.
import type { Page } from '@playwright/test';
import { applyThroughApi, newApplicant } from '../fixtures/applicant.ts';
import { expect, savingData, test } from '../fixtures/test.ts';

const EVERYDAY_CHEQUING = '1001';

/** The document as the server sends it. */
const documentOf = async (page: Page, path: string) => (await page.request.get(path)).text();

/**
 * What the document itself asks for: scripts, module preloads, stylesheets and fetch preloads, and the
 * scripts it asks for once painted (start-app.js's data-app and data-preload).
 */
async function linkedByDocument(page: Page, path: string): Promise<Set<string>> {
  const html = await documentOf(page, path);
  const head = html.slice(0, html.indexOf('</head>'));
  const afterPaint = [...head.matchAll(/\bdata-(?:app|preload)="([^"]*)"/g)].flatMap((m) => m[1]!.split(' '));
  return new Set([...[...head.matchAll(/\b(?:href|src)="(\/[^"]+)"/g)].map((m) => m[1]!), ...afterPaint]);
}

/** The scripts, stylesheets and API reads the page makes while it loads (a preload's type is 'other'). */
async function requestsOfLoad(page: Page, path: string, heading: RegExp): Promise<string[]> {
  // The next screens' files, fetched ahead once the page is idle, are not the page's own.
  await savingData(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(js|css)$/.test(pathname) || pathname.startsWith('/api/')) requests.push(pathname);
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return requests;
}

for (const [lang, heading] of [
  ['en', /Finalize your account/],
  ['fr', /Finalisez votre compte/],
] as const) {
  test(`account usage opened directly (${lang}) asks for its scripts, texts and application with the document`, async ({
    page,
    baseURL,
  }) => {
    await applyThroughApi(page.request, newApplicant(), [EVERYDAY_CHEQUING]);
    // The app keeps the language in its storage and mirrors it in a cookie for the server.
    await page.context().addCookies([{ name: 'omo.lang', value: lang, url: baseURL! }]);
    await page.addInitScript((language) => localStorage.setItem('omo.lang', language), lang);
    const path = '/single/finalizeaccount';
    // Before any script has run, the page is there, in the visitor's language.
    const html = await documentOf(page, path);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toMatch(new RegExp(`<div id="root" inert>.*<h1[^>]*>${heading.source}`));
    const linked = await linkedByDocument(page, path);
    const requests = await requestsOfLoad(page, path, heading);

    const scripts = requests.filter((r) => r.endsWith('.js'));
    expect(
      scripts.filter((s) => !linked.has(s)),
      'scripts found only by a script',
    ).toEqual([]);
    expect(requests.filter((r) => r.endsWith('.css') && !linked.has(r))).toEqual([]);
    expect(scripts.some((s) => new RegExp(`/${lang}-[\\w-]+\\.js$`).test(s))).toBe(true);
    // The loader used the answer the document asked for: the application is read once.
    expect(linked.has('/api/omo/Application')).toBe(true);
    expect(requests.filter((r) => r === '/api/omo/Application')).toHaveLength(1);
    // Each file once: the document's ask and the app's are one request.
    expect(requests.filter((r) => !r.startsWith('/api/')).length).toBe(
      new Set(requests.filter((r) => !r.startsWith('/api/'))).size,
    );
  });
}

test('a later page without a session shows the loading indicator and does not ask for the application', async ({
  page,
}) => {
  const html = await documentOf(page, '/single/finalizeaccount');
  expect(html).toMatch(/<div id="root"><main[^>]*><div[^>]* role="status"[^>]*>.*Loading your application…/);
  const linked = await linkedByDocument(page, '/single/finalizeaccount');
  expect(linked.has('/api/omo/Application')).toBe(false);
  expect([...linked].some((href) => /\/finalize-account-page-[\w-]+\.js$/.test(href))).toBe(true);
});
