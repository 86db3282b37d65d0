// A later page opened directly (a reload, a resume link, an e-mailed link) arrives rendered by the server
// with the applicant's answers (decision 0105): it is whole, in the applicant's language, before any script
// runs, and never kept by a cache; then the app takes it over and works as before. A page the server may
// not render (no session) gets the loading indicator, and the app goes on as before. The back office's
// sign-in comes the same way to a visitor without a staff session.
import type { Page } from '@playwright/test';
import { applyThroughApi, newApplicant } from '../fixtures/applicant.ts';
import { STAFF_URL, signedInStaff } from '../fixtures/staff.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { continueButton } from '../pages/single-flow.ts';

const EVERYDAY_CHEQUING = '1001';

/** Blocks every script: what shows is the HTML alone. */
async function withoutScripts(page: Page) {
  await page.route('**/*.js', (route) => route.abort());
}

test('a later page opened directly shows the saved answers before any script runs @mobile', async ({
  page,
}) => {
  const applicant = newApplicant();
  await applyThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
  await withoutScripts(page);
  const response = await page.goto('/single/personalinfo');
  expect(response?.headers()['cache-control']).toBe('no-store');
  // Inert until the app takes over, so found by tag and name rather than by role.
  await expect(page.locator('h1')).toHaveText('Tell us about yourself');
  await expect(page.locator('#root')).toHaveAttribute('inert');
  await expect(page.locator('input[name="firstName"]')).toHaveValue(applicant.firstName);
  await expect(page.locator('input[name="lastName"]')).toHaveValue(applicant.lastName);
  await expect(page).toHaveTitle('Tell us about yourself | omo Credit Union');
  await expect(page.locator('header a[href="tel:+18005550199"]')).toHaveText(/1-800-555-0199/);
  await expectNoHorizontalScroll(page);
});

test('the landing without a product comes with the accounts to choose from before any script runs @mobile', async ({
  page,
}) => {
  await withoutScripts(page);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Are you an existing member?');
  await expect(page.locator('h2#choose-account')).toHaveText('Choose the account you want to open');
  await expect(page.locator('.product-choices__list a').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('in French, the page is rendered in French', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'omo.lang', value: 'fr', url: baseURL! }]);
  await context.addInitScript(() => localStorage.setItem('omo.lang', 'fr'));
  await applyThroughApi(page.request, newApplicant(), [EVERYDAY_CHEQUING]);
  await withoutScripts(page);
  await page.goto('/single/address');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('h1')).toHaveText('Où habitez-vous?');
  await expect(page).toHaveTitle('Où habitez-vous? | omo Credit Union');
});

test('the app takes the rendered page over: the answers can be changed and saved', async ({
  page,
  expectNoAxeViolations,
}) => {
  const applicant = newApplicant();
  await applyThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
  await page.goto('/single/personalinfo');
  const firstName = page.getByRole('textbox', { name: 'Legal first name' });
  await expect(firstName).toHaveValue(applicant.firstName);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expectNoAxeViolations();
  await firstName.fill('Robin');
  await continueButton(page).click();
  // On to the screen the server names (the phone is verified already).
  await expect(page).not.toHaveURL(/\/single\/personalinfo$/);
  const view = (await (await page.request.get('/api/omo/Application')).json()) as {
    personalInfo: { firstName: string };
  };
  expect(view.personalInfo.firstName).toBe('Robin');
});

test('without a session the server renders nothing of the step: the loading indicator, then the landing', async ({
  page,
}) => {
  const response = await page.request.get('/single/address');
  const html = await response.text();
  expect(html).not.toContain('Where do you live?');
  expect(html).toContain('initial-loading');
  await page.goto('/single/address');
  await expect(page).toHaveURL(/\/\?session=ended/);
});

test('the back office sends its sign-in whole to a visitor without a staff session, its script asked for after the paint, and the app to staff', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: STAFF_URL });
  const page = await context.newPage();
  await withoutScripts(page);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Back office');
  await expect(page.locator('main a[href="/api/auth/login"]')).toHaveText('Sign in');
  // Its script is asked for once the page has painted, not beside it.
  const signIn = await (await page.request.get('/')).text();
  expect(signIn).not.toContain('<script type="module"');
  expect(signIn).toMatch(/<script src="\/start-app\.js" data-app="\/assets\/staff-[^"]+\.js"/);
  await context.close();
  // Signed in, the page is the app's: no sign-in comes with it.
  const staff = await signedInStaff(browser, 'rita');
  const html = await (await staff.page.request.get('/')).text();
  expect(html).toContain('<div id="root"></div>');
  await staff.context.close();
});
