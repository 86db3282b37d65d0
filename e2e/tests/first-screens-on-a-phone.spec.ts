// The first screens as an applicant on a 320 px phone meets them, in English and in French, with four
// products: every control on the main path is at least 44 x 44 px to touch (measured, not read from CSS),
// every new screen opens at its top, the header fits on two lines, a field in error keeps its width, the
// password checklist tells its three states apart, an address search that finds nothing says so with the
// way on beside it, a wrong code keeps its digits with the error summary, a failed send says what to do,
// and the words are right in both languages (French: typographic apostrophes on every page).
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { PHONE_320, expectNewScreen, expectTouchable } from '../fixtures/phone.ts';
import { FIRST_SCREENS_WORDS, type Lang } from '../fixtures/words.ts';
import {
  VALID_SIN,
  latestCodeFor,
  messagesFor,
  newApplicant,
  newPhoneNumber,
  type Applicant,
} from '../fixtures/applicant.ts';

const ONE_YEAR_GIC = '1301';
const PRODUCTS = [ONE_YEAR_GIC, '1001', '1101', '1401'];

/** What the applicant reads and clicks, in each language. */
const WORDS = {
  en: {
    ...FIRST_SCREENS_WORDS.en,
    continueUnverified: 'Continue without verifying',
    sinTip: 'Why do you need my SIN?',
    toggle: 'Français',
    menu: 'Menu',
    privacy: 'Privacy policy',
    terms: 'Terms of use',
    summary: 'There is a problem',
    profileBanner: 'Set up your profile',
    consent: /from omo Credit Union about products/,
    firstName: 'Legal first name',
    home: 'Home',
    dob: 'Date of birth',
    monthSample: 'January',
    dateOrder: ['dob_month', 'dob_day', 'dob_year'],
    change: 'Change phone number',
    verifyCall: 'Verify by Voice Call',
    sendFailed:
      'Something went wrong when sending the verification code. Check that your phone number is correct, choose the other way to get the code (SMS or Voice Call), or try again.',
    phoneLabel: 'Phone number',
    submit: 'Submit',
    digit1: 'Digit 1 of 6',
    digit: (n: number) => `Digit ${n} of 6`,
    expiry: 'The code expires 10 minutes after we send it.',
    invalidCode: 'Invalid code, please try again',
    resendCall: 'Resend code by Voice Call',
    resendSms: 'Resend code by SMS',
    search: 'Search for your address',
    enterManually: 'Enter address manually',
    notFound: "We can't find that address.",
    selection: 'You must select an address from the list of options',
    mailingSame: 'Mailing address is the same as home address',
    lead: "Check the accounts you're applying for.",
    learnMore: /^LEARN MORE/,
    learnMoreAbout: /Learn more about 1-Year Non-Redeemable GIC/,
    termLabel: 'Length and term',
    termTip: 'What is the length and term?',
    renewalLabel: 'Renewal option',
    oneYear: '1 Year 3.25%',
    tfsa: 'Tax-Free Savings Account (TFSA)',
    sinLabel: 'Social Insurance Number (SIN)',
    consentBox: 'I agree that omo Credit Union may check my identity with a credit bureau',
  },
  fr: {
    ...FIRST_SCREENS_WORDS.fr,
    continueUnverified: 'Continuer sans vérifier',
    sinTip: 'Pourquoi avez-vous besoin de mon NAS?',
    toggle: 'English',
    menu: 'Menu',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions d’utilisation',
    summary: 'Il y a un problème',
    profileBanner: 'Créez votre profil',
    consent: /des communications d’omo Credit Union au sujet/,
    firstName: 'Prénom (nom légal)',
    home: 'Domicile',
    dob: 'Date de naissance',
    monthSample: 'janvier',
    dateOrder: ['dob_day', 'dob_month', 'dob_year'],
    change: 'Modifier le numéro de téléphone',
    verifyCall: 'Vérifier par appel vocal',
    sendFailed:
      'Une erreur s’est produite lors de l’envoi du code de vérification. Vérifiez que votre numéro de téléphone est exact, choisissez l’autre façon de recevoir le code (texto ou appel vocal), ou réessayez.',
    phoneLabel: 'Numéro de téléphone',
    submit: 'Soumettre',
    digit1: 'Chiffre 1 sur 6',
    digit: (n: number) => `Chiffre ${n} sur 6`,
    expiry: 'Le code expire 10 minutes après son envoi.',
    invalidCode: 'Code invalide, veuillez réessayer',
    resendCall: 'Renvoyer le code par appel vocal',
    resendSms: 'Renvoyer le code par texto',
    search: 'Recherchez votre adresse',
    enterManually: 'Entrer l’adresse manuellement',
    notFound: 'Nous ne trouvons pas cette adresse.',
    selection: 'Vous devez sélectionner une adresse dans la liste des options',
    mailingSame: 'L’adresse postale est la même que l’adresse domiciliaire',
    lead: 'Vérifiez les comptes que vous demandez.',
    learnMore: /^EN SAVOIR PLUS/,
    learnMoreAbout: /En savoir plus sur le CPG non rachetable de 1 an/,
    termLabel: 'Durée',
    termTip: 'Qu’est-ce que la durée?',
    renewalLabel: 'Option de renouvellement',
    oneYear: '1 an 3,25\u00a0%',
    tfsa: 'Compte d’épargne libre d’impôt (CELI)',
    sinLabel: 'Numéro d’assurance sociale (NAS)',
    consentBox:
      'J’accepte que omo Credit Union vérifie mon identité auprès d’une agence d’évaluation du crédit',
  },
} as const;

