/**
 * The back office and the applicant together (two browser contexts; staff sign in through the embedded
 * OpenID provider): documents refused with a reason reach the applicant, and a question staff ask is
 * e-mailed with a link back, answered, and the case leaves the waiting state.
 */
import { latestCodeFor, linkMailedTo, messagesFor, newApplicant, readOutbox } from '../fixtures/applicant.ts';
import { signedInStaff } from '../fixtures/staff.ts';
import { submitThroughApi } from '../fixtures/submit.ts';
import { expect, test } from '../fixtures/test.ts';

const EVERYDAY_CHEQUING = '1001';
const RESUME_LINK = /https?:\/\/\S+\/resume\/open\?token=[\w-]+/;

test.describe('the back office and the applicant', () => {
  test('documents refused with a reason reach the applicant: their page and an e-mail', async ({
    page,
    browser,
    expectNoAxeViolations,
  }, testInfo) => {
    const applicant = newApplicant({ lastName: 'Docreview' });
    const saved = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    const appRefNo = String(saved.appRefNo);
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/processingapplication$/);

    const { context, page: staff } = await signedInStaff(browser, 'rita', {
      viewport: { width: 1280, height: 900 },
    });
    await staff.getByLabel('Reference number or e-mail address').fill(appRefNo);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    await staff.getByRole('link', { name: appRefNo }).click();
    await expect(staff.getByRole('heading', { name: `Case ${appRefNo}` })).toBeVisible();
    const refuse = staff.locator('details', { hasText: 'Refuse documents' });
    await refuse.locator('summary').click();
    await refuse.getByLabel(/^Reason/).fill('The back of the licence is cut off.');
    await refuse.getByRole('button', { name: 'Refuse documents' }).click();
    await expect(staff.getByRole('status')).toHaveText('Done.');
    await expect(staff.getByText('Awaiting ID in person').first()).toBeVisible();
    await context.close();

    // The applicant's page moves on by itself and says why.
    await expect(page).toHaveURL(/\/single\/verifyidentification$/, { timeout: 15_000 });
    const refused = page.getByRole('region', { name: 'About the ID you sent' });
    await expect(refused).toContainText('The back of the licence is cut off.');
    await expectNoAxeViolations();
    await page.screenshot({ path: testInfo.outputPath('documents-refused-applicant.png'), fullPage: true });
    await expect
      .poll(
        async () =>
          (await readOutbox(page.request)).find(
            (m) => m.channel === 'email' && m.to === applicant.email && m.body.includes('licence is cut off'),
          )?.body ?? '',
        { timeout: 20_000 },
      )
      .toContain('Our reason: The back of the licence is cut off.');
  });

  test('staff ask the applicant: the e-mailed link brings them back, they answer, and the case leaves the waiting state', async ({
    page,
    browser,
    expectNoAxeViolations,
  }, testInfo) => {
    const applicant = newApplicant({ lastName: 'Fallback' });
    const saved = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    const appRefNo = String(saved.appRefNo);

    const { context, page: staff } = await signedInStaff(browser, 'rita', {
      viewport: { width: 1280, height: 900 },
    });
    await staff.getByLabel('Reference number or e-mail address').fill(applicant.email);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    await staff.getByRole('link', { name: appRefNo }).click();
    await expect(staff.getByRole('heading', { name: `Case ${appRefNo}` })).toBeVisible();
    await staff.locator('summary', { hasText: 'Ask the applicant' }).click();
    const question = 'Please tell us the name on your lease: it differs from the one you gave.';
    await staff.getByLabel('What do you need from the applicant?').fill(question);
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('case-ask-1280.png'), fullPage: true });
    await staff.getByRole('button', { name: 'Ask the applicant' }).click();
    await expect(staff.getByRole('status')).toHaveText('Done.');
    await expect(staff.locator('dt:has-text("Decision") + dd')).toHaveText('Waiting on the applicant');
    await expect(staff.locator('dt:has-text("Question to the applicant") + dd')).toContainText(question);
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('case-waiting-1280.png'), fullPage: true });
    await staff.setViewportSize({ width: 768, height: 1000 });
    await staff.screenshot({ path: testInfo.outputPath('case-waiting-768.png'), fullPage: true });
    await staff.getByRole('button', { name: 'Français' }).click();
    await expect(staff.locator('dt:has-text("Décision") + dd')).toHaveText('En attente du demandeur');
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('case-waiting-768-fr.png'), fullPage: true });
    await staff.getByRole('button', { name: 'English' }).click();

    // The e-mail: the message and a link back; opened in a fresh browser, with the phone's code.
    const link = await linkMailedTo(page.request, applicant.email, RESUME_LINK);
    const mail = (await readOutbox(page.request)).find(
      (m) => m.to === applicant.email && m.body.includes(question),
    );
    expect(mail).toBeDefined();
    const other = await (await browser.newContext()).newPage();
    await other.goto(link);
    const before = (await messagesFor(other.request, applicant.phone)).length;
    await other.getByRole('button', { name: 'Send me a code' }).click();
    const code = await latestCodeFor(other.request, applicant.phone, { after: before });
    await other.getByLabel('Your 6-digit code').fill(code);
    await other.getByRole('button', { name: 'Continue my application' }).click();
    await expect(other).toHaveURL(/\/single\/verifyidentification$/);
    const asked = other.getByRole('region', { name: 'We need something from you' });
    await expect(asked).toContainText(question);
    await expectNoAxeViolations(other);
    await other.screenshot({ path: testInfo.outputPath('question-applicant.png'), fullPage: true });
    await asked.getByLabel('Your answer').fill('The lease is in my maiden name, Alex Roy.');
    await asked.getByRole('button', { name: 'Send my answer' }).click();
    await expect(other.getByRole('status').filter({ hasText: 'your answer reached us' })).toBeVisible();
    await other.context().close();

    // Staff see the case back where it stood, the answer in the log.
    await staff.reload();
    await expect(staff.locator('dt:has-text("Decision") + dd')).toHaveText('Awaiting ID in person');
    await expect(staff.getByRole('table').last()).toContainText('The applicant answered');
    await expect(staff.getByRole('table').last()).toContainText('The lease is in my maiden name, Alex Roy.');
    await context.close();
  });
});
