// Every Continue waits for nothing it does not need (issue: speed as the applicant feels it). What Create
// your profile reads (whether this device has an application, the co-applicant's invitation) is asked for
// while Get Started is read, so pressing Get Started asks the server nothing; the co-applicant's invitation
// and products, read for their start page, are not read again by the screens after it.
import type { Page } from '@playwright/test';
import { JOINT_LINK, linkMailedTo, newApplicant } from '../fixtures/applicant.ts';
import { submitThroughApi } from '../fixtures/submit.ts';
import { expect, test } from '../fixtures/test.ts';
import { continueButton, enterEmailCode } from '../pages/single-flow.ts';

/** The application API's reads the page makes from now on (the session's status and the funnel aside). */
function readsFrom(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/api\/omo\/(Application|GetApplicationFromJointCode|GetProduct)$/.test(pathname)) {
      reads.push(`${request.method()} ${pathname}`);
    }
  });
  return reads;
}

test('Get Started asks the server nothing: Create your profile was read while Get Started was shown', async ({
  page,
}) => {
  const reads = readsFrom(page);
  await page.goto('/?productIds=1001');
  await page.getByRole('link', { name: /No, Sign me up/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Let's get you started" })).toBeVisible();
  await expect.poll(() => reads).toContain('GET /api/omo/Application');
  reads.length = 0;

  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your profile' })).toBeVisible();
  expect(reads).toEqual([]);
});

test("the co-applicant's Get Started asks nothing, and their invitation and products are read once", async ({
  page,
  request,
}) => {
  const sam = newApplicant({ firstName: 'Sam' });
  await submitThroughApi(request, newApplicant(), ['1001'], {
    coApplicant: { firstName: sam.firstName, lastName: sam.lastName, email: sam.email },
  });
  const reads = readsFrom(page);
  await page.goto(await linkMailedTo(request, sam.email, JOINT_LINK));
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  // Create your profile reads this device's session ahead; the invitation is the start page's own lookup.
  await expect.poll(() => reads).toContain('GET /api/omo/Application');
  expect(reads.filter((read) => read === 'POST /api/omo/GetApplicationFromJointCode')).toHaveLength(1);
  expect(reads.filter((read) => read.endsWith('/GetProduct'))).toHaveLength(1);
  reads.length = 0;

  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your profile' })).toBeVisible();
  expect(reads).toEqual([]);

  await enterEmailCode(page, sam.email);
  await page.getByLabel('Password', { exact: true }).fill(sam.password);
  await continueButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
  // The products the page names were read for the start page.
  expect(reads).toEqual([]);
});
