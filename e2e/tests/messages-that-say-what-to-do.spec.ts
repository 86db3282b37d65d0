// Messages that say what to do, on 'Tell us about yourself': an empty date of birth is one message, in the
// summary and under the question; an applicant too young to apply online is told at the top of the page,
// with no field to fix. In English on a desktop and in French at 320 px; axe on the page with its errors.
import { test, expect, expectNoHorizontalScroll, screenshot as shot } from '../fixtures/test.ts';
import { newApplicant } from '../fixtures/applicant.ts';
import { createProfile, startApplication } from '../pages/single-flow.ts';

test.describe.configure({ timeout: 120_000 });

const EVERYDAY_CHEQUING = '1001';

const TEXTS = {
  en: {
    continue: 'Continue',
    dob: 'Date of birth',
    dobMissing: 'Enter your date of birth',
    firstName: 'Legal first name',
    lastName: 'Legal last name',
    month: 'Month',
    day: 'Day',
    year: 'Year',
    phone: 'Phone number',
    mobile: 'Mobile',
    joint: 'Would you like to open a joint account with a co-applicant?',
    no: 'No',
    tooYoung:
      /^You must have reached the age of majority in your province or territory of residence to become a member online\. Call us at [\d-]+ to discuss other options\.$/,
  },
  fr: {
    continue: 'Continuer',
    dob: 'Date de naissance',
    dobMissing: 'Entrez votre date de naissance',
    firstName: 'Prénom (nom légal)',
    lastName: 'Nom de famille (nom légal)',
    month: 'Mois',
    day: 'Jour',
    year: 'Année',
    phone: 'Numéro de téléphone',
    mobile: 'Cellulaire',
    joint: 'Voulez-vous ouvrir un compte conjoint avec un codemandeur?',
    no: 'Non',
    tooYoung:
      /^Vous devez avoir atteint l’âge de la majorité dans votre province ou territoire de résidence pour devenir membre en ligne\. Appelez-nous au [\d-]+ pour discuter d’autres options\.$/,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = TEXTS[language];
  test(`the date of birth is one message, and a too-young applicant is told at the top (${language})${language === 'fr' ? ' @mobile' : ''}`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    await startApplication(page, [EVERYDAY_CHEQUING]);
    await createProfile(page, newApplicant());
    if (language === 'fr') await page.getByRole('button', { name: /français/i }).click();
    const continueButton = page.getByRole('button', { name: t.continue, exact: true });

    // Nothing answered: the date of birth is one message, the first link of its question.
    await continueButton.click();
    const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(summary).toBeFocused();
    const dateLinks = summary.getByRole('link', { name: t.dobMissing, exact: true });
    await expect(dateLinks).toHaveCount(1);
    await expect(summary.getByRole('link', { name: /naissance|birth/ })).toHaveCount(1);
    const group = page.getByRole('group', { name: t.dob });
    // One message under the question (after its hidden 'Error:' prefix).
    await expect(group.locator('.field__error')).toHaveCount(1);
    await expect(group.locator('.field__error')).toHaveText(new RegExp(`${t.dobMissing}$`));
    await dateLinks.click();
    await expect(group.getByLabel(language === 'fr' ? t.day : t.month)).toBeFocused();
    await expectNoAxeViolations();
    if (language === 'fr') await expectNoHorizontalScroll(page);
    await shot(page, `personalinfo-dob-${language}.png`, (n) => testInfo.outputPath(n));

    // Ten years old: said at the top of the page, nothing to fix under the date.
    await page.getByLabel(t.firstName).fill('Alex');
    await page.getByLabel(t.lastName).fill('Martin');
    await group.getByLabel(t.month).selectOption('03');
    await group.getByLabel(t.day).fill('27');
    await group.getByLabel(t.year).fill(String(new Date().getFullYear() - 10));
    await page.getByLabel(t.phone, { exact: true }).fill('6135550123');
    await page.getByRole('radio', { name: t.mobile }).check();
    await page.getByRole('group', { name: t.joint }).getByRole('radio', { name: t.no }).check();
    await continueButton.click();
    await expect(summary).toBeFocused();
    await expect(summary.getByText(t.tooYoung)).toBeVisible();
    await expect(summary.getByRole('link')).toHaveCount(0);
    await expect(group.getByText(/majorit/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/single\/personalinfo$/);
    await expectNoAxeViolations();
    if (language === 'fr') await expectNoHorizontalScroll(page);
    await shot(page, `personalinfo-too-young-${language}.png`, (n) => testInfo.outputPath(n));
  });
}
