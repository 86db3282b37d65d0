// Issue 24 item 8: 'Review your application' shows every answer the applicant certifies before 'The
// information you gave is true and complete': where they pay tax, political exposure, work (the legal
// terms) and how each account will be used, each with a Change link to its own page. In French at 320 px
// too; axe on every page.
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { applyToReview, newApplicant } from '../fixtures/applicant.ts';
import { continueButton } from '../pages/single-flow.ts';

const EVERYDAY_CHEQUING = '1001';

test('the review shows the tax, political-exposure, work and account-use answers, each with a Change link', async ({
  page,
  expectNoAxeViolations,
}) => {
  await applyToReview(page.request, newApplicant(), [EVERYDAY_CHEQUING]);
  await page.goto('/single/reviewapplication');
  await expect(page.getByRole('heading', { level: 1, name: 'Review your application' })).toBeVisible();

  const compliance = page.getByRole('region', { name: 'Tax, political exposure and work' });
  await expect(compliance).toContainText('Are you a resident of Canada for tax purposes?Yes');
  await expect(compliance).toContainText(
    'Are you a citizen of the United States, or a resident of the United States for tax purposes?No',
  );
  await expect(compliance).toContainText('politically exposed person');
  await expect(compliance).toContainText('Accommodation service managers');
  await expect(compliance).toContainText('Payroll and/or Living Expenses');
  const use = page.getByRole('region', { name: 'How you will use your accounts' });
  await expect(use).toContainText('Everyday Chequing Account');
  await expect(use).toContainText('Pay or pension (direct deposit): Every week or two');
  await expect(use).toContainText('Online or in the mobile app: Every week or two');
  // Both come before the consent whose last statement certifies them.
  const order = await page
    .getByRole('heading', { level: 2 })
    .evaluateAll((hs) => hs.map((h) => h.textContent ?? ''));
  expect(order.indexOf('Tax, political exposure and work')).toBeLessThan(order.indexOf('Your consent'));
  expect(order.indexOf('How you will use your accounts')).toBeLessThan(order.indexOf('Your consent'));
  await expectNoAxeViolations();

  // Change goes to the step's own page; Continue there comes back to the review.
  await compliance.getByRole('link', { name: 'Change Tax, political exposure and work' }).click();
  await expect(page).toHaveURL(/\/single\/legalterms$/);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/single\/reviewapplication$/);
  await use.getByRole('link', { name: 'Change How you will use your accounts' }).click();
  await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
});

test('in French at 320 px', async ({ page, expectNoAxeViolations }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Français' }).click();
  await applyToReview(page.request, newApplicant(), [EVERYDAY_CHEQUING]);
  await page.goto('/single/reviewapplication');
  await expect(page.getByRole('region', { name: 'Impôts, exposition politique et travail' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Utilisation de vos comptes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Changer Utilisation de vos comptes' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations();
});