test.use(PHONE_320);
// Each story goes through several screens in one language: longer than the suite's default minute.
test.describe.configure({ timeout: 120_000 });

/** French pages write the apostrophe as ’: no straight one in the text shown. */
async function expectFrenchTypography(page: Page, lang: Lang): Promise<void> {
  if (lang !== 'fr') return;
  const text = await page.evaluate(() => document.body.innerText);
  const lines = text.split('\n').filter((line) => line.includes("'"));
  expect(lines, `straight apostrophes on ${page.url()}`).toEqual([]);
}

/** The header's controls and the footer's links, all touchable; the header on at most two lines. */
async function expectFrame(page: Page, lang: Lang): Promise<void> {
  const w = WORDS[lang];
  await expectTouchable(page.getByRole('button', { name: w.menu, exact: true }), 'menu button');
  await expectTouchable(page.locator('.language-toggle'), 'language toggle');
  await expectTouchable(page.getByRole('link', { name: w.privacy }), 'privacy link');
  await expectTouchable(page.getByRole('link', { name: w.terms }), 'terms link');
  const header = await page.evaluate(() => {
    const name = document.querySelector('.logo__name')!;
    const lineHeight = parseFloat(getComputedStyle(name).lineHeight);
    const rows = ['.logo', '.header__menu-button', '.language-toggle'].map((s) => {
      const r = document.querySelector(s)!.getBoundingClientRect();
      return r.top + r.height / 2;
    });
    return {
      nameLines: Math.round(name.getBoundingClientRect().height / lineHeight),
      rowSpread: Math.max(...rows) - Math.min(...rows),
    };
  });
  expect(header.nameLines, 'institution name lines').toBeLessThanOrEqual(2);
  // The logo, the menu and the language toggle share one row.
  expect(header.rowSpread, 'header controls on one row').toBeLessThan(12);
}

async function reachCreateProfile(page: Page, lang: Lang): Promise<void> {
  const w = WORDS[lang];
  await page.addInitScript((l) => localStorage.setItem('omo.lang', l), lang);
  await page.goto(`/?productIds=${PRODUCTS.join(';')}`);
  await page.getByRole('link', { name: w.signUp }).click();
  await expect(page).toHaveURL(/\/single\/getstarted$/);
  await expectTouchable(page.getByRole('button', { name: w.sinTip }), 'SIN tooltip button');
  // 'To open a 1-Year Non-Redeemable GIC account...': hyphenated words are never split over two lines.
  const whole = await page
    .locator('.section-heading .nowrap')
    .evaluateAll((spans) => spans.map((s) => [s.textContent, s.getClientRects().length]));
  if (lang === 'en')
    expect(whole).toEqual([
      ['1-Year', 1],
      ['Non-Redeemable', 1],
    ]);
  await expectFrame(page, lang);
  await expectFrenchTypography(page, lang);
  await page.getByRole('link', { name: w.getStarted }).click();
  await expectNewScreen(page, /\/single\/createprofile$/, w.profileTitle);
}

