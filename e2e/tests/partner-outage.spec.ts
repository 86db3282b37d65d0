// When a partner is down, the applicant still has a way forward (decision 0050): the document partner
// unavailable, the ID verification page says so and offers, on the spot, to show the ID in person; the
// flow then goes on to the legal terms. The partner's outage is the browser's view of it (its Start call
// answered 503), the rest is the real server and its sandboxes. At 320 px too, with axe.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { applyThroughApi, newApplicant } from '../fixtures/applicant.ts';
import { continueButton, finalizeAccount } from '../pages/single-flow.ts';

test.describe.configure({ timeout: 120_000 });

const HIGH_INTEREST_SAVINGS = '1101';

async function identityStatus(page: Page): Promise<string> {
  const view = (await (await page.request.get('/api/omo/Application')).json()) as {
    identity: { status: string };
  };
  return view.identity.status;
}

test('document partner unavailable: the in-person route is offered on the spot @mobile', async ({
  page,
  expectNoAxeViolations,
}) => {
  const isPhone = (page.viewportSize()?.width ?? 1280) <= 400;
  await applyThroughApi(page.request, newApplicant({ lastName: 'Review' }), [HIGH_INTEREST_SAVINGS]);
  await page.goto('/single/finalizeaccount');
  await finalizeAccount(page);
  await expect(page).toHaveURL(/\/single\/idverifyterms$/);

  await page.route('**/api/omo/DocumentVerification/Start', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json; charset=utf-8',
      body: JSON.stringify({
        type: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
        title: 'Service Unavailable',
        status: 503,
        detail: 'Document verification is unavailable. Try again in a moment.',
      }),
    }),
  );
  await page.getByRole('checkbox', { name: /I agree to the digital ID verification/ }).check();
  await continueButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('ID verification by photo is unavailable right now.');
  await expect(page).toHaveURL(/\/single\/idverifyterms$/);
  await expectNoAxeViolations();
  if (isPhone) await expectNoHorizontalScroll(page);

  const inPerson = page.getByRole('button', { name: 'Show my ID in person instead' });
  await inPerson.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/single\/legalterms$/);
  expect(await identityStatus(page)).toBe('documentExpired');
});
