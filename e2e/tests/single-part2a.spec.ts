// Single applicant, part 2a, as applicants meet it through the real server and its sandboxes: how each
// account will be used, the identity check that screen runs (every sandbox persona lands where it should),
// the ID verification terms and the sandbox photo capture, and the compliance questionnaire of the legal
// terms; in English and French, at 320 px, by keyboard, with axe on every page.
import type { Page } from '@playwright/test';
import { test, expect, isPhone } from '../fixtures/test.ts';
import { applyThroughApi, newApplicant } from '../fixtures/applicant.ts';
import {
  EVERYDAY_CHEQUING,
  FHSA_SAVINGS,
  HIGH_INTEREST_SAVINGS,
  ONE_YEAR_GIC,
  TFSA_SAVINGS,
} from '../fixtures/products.ts';
import {
  agreeToIdVerification,
  applyAsFarAsTheAddress,
  applyFromTheAddressToFinalize,
  captureDocuments,
  continueButton,
  finalizeAccount,
  legalTerms,
  pngFile,
} from '../pages/single-flow.ts';

// Whole stories from the landing page to the legal terms: longer than the suite's default minute.
test.describe.configure({ timeout: 180_000 });

/** The identity status the server holds for the page's applicant. */
async function identityStatus(page: Page): Promise<string> {
  const view = (await (await page.request.get('/api/omo/Application')).json()) as {
    identity: { status: string };
  };
  return view.identity.status;
}

test.describe('identity check and account usage', () => {
  test('an applicant the identity provider approves goes from account usage to the legal terms, then the review @mobile', async ({
    page,
    check,
  }) => {
    await applyAsFarAsTheAddress(page, [HIGH_INTEREST_SAVINGS], newApplicant(), { check });
    await applyFromTheAddressToFinalize(page, { check, sin: true });

    // An empty Continue (nothing ticked: every way Never) names each group once (decision 0104).
    await expect(continueButton(page)).toBeEnabled({ timeout: 15_000 });
    await continueButton(page).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'How will money come into this account? Please indicate at least one type of deposit',
      'How will you make your deposits? Please indicate at least one type of deposit',
    ]);
    await check();
    await finalizeAccount(page, { check });
    expect(await identityStatus(page)).toBe('passed');
    if (isPhone(page)) await expect(page.getByText('STEP 04/04')).toBeVisible();
    await legalTerms(page, { check });
  });

  for (const [lastName, status] of [
    ['Fallback', 'denied'],
    ['Decline', 'passed'],
    ['Blocked', 'passed'],
    ['Offer', 'passed'],
    ['Slow', 'passed'],
  ] as const) {
    test(`the ${lastName} persona continues to the legal terms, where its decision waits`, async ({
      page,
    }) => {
      await applyThroughApi(page.request, newApplicant({ lastName }), [EVERYDAY_CHEQUING]);
      await page.goto('/single/finalizeaccount');
      await finalizeAccount(page);
      await expect(page).toHaveURL(/\/single\/legalterms$/);
      expect(await identityStatus(page)).toBe(status);
    });
  }

  test('a TFSA asks the shorter questions (no cash, ABM or branch); an FHSA states its purpose', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await applyThroughApi(page.request, newApplicant(), [TFSA_SAVINGS]);
    await page.goto('/single/finalizeaccount');
    await expect(page.getByRole('heading', { level: 2, name: /Tax-Free Savings Account/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Cash' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'At an ABM' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'At a branch' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Cheques' })).toBeVisible();
    await expectNoAxeViolations();

    const page2 = await page.context().browser()!.newPage();
    try {
      await applyThroughApi(page2.request, newApplicant(), [FHSA_SAVINGS]);
      await page2.goto('/single/finalizeaccount');
      await expect(page2.getByText('Purpose of this account: Savings - Home/Asset Purchase')).toBeVisible();
      await finalizeAccount(page2);
      await expect(page2.getByLabel('Main purpose of the account')).toBeDisabled();
      await expect(page2.getByLabel('Main purpose of the account')).toHaveValue('6');
    } finally {
      await page2.close();
    }
  });
});