async function createProfile(page: Page, lang: Lang, applicant: Applicant): Promise<void> {
  await page.locator('#email').fill(applicant.email);
  await page.locator('#password').fill(applicant.password);
  await page.getByRole('button', { name: WORDS[lang].continue, exact: true }).click();
  await expectNewScreen(page, /\/single\/personalinfo$/, WORDS[lang].personalTitle);
}

async function personalInfo(
  page: Page,
  lang: Lang,
  applicant: Applicant,
  phoneType: 'home' | 'mobile',
): Promise<void> {
  const w = WORDS[lang];
  await page.getByLabel(w.firstName).fill(applicant.firstName);
  await page.locator('#lastName').fill(applicant.lastName);
  await page.locator('#dob_month').selectOption(applicant.dob.month);
  await page.locator('#dob_day').fill(applicant.dob.day);
  await page.locator('#dob_year').fill(applicant.dob.year);
  await page.locator('#phoneNumber').fill(applicant.phone);
  await page.getByRole('radio', { name: phoneType === 'home' ? w.home : w.mobile }).check();
  // No joint question when a registered plan (the TFSA) is among the products.
  const joint = page.getByRole('group', { name: w.joint });
  if (await joint.isVisible()) await joint.getByRole('radio', { name: w.no }).check();
  // Continue is at the bottom of a long page: the next screen must still open at its top.
  await page.getByRole('button', { name: w.continue, exact: true }).click();
  // A mobile phone is texted its code now (decision 0102): the code screen; a home phone, or a number the
  // sandbox refuses (ending in 0000), the send screen.
  if (phoneType === 'home' || applicant.phone.endsWith('0000')) {
    await expectNewScreen(page, /\/single\/phoneverification$/, w.phoneTitle);
  } else {
    await expectNewScreen(page, /\/single\/verificationCode$/, w.codeTitle);
  }
}

