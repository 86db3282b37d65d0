// Coming back later (decision 0068): an applicant stops at the address, saves and is e-mailed a link; in a
// fresh browser the link's page sends a code to the verified phone, a wrong code is refused, the right one
// opens the application at the address with the answers kept, and the applicant finishes. A used, unknown
// or expired link says so and offers a new one; asking for a link by e-mail answers the same for any
// address; the reminders' unsubscribe page. Each page with axe, and at 320 px by keyboard.
import type { Browser, Page } from '@playwright/test';
import { latestCodeFor, linkMailedTo, messagesFor, newApplicant, wrongCode } from '../fixtures/applicant.ts';
import { EVERYDAY_CHEQUING } from '../fixtures/products.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { PHONE_320 } from '../fixtures/phone.ts';
import {
  applyAsFarAsTheAddress,
  applyFromTheAddressToFinalize,
  createProfile,
  finishFromFinalize,
  startApplication,
} from '../pages/single-flow.ts';
import { expectUnsubscribed } from '../pages/come-back.ts';

test.describe.configure({ timeout: 240_000 });

const RESUME_LINK = /https?:\/\/\S+\/resume\/open\?token=[\w-]+/;

/** A fresh browser (no cookie, nothing stored): another device. */
async function freshPage(browser: Browser, options: { phone?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(options.phone ? PHONE_320 : {});
  return context.newPage();
}

test('an applicant stops at the address, comes back by the e-mailed link in a fresh browser with the phone code, and finishes', async ({
  page,
  browser,
  expectNoAxeViolations,
}) => {
  const applicant = newApplicant();
  await applyAsFarAsTheAddress(page, [EVERYDAY_CHEQUING], applicant);

  // At the address: save and come back later.
  await page.getByRole('button', { name: 'Save and come back later' }).click();
  await expect(page).toHaveURL(/\/resume\/sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expectNoAxeViolations();
  // This device no longer reaches the application.
  expect((await page.request.get('/api/omo/Application')).status()).toBe(401);

  const link = await linkMailedTo(page.request, applicant.email, RESUME_LINK);

  // Another device: nothing of the application before the code.
  const other = await freshPage(browser);
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'Come back to your application' })).toBeVisible();
  await expect(other.getByText(applicant.firstName)).toHaveCount(0);
  await expectNoAxeViolations(other);
  const before = (await messagesFor(other.request, applicant.phone)).length;
  await other.getByRole('button', { name: 'Send me a code' }).click();
  // The pressed button is gone: focus moves to the new stage's heading, for the keyboard and screen readers.
  await expect(other.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeFocused();
  await expect(other.getByText('We sent a 6-digit code by text message')).toBeVisible();
  const code = await latestCodeFor(other.request, applicant.phone, { after: before });

  // A wrong code fails clearly.
  await other.getByLabel('Your 6-digit code').fill(wrongCode(code));
  await other.getByRole('button', { name: 'Continue my application' }).click();
  await expect(other.getByRole('link', { name: 'Invalid code, please try again' })).toBeVisible();
  await expectNoAxeViolations(other);

  await other.getByLabel('Your 6-digit code').fill(code);
  await other.getByRole('button', { name: 'Continue my application' }).click();
  await expect(other).toHaveURL(/\/single\/address$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Where do you live?' })).toBeVisible();

  // The answers are kept: Back (past the verified phone) shows the personal information as given.
  for (let i = 0; i < 2 && !/personalinfo$/.test(other.url()); i += 1) {
    await other.getByRole('link', { name: 'Back' }).click();
    await expect(other).not.toHaveURL(/\/single\/address$/);
  }
  await expect(other).toHaveURL(/\/single\/personalinfo$/);
  await expect(other.getByLabel('Legal first name')).toHaveValue(applicant.firstName);
  await expect(other.getByLabel('Legal last name')).toHaveValue(applicant.lastName);
  await other.goto('/single/address');
  await expect(other.getByRole('heading', { level: 1, name: 'Where do you live?' })).toBeVisible();

  // And finishes.
  await applyFromTheAddressToFinalize(other);
  await finishFromFinalize(other);

  // The link was spent: opened again, it says so and offers a new one.
  const again = await freshPage(browser);
  await again.goto(link);
  await again.getByRole('button', { name: 'Send me a code' }).click();
  await expect(again.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expectNoAxeViolations(again);
  await again.context().close();
  await other.context().close();
});

test('an unknown or expired link says so; a link is asked for by e-mail, answered the same for any address; unsubscribe @mobile', async ({
  page,
  browser,
  expectNoAxeViolations,
  check,
}) => {
  const phone = await freshPage(browser, { phone: true });
  // Unknown.
  await phone.goto('/resume/open?token=not-a-real-token');
  await phone.getByRole('button', { name: 'Send me a code' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expectNoHorizontalScroll(phone);

  // An applicant who stops after their profile asks for a link from /resume, by keyboard at 320 px.
  const applicant = newApplicant();
  await startApplication(page, [EVERYDAY_CHEQUING]);
  await createProfile(page, applicant);
  await phone.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(phone).toHaveURL(/\/resume$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Come back to your application' })).toBeVisible();
  await check(phone);
  await phone.getByLabel('Email address').focus();
  await phone.keyboard.type(applicant.email);
  await phone.keyboard.press('Enter');
  await expect(phone.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  const known = await phone.locator('main .lead').textContent();
  await expectNoAxeViolations(phone);

  // An address without an application: the same answer.
  await phone.goto('/resume');
  const nobody = `nobody.${Date.now()}@example.com`;
  await phone.getByLabel('Email address').fill(nobody);
  await phone.getByRole('button', { name: 'Email me a link' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  expect(await phone.locator('main .lead').textContent()).toBe(known!.replace(applicant.email, nobody));

  // The link works until the draft's retention days have passed: a day later than that, it has expired.
  const link = await linkMailedTo(page.request, applicant.email, RESUME_LINK);
  await page.request.post('/api/dev/clock', { data: { offsetHours: 31 * 24 } });
  try {
    await phone.goto(link);
    await phone.getByRole('button', { name: 'Send me a code' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  } finally {
    await page.request.post('/api/dev/clock', { data: { offsetHours: 0 } });
  }

  // The reminders' unsubscribe link: one click, the same page for any token.
  await phone.goto('/resume/unsubscribe?token=any-token');
  await expectUnsubscribed(phone);
  await check(phone);
  await phone.context().close();
});