test.describe('document verification', () => {
  test('Review: ID verification terms, the photos in the sandbox, then the legal terms @mobile', async ({
    page,
    check,
  }) => {
    await applyThroughApi(page.request, newApplicant({ lastName: 'Review' }), [HIGH_INTEREST_SAVINGS]);
    await page.goto('/single/finalizeaccount');
    await finalizeAccount(page, { check });
    expect(await identityStatus(page)).toBe('stepUp');
    // The legal terms wait until the documents are in.
    await page.goto('/single/legalterms');
    await expect(page).toHaveURL(/\/single\/idverifyterms$/);
    await agreeToIdVerification(page, { check });

    // A file that is not an image is refused before it is sent.
    await page.getByLabel('Front of your ID').setInputFiles({
      name: 'id.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.7 not an image'),
    });
    await expect(page.getByText('Choose a photo in JPEG, PNG, WebP or HEIC format').first()).toBeVisible();
    await check();
    await captureDocuments(page, { check });
    await expect(page).toHaveURL(/\/single\/legalterms$/);
    expect(await identityStatus(page)).toBe('documentApproved');
    await legalTerms(page, { check });
  });

  test('coming back to the ID verification page after the photos moves on by itself', async ({ page }) => {
    await applyThroughApi(page.request, newApplicant({ lastName: 'Review' }), [EVERYDAY_CHEQUING]);
    await page.goto('/single/finalizeaccount');
    await finalizeAccount(page);
    await agreeToIdVerification(page);
    // The photos are sent from elsewhere (another tab, or the provider's own page).
    for (const side of ['front', 'back', 'selfie']) {
      const file = pngFile(`${side}.png`);
      const response = await page.request.put(`/api/omo/DocumentVerification/Capture/${side}`, {
        headers: { 'content-type': file.mimeType },
        data: file.buffer,
      });
      expect(response.ok()).toBe(true);
    }
    expect((await page.request.post('/api/omo/DocumentVerification/Capture/Submit')).ok()).toBe(true);
    await page.goto('/single/idverifyterms');
    // The 2-second poll sees the documents and moves on.
    await expect(page).toHaveURL(/\/single\/legalterms$/, { timeout: 10_000 });
  });
});

