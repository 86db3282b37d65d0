// The landing and Get Started arrive prerendered (decision 0023): the page is there, whole and in the
// visitor's language (the omo.lang cookie the app keeps), before any script runs; then the app takes over
// without moving anything (no layout shift) and works as before.
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';

type Lang = 'en' | 'fr';
const PAGES = [
  {
    path: '/?productIds=1001',
    heading: { en: 'Are you an existing member?', fr: 'Êtes-vous déjà membre?' },
    title: {
      en: 'Are you an existing member? | omo Credit Union',
      fr: 'Êtes-vous déjà membre? | omo Credit Union',
    },
  },
  {
    path: '/single/getstarted?productIds=1001',
    heading: { en: "Let's get you started", fr: 'Commençons' },
    title: { en: "Let's get you started | omo Credit Union", fr: 'Commençons | omo Credit Union' },
  },
] as const;

/** A visitor who chose French before: the app keeps the choice in localStorage and mirrors it in a cookie. */
async function chooseLanguage(context: BrowserContext, baseURL: string | undefined, lang: Lang) {
  if (lang === 'en') return;
  await context.addCookies([{ name: 'omo.lang', value: 'fr', url: baseURL! }]);
  await context.addInitScript(() => localStorage.setItem('omo.lang', 'fr'));
}

/** Blocks every script: what shows is the HTML alone. */
async function withoutScripts(page: Page) {
  await page.route('**/*.js', (route) => route.abort());
}

/**
 * Keeps, from before the page's scripts, the prerendered page's first element (to tell whether the app
 * replaced it) and the layout shifts of the whole visit.
 */
async function watchTakeOver(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Watch;
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // The stylesheet is applied by then: deferred scripts wait for it.
    document.addEventListener('DOMContentLoaded', () => {
      w.prerendered = document.getElementById('root')!.firstElementChild!;
      const { x, y, width, height } = document.querySelector('h1')!.getBoundingClientRect();
      w.headingBox = { x, y, width, height };
    });
  });
}

interface Watch {
  prerendered: Element;
  headingBox: DOMRectInit;
  shift: number;
}

for (const lang of ['en', 'fr'] as const) {
  for (const { path, heading, title } of PAGES) {
    test(`${path} (${lang}) is whole before any script runs @mobile`, async ({ page, context, baseURL }) => {
      await chooseLanguage(context, baseURL, lang);
      await withoutScripts(page);
      await page.goto(path);
      // Inert until the app takes over, so found by its tag rather than its role.
      await expect(page.locator('h1')).toHaveText(heading[lang]);
      await expect(page.locator('#root')).toHaveAttribute('inert');
      await expect(page).toHaveTitle(title[lang]);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The server's configuration is filled in: header and footer as the app shows them.
      await expect(page.locator('header a[href="tel:+18005550199"]')).toHaveText(/1-800-555-0199/);
      await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} omo Credit Union`);
    });

    test(`${path} (${lang}): the app takes over without moving anything @mobile`, async ({
      page,
      context,
      baseURL,
      expectNoAxeViolations,
    }) => {
      await chooseLanguage(context, baseURL, lang);
      await watchTakeOver(page);
      await page.goto(path);
      // The prerendered markup is gone: the app rendered its own, in the same place, and nothing moved.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as Watch).prerendered.isConnected))
        .toBe(false);
      const h1 = page.getByRole('heading', { level: 1, name: heading[lang] });
      await expect(h1).toBeVisible();
      const { x, y, width, height } = (await h1.evaluate((e) =>
        e.getBoundingClientRect().toJSON(),
      )) as DOMRectInit;
      expect({ x, y, width, height }).toEqual(
        await page.evaluate(() => (window as unknown as Watch).headingBox),
      );
      expect(await page.evaluate(() => (window as unknown as Watch).shift)).toBe(0);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expectNoAxeViolations();
      // It is the app: the language toggle works.
      await page
        .getByRole('button', {
          name: lang === 'en' ? 'Afficher cette page en français' : 'Display this page in English',
        })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: heading[lang === 'en' ? 'fr' : 'en'] }),
      ).toBeVisible();
    });
  }
}

test.describe('a first visit from a French browser', () => {
  test.use({ locale: 'fr-CA' });

  test('opens in French; the toggle still wins and is remembered', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Êtes-vous déjà membre?' })).toBeVisible();
    await page.getByRole('button', { name: 'Display this page in English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Are you an existing member?' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Are you an existing member?' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the language chosen in the app is the language of the next prerendered page', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Afficher cette page en français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Êtes-vous déjà membre?' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'omo.lang')).toMatchObject({
    value: 'fr',
    path: '/',
    sameSite: 'Lax',
  });
  await withoutScripts(page);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Êtes-vous déjà membre?');
});

test('the notice of a session that ended is prerendered too', async ({ page }) => {
  await withoutScripts(page);
  await page.goto('/?session=ended');
  await expect(page.locator('.notice')).toHaveText(/We couldn't find your application in progress/);
  await expect(page.locator('h1')).toHaveText('Are you an existing member?');
});

test('other pages are not prerendered: the app alone shows them', async ({ page }) => {
  await withoutScripts(page);
  for (const path of ['/error/3', '/no/such/page', '/?productIds=9999']) {
    await page.goto(path);
    await expect(page.locator('#root'), path).toBeEmpty();
  }
  // A page loaded on demand shows only that it is loading until the app has its data.
  for (const path of ['/joint/getstarted?jointCode=abc', '/single/reviewapplication']) {
    await page.goto(path);
    await expect(page.locator('#root'), path).toHaveText('Loading your application…');
    await expect(page.getByRole('status'), path).toBeVisible();
  }
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a page loaded on demand does not say it is loading: the note says what it needs', async ({
    page,
  }) => {
    await page.goto('/single/reviewapplication');
    await expect(page.getByRole('status', { includeHidden: true })).toHaveCount(1);
    await expect(page.getByRole('status', { includeHidden: true })).toBeHidden();
    expect(await page.evaluate(() => document.body.innerText.trim())).toBe(
      'This application needs JavaScript. / Cette application nécessite JavaScript.',
    );
  });
});

test('an unknown product still ends on the error page, and a deep link still opens its page', async ({
  page,
}) => {
  await page.goto('/?productIds=9999');
  await expect(page).toHaveURL(/\/error\/3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This service is temporarily unavailable');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('a card followed before the app has taken over keeps the products chosen', async ({ page }) => {
  // The landing's products arrive late: the prerendered page shows while the app waits for them.
  await page.route('**/api/omo/GetProduct**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/?productIds=1001');
  await page.getByRole('link', { name: /No, Sign me up/ }).click();
  await expect(page).toHaveURL(/\/single\/getstarted$/);
  await expect(page.getByText(/To open an Everyday Chequing/)).toBeVisible();
});
