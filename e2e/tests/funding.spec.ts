// 'How would you like to fund your account?' (issue 18) as applicants meet it: after the products, a method
// for each account and a first deposit within the catalogue's bounds (the minimum opening deposit, a TFSA's
// annual contribution limit), every message in the error summary; its section on the review, edited in
// place; the welcome page and e-mail saying where to send the Interac e-Transfer, with the member number as
// its message. In French at 320 px, by keyboard; axe on every page. The joint application (the primary
// funds, the co-applicant never meets the step) is in joint.spec.ts.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { applyToReview, emailsTo, newApplicant } from '../fixtures/applicant.ts';
import { EVERYDAY_CHEQUING, TFSA_SAVINGS } from '../fixtures/products.ts';
import {
  applyAsFarAsTheAddress,
  continueButton,
  enterAddressBySearch,
  enterSin,
  finalizeAccount,
  legalTerms,
  reviewAndAccept,
  submitAddress,
} from '../pages/single-flow.ts';

test.describe.configure({ timeout: 180_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const summaryOf = (page: Page, name = 'There is a problem') => page.getByRole('alert', { name });

test.describe('funding the accounts', () => {
  test('each account is funded within its bounds, shown on the review, and the welcome says where to send it @mobile', async ({
    page,
    check,
  }, testInfo) => {
    const applicant = newApplicant();
    await applyAsFarAsTheAddress(page, [EVERYDAY_CHEQUING, TFSA_SAVINGS], applicant, { check });
    await enterAddressBySearch(page, { check });
    await submitAddress(page, { check });

    // Nothing to choose in these accounts: the funding comes after the address, in each product's card
    // (decision 0101).
    await expect(page).toHaveURL(/\/single\/funding$/);
    await expect(heading(page, 'How would you like to fund your account?')).toBeVisible();
    await expect(page).toHaveTitle(/^How would you like to fund your account\?/);
    await check();
    // Nothing chosen: one message per account.
    await continueButton(page).click();
    const summary = summaryOf(page);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Select how you will fund this account',
      'Select how you will fund this account',
    ]);
    await check();

    // The amount is asked once a method other than later is chosen, its bounds in its hint.
    const chequing = page.getByRole('group', { name: 'How will you fund your Everyday Chequing Account?' });
    const tfsa = page.getByRole('group', { name: 'How will you fund your Tax-Free Savings Account (TFSA)?' });
    await chequing.getByRole('radio', { name: 'Interac e-Transfer' }).check();
    const chequingAmount = page.getByLabel('Amount of the first deposit into your Everyday Chequing Account');
    await expect(page.getByText('Minimum opening deposit: $25.00.', { exact: true })).toBeVisible();
    await chequingAmount.fill('10');
    await tfsa.getByRole('radio', { name: 'Interac e-Transfer' }).check();
    const tfsaAmount = page.getByLabel(
      'Amount of the first deposit into your Tax-Free Savings Account (TFSA)',
    );
    await expect(
      page.getByText('Minimum opening deposit: $25.00. This year’s contribution limit: $7,000.00.'),
    ).toBeVisible();
    await tfsaAmount.fill('8000');
    await continueButton(page).click();
    await expect(summary.getByRole('link')).toHaveText([
      'The amount must be at least the minimum opening deposit',
      'The amount must be no more than this year’s contribution limit',
    ]);
    // The summary's link takes the applicant to the field.
    await summary
      .getByRole('link', { name: 'The amount must be at least the minimum opening deposit' })
      .click();
    await expect(chequingAmount).toBeFocused();
    await chequingAmount.fill('150');
    // Later hides the amount (and forgets it).
    await tfsa.getByRole('radio', { name: 'Later' }).check();
    await expect(tfsaAmount).toBeHidden();
    await check();
    await page.screenshot({ path: testInfo.outputPath('funding.png'), fullPage: true });
    await continueButton(page).click();

    // Interest bearing: the SIN, then on to the review.
    await expect(heading(page, "What's your Social Insurance Number?")).toBeVisible();
    await enterSin(page, { check });
    await finalizeAccount(page, { check });
    await legalTerms(page, { check });

    const section = page.getByRole('region', { name: 'Funding', exact: true });
    await expect(section).toContainText('Everyday Chequing Account');
    await expect(section).toContainText('$150.00 by Interac e-Transfer');
    await expect(section).toContainText('Later');
    await check();
    // Edited in place: the TFSA to be funded at a branch.
    await section.getByRole('button', { name: 'Edit Funding' }).click();
    await page
      .getByRole('group', { name: 'How will you fund your Tax-Free Savings Account (TFSA)?' })
      .getByRole('radio', { name: 'A cheque or cash at a branch' })
      .check();
    await page
      .getByLabel('Amount of the first deposit into your Tax-Free Savings Account (TFSA)')
      .fill('500');
    await check();
    await page.getByRole('button', { name: 'Save Funding' }).click();
    await expect(section).toContainText('$500.00 by A cheque or cash at a branch');

    await reviewAndAccept(page);
    const memberNumber = (await page.getByLabel('Your member number').textContent()) ?? '';
    expect(memberNumber).toMatch(/^\d{6,}$/);

    // The welcome page says where and how to send each first deposit.
    const funding = page.getByRole('region', { name: 'Fund your account' });
    await expect(funding).toContainText(
      `To fund your Everyday Chequing Account, send an Interac e-Transfer of $150.00 to deposits@omo.example, with your member number, ${memberNumber}, as its message.`,
    );
    await expect(funding).toContainText(
      'To fund your Tax-Free Savings Account (TFSA), bring a cheque or cash of $500.00 to any of our branches, with your member number.',
    );
    await check();
    await page.screenshot({ path: testInfo.outputPath('welcome-funding.png'), fullPage: true });
    // And the welcome e-mail.
    await expect
      .poll(async () => (await emailsTo(page.request, applicant.email))[0]?.body ?? '', {
        message: 'the welcome e-mail',
        timeout: 30_000,
      })
      .toContain(
        `send an Interac e-Transfer of $150.00 to deposits@omo.example, with your member number, ${memberNumber}, as its message.`,
      );
  });

  test('in French at 320 px, by keyboard alone', async ({ page, expectNoAxeViolations }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const applicant = newApplicant();
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();
    await applyToReview(page.request, applicant, [EVERYDAY_CHEQUING]);
    await page.goto('/single/funding');
    await expect(heading(page, 'Comment souhaitez-vous approvisionner votre compte?')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations();
    // Keyboard: to the first option of the first account, Space chooses it; Tab to the amount.
    const first = page.getByRole('radio', { name: 'Virement Interac' });
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeChecked();
    const amount = page.getByLabel('Montant du premier dépôt dans votre Compte chèques Quotidien');
    await amount.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1 250,50');
    await expect(page.getByText('Dépôt d’ouverture minimal : 25,00 $.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('funding-fr-320.png'), fullPage: true });
    await page.getByRole('button', { name: 'Continuer', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/single\/funding$/);
    const view = (await (await page.request.get('/api/omo/Application')).json()) as {
      answers: { funding: { accounts: { amountCents: number }[] } };
    };
    expect(view.answers.funding.accounts[0]!.amountCents).toBe(125050);
  });
});