test.describe('legal terms', () => {
  test('every question reveals, hides and clears what it should, with the spec messages', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await applyThroughApi(page.request, newApplicant(), [ONE_YEAR_GIC]);
    await page.goto('/single/finalizeaccount');
    await finalizeAccount(page);
    await expect(page).toHaveURL(/\/single\/legalterms$/);
    await continueButton(page).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Choose an option that applies to you');
    await expect(summary).toContainText('Select your occupation');
    await expect(summary).toContainText('Select your intended relationship');
    await expect(summary).toContainText('Select a purpose for this account');
    await expectNoAxeViolations();

    const group = (name: RegExp) => page.getByRole('group', { name });
    await group(/citizen of the United States/)
      .getByRole('radio', { name: 'Yes' })
      .check();
    const usTin = page.getByLabel('US taxpayer identification number (TIN)');
    await usTin.fill('123456789');
    await group(/country other than Canada or the United States/)
      .getByRole('radio', { name: 'Yes' })
      .check();
    await expect(
      page.getByLabel('Country of tax residency').getByRole('option', { name: 'Canada', exact: true }),
    ).toHaveCount(0);
    await group(/politically exposed person/)
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByLabel('Main purpose of the GIC').selectOption('9');
    await continueButton(page).click();
    await expect(summary).toContainText('Enter a valid TIN. The format for TIN should be ###-##-####.');
    await expect(summary).toContainText('Select your country of tax residency');
    await expect(summary).toContainText('Select who is the politically exposed person');
    await expect(summary).toContainText('Select position or office held');
    await expect(summary).toContainText('Select country of Position or Office Held');
    await expect(summary).toContainText('Other purpose cannot be empty');
    await expectNoAxeViolations();

    // 'No' hides and clears.
    await group(/citizen of the United States/)
      .getByRole('radio', { name: 'No' })
      .check();
    await expect(usTin).toHaveCount(0);
    await group(/citizen of the United States/)
      .getByRole('radio', { name: 'Yes' })
      .check();
    await expect(page.getByLabel('US taxpayer identification number (TIN)')).toHaveValue('');
    await group(/country other than Canada or the United States/)
      .getByRole('radio', { name: 'No' })
      .check();
    await group(/citizen of the United States/)
      .getByRole('radio', { name: 'No' })
      .check();
    await group(/politically exposed person/)
      .getByRole('radio', { name: 'No' })
      .check();
    await legalTerms(page);
  });

  test('the questionnaire in French, by keyboard alone, at 320 px @mobile', async ({ page, check }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /français/i }).click();
    await applyThroughApi(page.request, newApplicant(), [EVERYDAY_CHEQUING]);
    await page.request.post('/api/omo/IdentityCheck');
    await page.request.put('/api/omo/Application/AccountUsage', {
      data: {
        [EVERYDAY_CHEQUING]: {
          creditSources: { cash: 0, cheque: 1, payroll: 3, eft: 0 },
          depositSources: { branch: 0, atm: 0, wires: 0, eft: 3 },
        },
      },
    });
    await page.goto('/single/legalterms');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Passez en revue les modalités juridiques' }),
    ).toBeVisible();
    await check();

    // Keyboard only: a radio group takes Tab then Space; the occupation list Down then Enter.
    const choose = async (question: RegExp, value: 'Oui' | 'Non') => {
      const radio = page
        .getByRole('group', { name: question })
        .getByRole('radio', { name: value, exact: true });
      await radio.focus();
      await page.keyboard.press('Space');
      await expect(radio).toBeChecked();
    };
    await choose(/résident du Canada aux fins de l’impôt/, 'Oui');
    await choose(/citoyen des États-Unis/, 'Non');
    await choose(/pays autre que le Canada ou les États-Unis/, 'Non');
    await choose(/politiquement vulnérable/, 'Non');
    await choose(/emploi au Canada/, 'Oui');
    const occupation = page.getByRole('combobox', { name: 'Profession' });
    await occupation.focus();
    await page.keyboard.type('infirm', { delay: 20 });
    await expect(occupation).toHaveAttribute('aria-expanded', 'true');
    // The highlighted suggestion is always in sight, down to the last one.
    const suggestions = page.getByRole('listbox').getByRole('option');
    await expect(suggestions.first()).toBeVisible();
    const count = await suggestions.count();
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('ArrowDown');
      await expect(suggestions.nth(i)).toHaveAttribute('aria-selected', 'true');
      await expect(suggestions.nth(i)).toBeInViewport({ ratio: 0.9 });
    }
    for (let i = 1; i < count; i++) await page.keyboard.press('ArrowUp');
    await expect(suggestions.first()).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press('Enter');
    await expect(occupation).toHaveValue(/infirmi/i);
    await choose(/propriétaire ou exploitant/, 'Non');
    const personal = page.getByRole('radio', {
      name: 'Pour mes opérations bancaires personnelles',
      exact: true,
    });
    await personal.focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Objectif principal du compte').focus();
    await page.getByLabel('Objectif principal du compte').selectOption('1');
    await choose(/seule institution financière/, 'Oui');
    await page.getByRole('button', { name: 'Continuer', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/single\/reviewapplication$/);
  });
});

test.describe('the browser cannot choose what the server decides', () => {
  test('a forged reference number or skipped identity check is ignored', async ({ page }) => {
    const applicant = newApplicant({ lastName: 'Review' });
    const response = await page.request.post('/api/omo/InitializeApplication', {
      data: {
        email: applicant.email,
        password: applicant.password,
        productIds: [EVERYDAY_CHEQUING],
        appRefNo: 'EN-1',
        skipAlloy: true,
      },
    });
    expect(response.ok()).toBe(true);
    expect(await response.json()).toMatch(/^OMO[A-Z0-9]{8}P$/);
  });
});