for (const lang of ['en', 'fr'] as const) {
  const w = WORDS[lang];

  test(`[${lang}] the main path at 320 px: touch targets, screens at the top, words, recovery`, async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant();
    await reachCreateProfile(page, lang);

    // Create your profile: the banner speaks like the heading; consent names the institution properly.
    await expect(page.locator('.step-banner__name')).toHaveText(w.profileBanner);
    await expect(page.getByText(w.consent)).toBeVisible();
    await expectTouchable(page.locator('#consent'), 'consent checkbox');
    // The password checklist: nothing is ticked before anything is typed.
    const items = page.locator('.password-checklist__item');
    await expect(items).toHaveCount(5);
    await expect(page.locator('.password-checklist__item[data-state="pending"]')).toHaveCount(5);
    const password = page.locator('#password');
    const widthBefore = (await password.boundingBox())!.width;
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    const summary = page.getByRole('alert', { name: w.summary });
    await expect(summary).toBeFocused();
    await expectTouchable(summary.getByRole('link'), 'error summary links');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    expect((await password.boundingBox())!.width, 'password field in error keeps its width').toBe(
      widthBefore,
    );
    await password.fill('abc');
    await expect(page.locator('[data-state="met"] .password-checklist__mark').first()).toHaveText('✓');
    await expect(page.locator('[data-state="unmet"] .password-checklist__mark').first()).toHaveText('✕');
    await expect(page.locator('[data-state="pending"]')).toHaveCount(0);
    await expectNoAxeViolations();
    await expectFrenchTypography(page, lang);
    await createProfile(page, lang, applicant);

    // Tell us about yourself: radios touchable; French dates day-month-year, months in lower case.
    await expectTouchable(page.getByRole('radio'), 'radios');
    const order = await page
      .getByRole('group', { name: w.dob })
      .locator('input, select')
      .evaluateAll((controls) => controls.map((c) => c.id));
    expect(order).toEqual(w.dateOrder);
    await expect(page.locator('#dob_month option').nth(1)).toHaveText(w.monthSample);
    await expectFrenchTypography(page, lang);
    await personalInfo(page, lang, applicant, 'home');

    // Phone verification: a home phone is offered the voice call first, as the main action.
    await expectTouchable(page.getByRole('button', { name: w.change }), 'Change');
    const ways = page.getByRole('button', { name: new RegExp(`^(${w.verifyCall}|${w.verifySms})$`) });
    await expect(ways.first()).toHaveText(w.verifyCall);
    await expect(ways.first()).toHaveClass('button');
    await expectFrenchTypography(page, lang);
    const sent = (await messagesFor(page.request, applicant.phone)).length;
    await ways.first().click();

    // The code: six 44 px boxes, the code's life, the voice call first again.
    await expectNewScreen(page, /\/single\/verificationCode$/, w.codeTitle);
    const boxes = page.locator('.code-input__box');
    await expectTouchable(boxes, 'code boxes');
    await expect(page.getByText(w.expiry)).toBeVisible();
    const resend = page.locator('.resend__links button');
    await expectTouchable(resend, 'resend links');
    await expect(resend).toHaveText([w.resendCall, w.resendSms]);
    const code = await latestCodeFor(page.request, applicant.phone, { after: sent });
    expect((await messagesFor(page.request, applicant.phone))[0]?.channel).toBe('voice');

    // A wrong code: the error summary, the digits kept and selected for retyping. It starts like the
    // right one, so retyping begins by typing the same digit over the selected first box.
    const wrong = code[0] + (code.slice(1) === '11111' ? '22222' : '11111');
    await page.getByLabel(w.digit1).focus();
    await page.keyboard.type(wrong);
    const codeSummary = page.getByRole('alert', { name: w.summary });
    await expect(codeSummary).toBeFocused();
    await expect(page.locator('.code-input').getByText(w.invalidCode)).toBeVisible();
    for (let n = 1; n <= 6; n += 1) {
      await expect(page.getByLabel(w.digit(n))).toHaveValue(wrong[n - 1]!);
      await expect(page.getByLabel(w.digit(n))).toHaveClass(/code-input__box--selected/);
    }
    await expect(page).toHaveTitle(/^(Error|Erreur) ?: /);
    await expectNoAxeViolations();
    await expectFrenchTypography(page, lang);
    await codeSummary.getByRole('link', { name: w.invalidCode }).click();
    await expect(page.getByLabel(w.digit1)).toBeFocused();
    // The right code goes on to the address by itself (decision 0102).
    await page.keyboard.type(code);

    // The address: nothing found is said on screen, with manual entry beside it.
    await expectNewScreen(page, /\/single\/address$/, w.addressTitle);
    await expectTouchable(page.getByRole('button', { name: w.enterManually }), 'Enter address manually');
    await expectTouchable(page.getByRole('checkbox', { name: w.mailingSame }), 'mailing checkbox');
    const search = page.getByRole('combobox', { name: w.search });
    await search.pressSequentially('zzzz qqqq', { delay: 20 });
    const notice = page.locator('.combobox__notice');
    await expect(notice).toContainText(w.notFound);
    await expect(notice.getByRole('button', { name: w.enterManually })).toBeVisible();
    // One way to manual entry on screen, beside the message.
    await expect(page.getByRole('button', { name: w.enterManually })).toHaveCount(1);
    await expectNoAxeViolations();
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await expect(page.getByRole('alert', { name: w.summary })).toContainText(w.selection);
    await expect(search).toHaveValue('zzzz qqqq');
    await expectFrenchTypography(page, lang);

    // At 1280 px the suggestions push the manual-entry link down instead of covering it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await search.fill('');
    await search.pressSequentially('290 Bremner', { delay: 20 });
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    const list = (await page.getByRole('listbox').boundingBox())!;
    const manual = page.getByRole('button', { name: w.enterManually });
    const link = (await manual.boundingBox())!;
    expect(link.y, 'manual-entry link below the list').toBeGreaterThanOrEqual(list.y + list.height);
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
      { x: link.x + link.width / 2, y: link.y + link.height / 2 },
    );
    expect(hit).toBe(w.enterManually);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.address-selected__box')).toContainText('M5V 3L9');
    await page.getByRole('button', { name: w.continue, exact: true }).click();

    // Confirm your application: four cards with room for their text, and plural terms.
    await expectNewScreen(page, /\/single\/confirmproducts$/, w.confirmTitle);
    await expect(page.getByText(w.lead)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: w.tfsa, exact: true })).toBeVisible();
    const words = await page
      .locator('.product-card .nowrap')
      .evaluateAll((spans) => spans.map((s) => [s.textContent, s.getClientRects().length]));
    if (lang === 'en') expect(words).toContainEqual(['Non-Redeemable', 1]);
    for (const [text, rects] of words) expect(rects, `'${String(text)}' on one line`).toBe(1);
    const title = (await page.locator('.product-card__title').first().boundingBox())!;
    expect(title.width, 'room for the product card text').toBeGreaterThanOrEqual(250);
    await expectTouchable(page.getByRole('link', { name: w.learnMore }), 'LEARN MORE links');
    await expect(page.getByRole('link', { name: w.learnMoreAbout })).toBeVisible();
    await expectTouchable(page.getByRole('button', { name: w.termTip }), 'term tooltip');
    const term = page.getByLabel(w.termLabel, { exact: true });
    await expect(term.locator('option', { hasText: w.oneYear })).toHaveCount(1);
    await term.selectOption({ label: w.oneYear });
    await page.getByLabel(w.renewalLabel).selectOption({ index: 1 });
    await expectNoAxeViolations();
    await expectFrenchTypography(page, lang);
    await page.getByRole('button', { name: w.continue, exact: true }).click();

    // The funding: one choice per account, each its own group, within 320 px.
    await expectNewScreen(page, /\/single\/funding$/, w.fundingTitle);
    const methods = page.getByRole('radio', { name: w.eTransfer });
    for (let i = 0; i < (await methods.count()); i += 1) await methods.nth(i).check();
    const amounts = page.getByLabel(w.amount);
    for (let i = 0; i < (await amounts.count()); i += 1) await amounts.nth(i).fill('1000');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations();
    await expectFrenchTypography(page, lang);
    await page.getByRole('button', { name: w.continue, exact: true }).click();

    await expectNewScreen(page, /\/single\/sin$/, w.sinTitle);
    await page.getByLabel(w.sinLabel).fill(VALID_SIN);
    await expectFrenchTypography(page, lang);
    await page.getByRole('button', { name: w.continue, exact: true }).click();

    // The consent to the identity check, on its own and unticked, before the check runs.
    await expectNewScreen(page, /\/single\/identityconsent$/, w.consentTitle);
    const consent = page.getByRole('checkbox', { name: w.consentBox });
    await expect(consent).not.toBeChecked();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations();
    await expectFrenchTypography(page, lang);
    await consent.check();
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
  });

  test(`[${lang}] a failed send says what to do next; three wrong codes offer 'Continue without verifying'`, async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant({ phone: newPhoneNumber('0000') });
    await reachCreateProfile(page, lang);
    await createProfile(page, lang, applicant);
    await personalInfo(page, lang, applicant, 'mobile');

    // A mobile phone is offered the text message first.
    await page.getByRole('button', { name: w.verifySms }).click();
    await expect(page.getByRole('alert').filter({ hasText: w.sendFailed })).toBeVisible();
    await expectNoAxeViolations();
    await expectFrenchTypography(page, lang);

    // Check the number: change it, and the code arrives.
    const phone = newPhoneNumber();
    await page.getByRole('button', { name: w.change }).click();
    await page.getByLabel(w.phoneLabel, { exact: true }).fill(phone);
    await page.getByRole('button', { name: w.submit }).click();
    await page.getByRole('button', { name: w.verifySms }).click();
    await expectNewScreen(page, /\/single\/verificationCode$/, w.codeTitle);
    const code = await latestCodeFor(page.request, phone);

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const box = page.getByLabel(w.digit1);
      await box.click();
      // The first digit typed over a selected wrong code starts the code again.
      await page.keyboard.type(String(attempt).repeat(6) === code ? '999999' : String(attempt).repeat(6));
      await expect(page.locator('.code-input').getByText(w.invalidCode)).toBeVisible();
    }
    const onward = page.getByRole('button', { name: w.continueUnverified });
    await expect(onward).toBeEnabled();
    await expect(onward).toBeFocused();
    await expect(page.getByRole('button', { name: w.continue, exact: true })).toHaveCount(0);
    await expectTouchable(onward, 'Continue without verifying');
    await expectNoAxeViolations();
    await expectFrenchTypography(page, lang);
    await onward.click();
    await expectNewScreen(page, /\/single\/address$/, w.addressTitle);
  });
}
