// The outcome of every sandbox persona, as the applicant meets it once the server decided: the welcome page
// with a member number (also in French), ID in person with a barcode and a branch, the decline page, the
// block list's error page, the savings offer accepted, and a late decision that e-mails its result. The
// review and terms screens are their own stories: here the application is submitted through the API with
// the page's cookies, then the applicant opens the outcome's page. axe on every page; 320 px for @mobile.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { emailsTo, newApplicant, readOutbox } from '../fixtures/applicant.ts';
import { submitThroughApi } from '../fixtures/submit.ts';

test.describe.configure({ timeout: 120_000 });

const EVERYDAY_CHEQUING = '1001';
const HIGH_INTEREST_SAVINGS = '1101';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 400;

/** The page's one heading. */
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('outcome pages', () => {
  test('an approved applicant is welcomed with their member number, how to sign in, the debit card, the app and the phone @mobile', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const applicant = newApplicant();
    const response = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    expect(response.primaryCustNo).toMatch(/^\d{6,}$/);

    // The outcome pages show the server's decision only: another outcome's page opens the right one.
    await page.goto('/single/verifyidentification');
    await expect(page).toHaveURL(/\/single\/confirmapplication$/);
    await expect(heading(page, 'Welcome to omo Credit Union!')).toBeVisible();
    await expect(
      page.getByText('Congratulations! Your Everyday Chequing Account is now active.'),
    ).toBeVisible();
    await expect(page.getByLabel('Your member number')).toHaveText(response.primaryCustNo!);
    await expect(page.getByText(/Use your member number and the password you created/)).toBeVisible();
    await expect(page.getByText('Your debit card will arrive by mail in 7 to 10 days.')).toBeVisible();
    // Shown and e-mailed: the welcome carries the member number too.
    await expect(page.getByText(`We've emailed this to ${applicant.email}.`)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await readOutbox(page.request)).find((m) => m.channel === 'email' && m.to === applicant.email)
            ?.body ?? '',
        { message: 'the welcome e-mail', timeout: 30_000 },
      )
      .toContain(`Your member number is ${response.primaryCustNo}.`);
    const qr = page.getByRole('img', { name: 'QR code to download the omo Credit Union mobile app' });
    await expect(qr).toBeVisible();
    expect(await qr.locator('path').count()).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute(
      'href',
      'tel:+18005550199',
    );
    await expectNoAxeViolations();
    if (isPhone(page)) await expectNoHorizontalScroll(page);
    else {
      // The last step: the member link comes before the support phone.
      const items = page.getByRole('navigation', { name: 'Help and sign in' }).getByRole('listitem');
      await expect(items.first()).toContainText("I'm already a member");
    }
    await page.screenshot({ path: testInfo.outputPath('confirmapplication.png'), fullPage: true });
  });

  test('the approved path in French at 320 px @mobile', async ({ page, expectNoAxeViolations }, testInfo) => {
    await page.goto('/');
    await page.getByRole('button', { name: /français/i }).click();
    const response = await submitThroughApi(page.request, newApplicant(), [HIGH_INTEREST_SAVINGS], {
      language: 'fr',
    });
    await page.goto('/single/confirmapplication');
    await expect(heading(page, 'Bienvenue chez omo Credit Union!')).toBeVisible();
    await expect(page.getByLabel('Votre numéro de membre')).toHaveText(response.primaryCustNo!);
    await expect(
      page.getByText(/Votre carte de débit arrivera par la poste d’ici 7 à 10 jours/),
    ).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'Code QR pour télécharger l’application bancaire de omo Credit Union' }),
    ).toBeVisible();
    await expectNoAxeViolations();
    if (isPhone(page)) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('confirmapplication-fr.png'), fullPage: true });
  });

  test('the Review persona, once the documents are in, is approved', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const response = await submitThroughApi(page.request, newApplicant({ lastName: 'Review' }), [
      EVERYDAY_CHEQUING,
    ]);
    expect(response.primaryCustNo).toMatch(/^\d{6,}$/);
    await page.goto('/single/confirmapplication');
    await expect(page.getByLabel('Your member number')).toHaveText(response.primaryCustNo!);
    await expectNoAxeViolations();
  });

  test('the Fallback persona shows ID in person: the nearest branch, and a post-office barcode with the post office and its hours @mobile', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    await submitThroughApi(page.request, newApplicant({ lastName: 'Fallback' }), [EVERYDAY_CHEQUING]);
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/verifyidentification$/);
    await expect(heading(page, "Let's confirm your identity in person")).toBeVisible();

    const branch = page.getByRole('region', { name: 'Visit a branch' });
    await expect(branch.getByText('The branch nearest you')).toBeVisible();
    await expect(branch.getByText(/^omo Credit Union - /)).toBeVisible();
    await expect(branch.getByRole('link', { name: /^\d{3}-555-01\d{2}$/ })).toBeVisible();
    await expect(branch.getByText('Certificate of Indian Status')).toBeVisible();

    const postOffice = page.getByRole('region', { name: 'Visit a post office' });
    const barcode = postOffice.getByRole('img', {
      name: /^Barcode of your ID verification request, number \d{16}$/,
    });
    await expect(barcode).toBeVisible();
    // A real image, wider than tall.
    const size = await barcode.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size[0]).toBeGreaterThan(size[1]!);
    const number = /\d{16}/.exec((await barcode.getAttribute('alt')) ?? '')?.[0];
    await expect(postOffice.getByText(`Request number: ${number}`)).toBeVisible();
    await expect(postOffice.getByText('The post office nearest you')).toBeVisible();
    const hours = postOffice.getByRole('table', { name: 'Opening hours' });
    await expect(hours.getByRole('row')).toHaveCount(7);
    await expect(hours.getByRole('rowheader', { name: 'Monday' })).toBeVisible();
    await expect(postOffice.getByText(/also bring a proof of address/)).toBeVisible();
    await expect(postOffice.getByText(/Canada Post verifies your identity/)).toBeVisible();
    await expect(postOffice.getByRole('link', { name: 'Read our privacy policy' })).toBeVisible();
    await expectNoAxeViolations();
    if (isPhone(page)) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('verifyidentification.png'), fullPage: true });

    // A reload shows the same request, not a new one.
    await page.reload();
    await expect(
      page.getByRole('img', { name: `Barcode of your ID verification request, number ${number}` }),
    ).toBeVisible();
  });

  test("a primary applicant who named a co-applicant sees their part complete, the reference number and the co-applicant's 7 days", async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const coApplicant = newApplicant({ firstName: 'Sam' });
    const response = await submitThroughApi(page.request, newApplicant(), [EVERYDAY_CHEQUING], {
      coApplicant: { firstName: 'Sam', lastName: coApplicant.lastName, email: coApplicant.email },
    });
    expect(response.showPrimaryCompleteScreen).toBe(true);
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/confirmcoapplicantapplication$/);
    await expect(heading(page, 'Your part of the application is complete')).toBeVisible();
    await expect(page.getByLabel('Your reference number')).toHaveText(String(response.appRefNo));
    await expect(page.getByText(/We've emailed Sam an invitation/)).toBeVisible();
    await expect(page.getByText('Sam must finish within 7 days, or the application expires.')).toBeVisible();
    await expectNoAxeViolations();
    await page.screenshot({ path: testInfo.outputPath('confirmcoapplicantapplication.png'), fullPage: true });
  });

  test('the Decline persona sees that the request cannot be filled', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await submitThroughApi(page.request, newApplicant({ lastName: 'Decline' }), [EVERYDAY_CHEQUING]);
    await page.goto('/single/applicationdecline');
    await expect(heading(page, "We're unable to open your account")).toBeVisible();
    await expect(page.getByText("We're unable to fill your request at this time.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exit Application' })).toBeVisible();
    await expectNoAxeViolations();
  });

  test('the Blocked persona ends on error page 2', async ({ page, expectNoAxeViolations }) => {
    await submitThroughApi(page.request, newApplicant({ lastName: 'Blocked' }), [EVERYDAY_CHEQUING]);
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/error\/2$/);
    await expect(heading(page, "We're unable to open your membership online")).toBeVisible();
    await expectNoAxeViolations();
  });

  test('a fictional listed person of the sandbox screening is held for staff review: the processing page, nothing opened @mobile', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    // Mara Sanctionne (README, "Sandbox screening"): a screening hit, held rather than opened or refused.
    const applicant = newApplicant({ firstName: 'Mara', lastName: 'Sanctionne' });
    const response = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    expect(response.showTimeoutScreen).toBe(true);
    expect(response.primaryCustNo).toBeNull();
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/processingapplication$/);
    await expect(heading(page, "We're processing your application")).toBeVisible();
    await expect(
      page.getByText(`We'll email the result to ${applicant.email}, usually within 24 hours.`),
    ).toBeVisible();
    await expectNoAxeViolations();
    if (isPhone(page)) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('screening-held.png'), fullPage: true });
  });

  test('the Offer persona accepts the savings account offered and becomes a member', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    await submitThroughApi(page.request, newApplicant({ lastName: 'Offer' }), [EVERYDAY_CHEQUING]);
    await page.goto('/single/savingsaccountoffer');
    await expect(heading(page, 'We have another option for you')).toBeVisible();
    await expect(
      page.getByText(/unable to open the account you asked for \(Everyday Chequing Account\)/),
    ).toBeVisible();
    await expectNoAxeViolations();
    await page.screenshot({ path: testInfo.outputPath('savingsaccountoffer.png'), fullPage: true });
    await page.getByRole('button', { name: 'Yes, open a savings account' }).click();
    await expect(page).toHaveURL(/\/single\/confirmapplication$/);
    await expect(
      page.getByText('Congratulations! Your High Interest Savings Account is now active.'),
    ).toBeVisible();
    await expect(page.getByLabel('Your member number')).toHaveText(/^\d{6,}$/);
    await expectNoAxeViolations();
  });

  test('the Slow persona waits on the processing page, gets the result by e-mail, and the open page shows it', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const applicant = newApplicant({ lastName: 'Slow' });
    const response = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    expect(response.showTimeoutScreen).toBe(true);
    await page.goto('/single/processingapplication');
    await expect(heading(page, "We're processing your application")).toBeVisible();
    await expect(
      page.getByText(`We'll email the result to ${applicant.email}, usually within 24 hours.`),
    ).toBeVisible();
    await expectNoAxeViolations();
    await page.screenshot({ path: testInfo.outputPath('processingapplication.png'), fullPage: true });

    await expect
      .poll(async () => (await emailsTo(page.request, applicant.email)).length, {
        message: 'the e-mail of the decision',
        timeout: 30_000,
      })
      .toBe(1);
    const mail = (await readOutbox(page.request)).find((m) => m.to === applicant.email)!;
    expect(mail.body).toMatch(/Your member number is \d{6,}/);
    await expect(page).toHaveURL(/\/single\/confirmapplication$/, { timeout: 15_000 });
    await expect(heading(page, 'Welcome to omo Credit Union!')).toBeVisible();
  });
});
