// Review and terms (spec 001 §2.4–2.5, §4.1, §4.8) as applicants meet them through the real server: each
// section edited in place (Save stores, Cancel discards), the SIN masked with a reveal, the five consent
// statements and Continue's gating, the terms of the product mix with the membership-terms PDF, and the
// decision's route; in English and French, at 320 px, by keyboard, with axe on every page. A review edit
// changes where the application ends.
import type { Page } from '@playwright/test';
import { test, expect, isPhone } from '../fixtures/test.ts';
import { applyToReview, birthDateYearsAgo, newApplicant } from '../fixtures/applicant.ts';
import { EVERYDAY_CHEQUING, HIGH_INTEREST_SAVINGS, STUDENT_CHEQUING } from '../fixtures/products.ts';
import { holdSubmission } from '../fixtures/submit.ts';
import {
  applyAsFarAsTheAddress,
  applyFromTheAddressToFinalize,
  continueButton,
  finalizeAccount,
  legalTerms,
} from '../pages/single-flow.ts';

// Whole stories from the landing page to the decision: longer than the suite's default minute.
test.describe.configure({ timeout: 180_000 });

/** A section of the review, by its name. */
function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test.describe('review your application and accept the terms', () => {
  test('an applicant reviews, edits a section, consents, accepts the terms and is approved @mobile', async ({
    page,
    check,
  }) => {
    const applicant = newApplicant();
    await applyAsFarAsTheAddress(page, [HIGH_INTEREST_SAVINGS], applicant, { check });
    await applyFromTheAddressToFinalize(page, { check, sin: true });
    await finalizeAccount(page, { check });
    await legalTerms(page, { check });

    // The review: every section of the application, the SIN masked.
    await expect(page.getByRole('heading', { level: 1, name: 'Review your application' })).toBeVisible();
    await expect(page).toHaveTitle(/^Review your application/);
    if (isPhone(page)) await expect(page.getByText('STEP 04/04')).toBeVisible();
    const personal = section(page, 'Personal Details');
    await expect(personal).toContainText(`${applicant.firstName} ${applicant.lastName}`);
    await expect(section(page, 'Address')).toContainText('290 Bremner Blvd');
    await expect(section(page, 'Products')).toContainText('High Interest Savings Account');
    await expect(section(page, 'Other')).toContainText('None');
    const sin = section(page, 'SIN');
    await expect(sin).toContainText('***-***-544');
    await expect(sin).not.toContainText('130');
    await check();

    // The reveal asks the server for the applicant's own SIN; Hide masks it again.
    await sin.getByRole('button', { name: 'Show SIN' }).click();
    await expect(sin).toContainText('130-692-544');
    await sin.getByRole('button', { name: 'Hide SIN' }).click();
    await expect(sin).toContainText('***-***-544');

    // Continue waits for the consent.
    await expect(continueButton(page)).toBeDisabled();

    // Edit, by keyboard: the edit mode opens in place, its first field focused; Continue waits for it.
    await personal.getByRole('button', { name: 'Edit Personal Details' }).focus();
    await page.keyboard.press('Enter');
    const firstName = page.getByLabel('Legal first name');
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveValue(applicant.firstName);
    await check();
    await page.getByLabel('Middle name').fill('Marie');
    await expect(continueButton(page)).toBeDisabled();
    await expect(page.getByText('Save or cancel the section you are editing to continue.')).toBeVisible();
    await page.getByRole('button', { name: 'Save Personal Details' }).click();
    // The identity was checked on the name as it was: the check runs again, and the applicant is told why.
    await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
    await expect(
      page.getByText(
        'You changed details we use to confirm your identity, so we are checking your identity again.',
      ),
    ).toBeVisible();
    await check();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/reviewapplication$/);
    await expect(personal).toContainText(`${applicant.firstName} Marie ${applicant.lastName}`);

    // Cancel discards: the promo code typed is not kept.
    const other = section(page, 'Other');
    await other.getByRole('button', { name: 'Edit Other' }).click();
    await page.getByLabel('Promo code').fill('SPRING');
    await page.getByRole('button', { name: 'Cancel the changes to Other' }).click();
    await expect(other).toContainText('None');
    await expect(other).not.toContainText('SPRING');
    // A Save that the rules refuse keeps the edit mode open, the message under the field.
    await other.getByRole('button', { name: 'Edit Other' }).click();
    await page.getByLabel('Referral code').fill('AB123');
    await page.getByRole('button', { name: 'Save Other' }).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['Referral code must begin with RF']);
    await check();
    await page.getByLabel('Referral code').fill('RF2026');
    await page.getByRole('button', { name: 'Save Other' }).click();
    await expect(other).toContainText('RF2026');

    // The five statements, then Continue by keyboard (disabled again once clicked).
    const consent = page.getByRole('region', { name: 'Your consent' });
    await expect(consent.getByRole('listitem')).toHaveCount(5);
    await expect(consent).toContainText('does not affect your credit score');
    await expect(consent).toContainText('within 30 days');
    const box = page.getByRole('checkbox', { name: 'I agree to these five statements' });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).focus();
    await page.keyboard.press('Enter');

    // The terms of a savings account (the base text), the PDF, the checkbox.
    await expect(page).toHaveURL(/\/single\/reviewterms$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Review and accept the Terms and Conditions' }),
    ).toBeVisible();
    const terms = page.getByRole('region', { name: 'Account Terms and Conditions' });
    await expect(terms).toContainText('Using your account');
    await check();
    const download = page.getByRole('link', { name: 'Download the Membership Terms and Conditions (PDF)' });
    const pdf = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(continueButton(page)).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }).check();
    const release = await holdSubmission(page);
    await continueButton(page).click();
    // (The router's own 'Loading…' status may show beside it while the outcome page loads.)
    await expect(
      page.getByRole('status').filter({
        hasText: 'Please wait while we process your application. This can take up to 2 minutes.',
      }),
    ).toBeVisible();
    release();
    // The server decided: approved, with a member number.
    await expect(page).toHaveURL(/\/single\/confirmapplication$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to omo Credit Union!' })).toBeVisible();
    await expect(page.getByLabel('Your member number')).toHaveText(/^\d{6,}$/);
  });

  test('in French: the review, the French terms and PDF, and the decision', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant();
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();
    await applyToReview(page.request, applicant, [EVERYDAY_CHEQUING]);
    await page.goto('/single/reviewapplication');
    await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez votre demande' })).toBeVisible();
    await expect(section(page, 'Renseignements personnels')).toContainText(applicant.firstName);
    await expect(section(page, 'Adresse')).toContainText('Toronto');
    // No SIN was asked for a chequing account: no SIN section.
    await expect(section(page, 'NAS')).toHaveCount(0);
    await expectNoAxeViolations();

    await section(page, 'Adresse').getByRole('button', { name: 'Modifier la section Adresse' }).click();
    await expect(page.getByRole('button', { name: 'Enregistrer la section Adresse' })).toBeVisible();
    await expectNoAxeViolations();
    await page.getByRole('button', { name: 'Annuler les changements à la section Adresse' }).click();

    await expect(page.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'J’accepte ces cinq énoncés' }).check();
    await page.getByRole('button', { name: 'Continuer' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Lisez et acceptez les conditions' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conditions du compte' })).toContainText(
      'Utilisation de votre compte',
    );
    await expectNoAxeViolations();
    const href =
      (await page
        .getByRole('link', { name: 'Télécharger les conditions d’adhésion (PDF)' })
        .getAttribute('href')) ?? '';
    expect(href).toContain('lang=fr');
    const pdf = await page.request.get(href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain('conditions-adhesion.pdf');
    await page.getByRole('checkbox', { name: 'J’ai lu et j’accepte les conditions' }).check();
    const release = await holdSubmission(page);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Veuillez patienter' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/single\/confirmapplication$/, { timeout: 30_000 });
  });

  test('a date of birth edited out of the product’s age range is refused, and a new last name changes the outcome', async ({
    page,
    expectNoAxeViolations,
  }) => {
    // A student (18 to 25) applying for the student chequing account.
    const applicant = newApplicant({ dob: birthDateYearsAgo(20) });
    await applyToReview(page.request, applicant, [STUDENT_CHEQUING]);
    await page.goto('/single/reviewapplication');
    const personal = section(page, 'Personal Details');
    await personal.getByRole('button', { name: 'Edit Personal Details' }).click();
    const older = birthDateYearsAgo(30);
    await page.getByLabel('Year').fill(older.year);
    await page.getByRole('button', { name: 'Save Personal Details' }).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('You must be between 18 and 25 to open a Student Chequing Account');
    await expectNoAxeViolations();
    // Not saved: the server still holds the student's date of birth, and the application cannot go on.
    const view = (await (await page.request.get('/api/omo/Application')).json()) as {
      personalInfo: { dob_year: string };
    };
    expect(view.personalInfo.dob_year).toBe(applicant.dob.year);
    await page.getByRole('checkbox', { name: 'I agree to these five statements' }).check();
    await expect(continueButton(page)).toBeDisabled();

    // The server decides by the saved answers: a last name the sandbox declines ends on the decline page.
    await page.getByLabel('Year').fill(applicant.dob.year);
    await page.getByLabel('Legal last name').fill('Decline');
    await page.getByRole('button', { name: 'Save Personal Details' }).click();
    // A new name is checked again before the application goes on.
    await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/reviewapplication$/);
    await expect(personal).toContainText(`${applicant.firstName} Decline`);
    await page.getByRole('checkbox', { name: 'I agree to these five statements' }).check();
    await continueButton(page).click();
    await page.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }).check();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/applicationdecline$/, { timeout: 30_000 });
  });
});
