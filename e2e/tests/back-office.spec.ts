import { newApplicant, readOutbox } from '../fixtures/applicant.ts';
import { signedInStaff, STAFF_URL } from '../fixtures/staff.ts';
import { submitThroughApi } from '../fixtures/submit.ts';
import { expect, test } from '../fixtures/test.ts';

const EVERYDAY_CHEQUING = '1001';

/** The reference number and application id a submission answers. */
const idsOf = (saved: Record<string, unknown>) => ({
  appRefNo: String(saved.appRefNo),
  applicationId: String(saved.applicationId),
});

test.describe('the back office', () => {
  test('the Fallback applicant is finished by a reviewer: ID seen at the post office, the welcome e-mail carries the member number', async ({
    page,
    browser,
    expectNoAxeViolations,
  }, testInfo) => {
    const applicant = newApplicant({ lastName: 'Fallback' });
    const submitted = idsOf(await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]));
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/verifyidentification$/);

    const { context, page: staff } = await signedInStaff(browser, 'rita', {
      viewport: { width: 1280, height: 900 },
    });
    await expect(staff.getByRole('heading', { name: 'Queue' })).toBeVisible();
    await staff.getByLabel('Reference number or e-mail address').fill(applicant.email);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    const row = staff.getByRole('row').filter({ hasText: submitted.appRefNo });
    await expect(row).toContainText('In-person ID pending');
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('queue-1280.png'), fullPage: true });
    await row.getByRole('link', { name: submitted.appRefNo }).click();

    await expect(staff.getByRole('heading', { name: `Case ${submitted.appRefNo}` })).toBeVisible();
    await staff.getByRole('button', { name: 'Assign to me' }).click();
    await expect(staff.getByRole('status')).toHaveText('Done.');
    await staff.locator('summary', { hasText: 'Record ID seen in person' }).click();
    await staff.getByLabel('Type of ID').selectOption({ label: 'Passport' });
    await staff.getByLabel('ID number').fill('GA123456');
    await staff.getByLabel('Expiry date (YYYY-MM-DD)').fill('2032-04-30');
    await staff.getByLabel('Issuing province or territory').selectOption('ON');
    await staff.getByLabel('Post office', { exact: true }).check();
    await staff.getByLabel('Branch or post office name').fill('Toronto Station A');
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('case-1280.png'), fullPage: true });
    await staff.getByRole('button', { name: 'Record ID seen in person' }).click();
    await expect(staff.getByRole('status')).toHaveText('Done.');
    await expect(staff.getByText('Member opened')).toBeVisible();
    const memberNumber = (await staff.locator('dt:has-text("Member number") + dd').textContent())!.trim();
    expect(memberNumber).toMatch(/^\d+$/);
    await expect(staff.getByRole('table').last()).toContainText('Record ID seen in person');

    await expect
      .poll(
        async () =>
          (await readOutbox(page.request)).find(
            (m) => m.channel === 'email' && m.to === applicant.email && m.body.includes('member number is'),
          )?.body ?? '',
        { timeout: 20_000 },
      )
      .toContain(`Your member number is ${memberNumber}.`);

    // French, and a 768 px tablet.
    await staff.setViewportSize({ width: 768, height: 1000 });
    await staff.getByRole('button', { name: 'Français' }).click();
    await expect(staff.getByRole('heading', { name: `Dossier ${submitted.appRefNo}` })).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('case-768-fr.png'), fullPage: true });
    await context.close();
  });

  test('an auditor reads a case but cannot act; the API refuses the action too', async ({
    page,
    browser,
  }) => {
    const applicant = newApplicant({ lastName: 'Fallback' });
    const submitted = idsOf(await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]));
    const { context, page: staff } = await signedInStaff(browser, 'alex');
    await staff.getByLabel('Reference number or e-mail address').fill(submitted.appRefNo);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    await staff.getByRole('link', { name: submitted.appRefNo }).click();
    await expect(staff.getByText('Your role is read only')).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
    const me = await (await staff.request.get('/api/me')).json();
    const refused = await staff.request.post(`/api/cases/${submitted.applicationId}/assign`, {
      data: { requestId: 'auditor-try-000001' },
      headers: { 'x-csrf-token': me.csrfToken, origin: STAFF_URL },
    });
    expect(refused.status()).toBe(403);
    await context.close();
  });

  test('an applicant’s cookie gets 401 on every staff call', async ({ page }) => {
    await submitThroughApi(page.request, newApplicant(), [EVERYDAY_CHEQUING]);
    // The applicant's session cookie (host-scoped, so sent to the staff port too) opens nothing there.
    for (const path of ['/api/me', '/api/queue', '/api/cases/00000000-0000-4000-8000-000000000000']) {
      expect((await page.request.get(`${STAFF_URL}${path}`)).status(), path).toBe(401);
    }
    const post = await page.request.post(
      `${STAFF_URL}/api/cases/00000000-0000-4000-8000-000000000000/assign`,
      {
        data: { requestId: 'applicant-try-01' },
      },
    );
    expect(post.status()).toBe(401);
  });

  test('two reviewers recording the ID at once open one member', async ({ page, browser }) => {
    const applicant = newApplicant({ lastName: 'Fallback' });
    const submitted = idsOf(await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]));
    const reviewers = await Promise.all([signedInStaff(browser, 'rita'), signedInStaff(browser, 'raj')]);
    const body = {
      idType: 'passport',
      idNumber: 'GA654321',
      expiry: '2031-01-31',
      issuingProvince: 'QC',
      place: 'branch',
      placeName: 'Montréal centre-ville',
    };
    const answers = await Promise.all(
      reviewers.map(async ({ page: staff }, i) => {
        const me = await (await staff.request.get('/api/me')).json();
        return staff.request.post(`/api/cases/${submitted.applicationId}/in-person-id`, {
          data: { ...body, requestId: `race-${Date.now()}-${i}` },
          headers: { 'x-csrf-token': me.csrfToken, origin: STAFF_URL },
        });
      }),
    );
    expect(answers.map((a) => a.status()).sort()).toEqual([200, 409]);
    const view = await (await reviewers[0]!.page.request.get(`/api/cases/${submitted.applicationId}`)).json();
    expect(view.state).toBe('opened');
    await expect
      .poll(
        async () =>
          (await readOutbox(page.request)).filter(
            (m) => m.to === applicant.email && /member number is/.test(m.body),
          ).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    for (const { context } of reviewers) await context.close();
  });

  test('a supervisor keeps the block list: an entry added and removed, each with a reason', async ({
    browser,
    expectNoAxeViolations,
  }, testInfo) => {
    const { context, page: staff } = await signedInStaff(browser, 'sophie', {
      viewport: { width: 1280, height: 800 },
    });
    await staff.getByRole('link', { name: 'Block list' }).click();
    await expect(staff.getByRole('heading', { name: 'Block list', exact: true })).toBeVisible();
    await staff.getByLabel('First name').fill('Jean');
    await staff.getByLabel('Last name').fill('Exemple-Bloqué');
    await staff.getByLabel('Date of birth').fill('1975-02-14');
    await staff.getByLabel('Reason').last().fill('Fraud report 2026-201');
    await staff.getByRole('button', { name: 'Add to the block list' }).click();
    const row = staff.getByRole('row').filter({ hasText: 'Jean Exemple-Bloqué' });
    await expect(row).toContainText('Fraud report 2026-201');
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('block-list-1280.png'), fullPage: true });
    await row.getByLabel('Reason').fill('Cleared by the fraud team');
    await row.getByRole('button', { name: 'Remove Jean Exemple-Bloqué' }).click();
    await expect(staff.getByRole('row').filter({ hasText: 'Jean Exemple-Bloqué' })).toHaveCount(0);
    await context.close();
  });
});
