/**
 * The back office finishes what issue 21 leaves to a person: a new member's first deposit, typed from the
 * incoming Interac e-Transfer (its message is the member number), and an applicant the sanctions screening
 * matched, waiting in the queue. Staff sign in through the embedded OpenID provider's page.
 */
import { newApplicant, readOutbox } from '../fixtures/applicant.ts';
import { signedInStaff } from '../fixtures/staff.ts';
import { submitThroughApi } from '../fixtures/submit.ts';
import { expect, test } from '../fixtures/test.ts';

const EVERYDAY_CHEQUING = '1001';

test.describe('the back office after the decision', () => {
  test('a reviewer records the first deposit by the e-Transfer’s reference; the member is e-mailed', async ({
    page,
    browser,
    expectNoAxeViolations,
  }, testInfo) => {
    const applicant = newApplicant();
    const saved = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    const memberNumber = saved.primaryCustNo!;
    expect(memberNumber).toMatch(/^\d+$/);

    const { context, page: staff } = await signedInStaff(browser, 'rita', {
      viewport: { width: 1280, height: 800 },
    });
    await staff.getByRole('link', { name: 'Deposits' }).click();
    await expect(staff.getByRole('heading', { name: 'Deposits' })).toBeVisible();
    const reference = staff.getByLabel('Reference (member number in the e-Transfer’s message)');
    const amount = staff.getByLabel('Amount received');
    const record = staff.getByRole('button', { name: 'Record the deposit' });

    // Typed wrong: each field says what to type, and the first one wrong gets the focus.
    await reference.fill('rent for May');
    await amount.fill('ten');
    await record.click();
    await expect(reference).toHaveAccessibleDescription(
      'Enter the member number the message carries, like 10004321.',
    );
    await expect(amount).toHaveAccessibleDescription('Enter the amount received, like 150.00.');
    await expect(reference).toBeFocused();
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('deposit-typed-wrong-1280.png'), fullPage: true });

    // A member number nobody has.
    await reference.fill('99999999999');
    await amount.fill('600');
    await record.click();
    await expect(staff.getByRole('alert')).toHaveText(
      'No member has the number 99999999999. Check the e-Transfer’s message.',
    );
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('deposit-unknown-1280.png'), fullPage: true });

    // The member's e-Transfer, its message typed as it came.
    await reference.fill(`#${memberNumber}`);
    await amount.fill('$600.00');
    await record.click();
    await expect(staff.getByRole('status')).toContainText(
      `Deposit of $600.00 recorded for member ${memberNumber}; the member is e-mailed.`,
    );
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('deposit-recorded-1280.png'), fullPage: true });
    await expect
      .poll(
        async () =>
          (await readOutbox(page.request)).find(
            (m) => m.channel === 'email' && m.to === applicant.email && /first deposit of/.test(m.body),
          )?.body ?? '',
        { timeout: 20_000 },
      )
      .toContain(`Your first deposit of $600.00 arrived in your`);

    // The case it went to, its log naming who recorded it.
    await staff.getByRole('link', { name: 'Open the case' }).click();
    await expect(staff.getByRole('heading', { name: `Case ${String(saved.appRefNo)}` })).toBeVisible();
    await expect(staff.getByRole('table').last()).toContainText('Record the first deposit');

    // A second deposit for the same member: no account awaits one. In French, on a 768 px tablet.
    await staff.getByRole('link', { name: 'Deposits' }).click();
    await staff.setViewportSize({ width: 768, height: 1000 });
    await staff.getByRole('button', { name: 'Français' }).click();
    // By keyboard alone: the fields in order, Enter records.
    await staff.getByLabel('Référence (numéro de membre dans le message du virement)').focus();
    await staff.keyboard.type(memberNumber);
    await staff.keyboard.press('Tab');
    await expect(staff.getByLabel('Montant reçu')).toBeFocused();
    await staff.keyboard.type('25,00');
    await staff.keyboard.press('Enter');
    await expect(staff.getByRole('alert')).toHaveText(
      `Aucun compte du membre ${memberNumber} n’attend de premier dépôt : rien n’a été inscrit.`,
    );
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('deposit-none-awaiting-768-fr.png'), fullPage: true });
    await context.close();
  });

  test('a fictional listed person is held for staff: the queue shows the screening hit', async ({
    page,
    browser,
    expectNoAxeViolations,
  }, testInfo) => {
    // Mara Sanctionne (README, "Sandbox screening").
    const applicant = newApplicant({ firstName: 'Mara', lastName: 'Sanctionne' });
    const saved = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    expect(saved.showTimeoutScreen).toBe(true);
    expect(saved.primaryCustNo).toBeNull();
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/processingapplication$/);

    const { context, page: staff } = await signedInStaff(browser, 'rita', {
      viewport: { width: 1280, height: 800 },
    });
    await staff.getByLabel('Reference number or e-mail address').fill(applicant.email);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    const reference = String(saved.appRefNo);
    const row = staff.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Held for review: sanctions screening hit');
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('queue-screening-hit-1280.png'), fullPage: true });
    await row.getByRole('link', { name: reference }).click();
    await expect(staff.getByRole('heading', { name: `Case ${reference}` })).toBeVisible();
    await expect(staff.locator('dt:has-text("Reason") + dd')).toHaveText(
      'Held for review: sanctions screening hit',
    );
    await expect(staff.locator('dt:has-text("Member number")')).toHaveCount(0);
    await staff.setViewportSize({ width: 768, height: 1000 });
    await staff.getByRole('button', { name: 'Français' }).click();
    await expect(staff.locator('dt:has-text("Motif") + dd')).toHaveText(
      'Retenu pour examen : correspondance au filtrage des sanctions',
    );
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: testInfo.outputPath('case-screening-hit-768-fr.png'), fullPage: true });
    // A reviewer sees what matched, and cannot clear it.
    await staff.getByRole('button', { name: 'English' }).click();
    await expect(staff.getByRole('heading', { name: 'Sanctions screening matches' })).toBeVisible();
    await expect(staff.getByText(/Mara Sanctionne · score \d+%/)).toBeVisible();
    await expect(staff.getByText('Clear the screening match: another person')).toHaveCount(0);
    await context.close();

    // A supervisor finds it another person, says why: the decision is taken again and the member opened.
    const supervisor = await signedInStaff(browser, 'sophie', { viewport: { width: 1280, height: 800 } });
    await supervisor.page.getByLabel('Reference number or e-mail address').fill(applicant.email);
    await supervisor.page.getByRole('button', { name: 'Apply filters' }).click();
    await supervisor.page
      .getByRole('row')
      .filter({ hasText: reference })
      .getByRole('link', { name: reference })
      .click();
    await supervisor.page
      .locator('summary', { hasText: 'Clear the screening match: another person' })
      .click();
    await supervisor.page
      .locator('#reason-clearScreeningHit')
      .fill('Another person: born in another year and country');
    await supervisor.page.getByRole('button', { name: 'Clear the screening match: another person' }).click();
    await expect(supervisor.page.locator('dt:text-is("Decision") + dd')).toHaveText('Member opened');
    await expect(supervisor.page.locator('dt:has-text("Member number") + dd')).toHaveText(/^\d+$/);
    await expect(
      supervisor.page.getByRole('cell', { name: 'Another person: born in another year and country' }),
    ).toBeVisible();
    await expectNoAxeViolations(supervisor.page);
    await supervisor.page.screenshot({
      path: testInfo.outputPath('case-screening-cleared-1280.png'),
      fullPage: true,
    });
    await supervisor.context.close();
    // The applicant's page shows the welcome.
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/confirmapplication$/);
  });
});
