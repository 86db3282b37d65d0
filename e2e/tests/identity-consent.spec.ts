// Issue 24, item 1: the consent to the identity check at the credit bureau is asked on its own, unticked,
// with the privacy statement linked, before the check runs; the check does not run until it is given
// (the server refuses it). By keyboard alone in English; in French at 320 px; axe on the page.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { applyThroughApi, newApplicant } from '../fixtures/applicant.ts';

test.describe.configure({ timeout: 120_000 });

const EVERYDAY_CHEQUING = '1001';

/** The identity status the server holds (the check not run: 'notStarted'). */
async function identityStatus(page: Page): Promise<string> {
  const view = (await (await page.request.get('/api/omo/Application')).json()) as {
    identity: { status: string };
  };
  return view.identity.status;
}

/** Presses Tab until `target` has the focus (at most 40 times): the keyboard's way to a control. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached by Tab');
}

test('the consent to the identity check comes before the check, on its own, by keyboard alone', async ({
  page,
  expectNoAxeViolations,
}, testInfo) => {
  await applyThroughApi(page.request, newApplicant(), [EVERYDAY_CHEQUING], { consent: false });
  // The account-usage screen, which runs the check, is not reached without the consent.
  await page.goto('/single/finalizeaccount');
  await expect(page).toHaveURL(/\/single\/identityconsent$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Can we check your identity with a credit bureau?' }),
  ).toBeVisible();
  await expect(page.getByText(/confirms your identity with a Canadian credit bureau/)).toBeVisible();
  await expect(
    page.getByText('This check does not affect your credit score.', { exact: false }),
  ).toBeVisible();
  const privacy = page.getByRole('link', { name: 'Read our privacy statement (opens in a new tab)' });
  await expect(privacy).toHaveAttribute('href', /.+/);
  const box = page.getByRole('checkbox', {
    name: 'I agree that omo Credit Union may check my identity with a credit bureau',
  });
  await expect(box).not.toBeChecked();
  await expectNoAxeViolations();
  await page.screenshot({ path: testInfo.outputPath('identityconsent-en.png'), fullPage: true });
  expect(await identityStatus(page)).toBe('notStarted');

  // Continue without the box: the error summary says what to do, and nothing is asked of the bureau.
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  await page.locator('body').focus();
  await tabTo(page, privacy);
  await tabTo(page, continueButton);
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  const message = summary.getByRole('link', { name: 'Tick the box to agree to the identity check' });
  await expect(message).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoAxeViolations();
  await page.screenshot({ path: testInfo.outputPath('identityconsent-error-en.png'), fullPage: true });
  expect(await identityStatus(page)).toBe('notStarted');

  // The summary's link leads to the box; Space ticks it; Continue runs the check on the next screen.
  await page.keyboard.press('Tab');
  await expect(message).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await tabTo(page, continueButton);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalize your account' })).toBeVisible();
  await expect(continueButton).toBeEnabled({ timeout: 15_000 });
  expect(await identityStatus(page)).toBe('passed');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-CA' });

  test('the consent page in French at 320 px @mobile', async ({ page, expectNoAxeViolations }, testInfo) => {
    await applyThroughApi(page.request, newApplicant(), [EVERYDAY_CHEQUING], { consent: false });
    await page.goto('/single/identityconsent');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Pouvons-nous vérifier votre identité auprès d’une agence d’évaluation du crédit?',
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', {
        name: 'Lisez notre déclaration de confidentialité (s’ouvre dans un nouvel onglet)',
      }),
    ).toBeVisible();
    const box = page.getByRole('checkbox', { name: /vérifie mon identité auprès d’une agence/ });
    await expect(box).not.toBeChecked();
    await page.getByRole('button', { name: 'Continuer', exact: true }).click();
    await expect(page.getByRole('alert', { name: 'Il y a un problème' })).toBeFocused();
    await expect(
      page.getByRole('link', { name: 'Cochez la case pour accepter la vérification de l’identité' }),
    ).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('identityconsent-error-fr.png'), fullPage: true });
    await box.check();
    await page.screenshot({ path: testInfo.outputPath('identityconsent-fr.png'), fullPage: true });
    await page.getByRole('button', { name: 'Continuer', exact: true }).click();
    await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
    await expect(page.getByRole('button', { name: 'Continuer', exact: true })).toBeEnabled({
      timeout: 15_000,
    });
    expect(await identityStatus(page)).toBe('passed');
  });
});
