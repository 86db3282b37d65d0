// Going back and running out of time, as an applicant on a 320 px phone meets them, in English and in
// French. Every step screen has a Back link to the previous screen of the flow on the applicant's path, and
// the answers come back with it. SESSION_WARNING_MINUTES (5) before the session would end for want of
// use, an alert dialog offers 'Stay signed in' (the server extends the session) and 'Exit Application'
// (the server ends it); a session that has ended sends the applicant back to the start page, told why.
// The browser's clock is moved forward (Playwright's clock) instead of waiting an hour: the deadline is
// the server's, counted from the answer that last used the session.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { PHONE_320, expectNewScreen, expectTouchable } from '../fixtures/phone.ts';
import { FIRST_SCREENS_WORDS, type Lang } from '../fixtures/words.ts';
import { VALID_SIN, latestCodeFor, newApplicant, type Applicant } from '../fixtures/applicant.ts';

// Chequing and savings: the savings account is interest bearing, so the SIN step is on the path.
const PRODUCTS = ['1001', '1101'];
const PUBLIC_WEBSITE = 'https://www.omo.example/';

const WORDS = {
  en: {
    ...FIRST_SCREENS_WORDS.en,
    back: 'Back',
    exit: 'Exit Application',
    consentBox: /may check my identity with a credit bureau/,
    finalizeTitle: 'Finalize your account',
    warningTitle: "You'll be signed out soon",
    closesIn: /^Your application will close in \d+ (minutes?|seconds?)\.$/,
    stay: 'Stay signed in',
    save: 'Save and come back later',
    exitTitle: 'Exit your application?',
    returnToApplication: 'Return to my application',
    sessionEnded: "We couldn't find your application in progress.",
  },
  fr: {
    ...FIRST_SCREENS_WORDS.fr,
    back: 'Retour',
    exit: 'Quitter la demande',
    consentBox: /vérifie mon identité auprès d’une agence/,
    finalizeTitle: 'Finalisez votre compte',
    warningTitle: 'Votre session va bientôt se terminer',
    closesIn: /^Votre demande sera fermée dans \d+ (minutes?|secondes?)\.$/,
    stay: 'Rester connecté',
    save: 'Enregistrer et revenir plus tard',
    exitTitle: 'Quitter votre demande?',
    returnToApplication: 'Revenir à ma demande',
    sessionEnded: 'Nous ne trouvons pas votre demande en cours.',
  },
} as const;

test.use(PHONE_320);

const backLink = (page: Page, lang: Lang) => page.getByRole('link', { name: WORDS[lang].back, exact: true });
const continueButton = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: WORDS[lang].continue, exact: true });

/** Landing → getstarted → Create your profile, in the applicant's language. */
async function reachCreateProfile(page: Page, lang: Lang): Promise<void> {
  const w = WORDS[lang];
  await page.addInitScript((l) => localStorage.setItem('omo.lang', l), lang);
  await page.goto(`/?productIds=${PRODUCTS.join(';')}`);
  await page.getByRole('link', { name: w.signUp }).click();
  await page.getByRole('link', { name: w.getStarted }).click();
  await expectNewScreen(page, /\/single\/createprofile$/, w.profileTitle);
}

async function createProfile(page: Page, lang: Lang, applicant: Applicant): Promise<void> {
  await page.locator('#email').fill(applicant.email);
  await page.locator('#password').fill(applicant.password);
  await continueButton(page, lang).click();
  await expectNewScreen(page, /\/single\/personalinfo$/, WORDS[lang].personalTitle);
}

async function fillPersonalInfo(page: Page, lang: Lang, applicant: Applicant): Promise<void> {
  const w = WORDS[lang];
  await page.locator('#firstName').fill(applicant.firstName);
  await page.locator('#lastName').fill(applicant.lastName);
  await page.locator('#dob_month').selectOption(applicant.dob.month);
  await page.locator('#dob_day').fill(applicant.dob.day);
  await page.locator('#dob_year').fill(applicant.dob.year);
  await page.locator('#phoneNumber').fill(applicant.phone);
  await page.getByRole('radio', { name: w.mobile }).check();
  await page.getByRole('group', { name: w.joint }).getByRole('radio', { name: w.no }).check();
}

for (const lang of ['en', 'fr'] as const) {
  const w = WORDS[lang];

  test(`[${lang}] Back on every step goes to the previous step of the flow, with the answers kept`, async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    const applicant = newApplicant();
    await reachCreateProfile(page, lang);

    // Before the profile there is no session: Back to getstarted, nothing to exit.
    await expect(backLink(page, lang)).toHaveAttribute('href', '/single/getstarted');
    await expectTouchable(backLink(page, lang), 'Back');
    await expect(page.getByRole('button', { name: w.exit })).toHaveCount(0);
    await createProfile(page, lang, applicant);

    // Tell us about yourself: Back and Exit, each 44 px to touch; Back brings the e-mail back.
    await expectTouchable(backLink(page, lang), 'Back');
    await expectTouchable(page.getByRole('button', { name: w.exit }), 'Exit Application');
    await expectNoAxeViolations();
    await backLink(page, lang).click();
    await expectNewScreen(page, /\/single\/createprofile$/, w.profileTitle);
    await expect(page.locator('#email')).toHaveValue(applicant.email);
    // The password is never sent back: it is typed again.
    await page.locator('#password').fill(applicant.password);
    await continueButton(page, lang).click();
    await expectNewScreen(page, /\/single\/personalinfo$/, w.personalTitle);
    await fillPersonalInfo(page, lang, applicant);
    await continueButton(page, lang).click();

    // The code was texted as 'Tell us about yourself' was saved (decision 0102): the code screen, whose
    // Back goes to the answers of 'Tell us about yourself' (the send screen gave way to it).
    await expectNewScreen(page, /\/single\/verificationCode$/, w.codeTitle);
    await expect(backLink(page, lang)).toHaveAttribute('href', '/single/personalinfo');
    await backLink(page, lang).click();
    await expectNewScreen(page, /\/single\/personalinfo$/, w.personalTitle);
    await expect(page.locator('#firstName')).toHaveValue(applicant.firstName);
    await expect(page.locator('#lastName')).toHaveValue(applicant.lastName);
    await expect(page.locator('#dob_day')).toHaveValue(applicant.dob.day);
    await expect(page.locator('#dob_year')).toHaveValue(applicant.dob.year);
    await expect(page.getByRole('radio', { name: w.mobile })).toBeChecked();
    await continueButton(page, lang).click();
    await expectNewScreen(page, /\/single\/verificationCode$/, w.codeTitle);
    const code = await latestCodeFor(page.request, applicant.phone);
    await page.locator('.code-input__box').first().focus();
    await page.keyboard.type(code);

    // The right code goes on to the address by itself. Back to the code screen, which says the phone is
    // verified; on again.
    await expectNewScreen(page, /\/single\/address$/, w.addressTitle);
    await backLink(page, lang).click();
    await expectNewScreen(page, /\/single\/verificationCode$/, w.codeTitle);
    await expect(page.getByText(w.verified)).toBeVisible();
    await continueButton(page, lang).click();
    await expectNewScreen(page, /\/single\/address$/, w.addressTitle);
    const search = page.getByRole('combobox').first();
    await search.pressSequentially('290 Bremner', { delay: 20 });
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('.address-selected__box')).toContainText('M5V 3L9');
    await continueButton(page, lang).click();

    // Nothing to choose in these accounts: no 'Confirm your application' (decision 0101). The funding: Back
    // to the chosen address, and on with every account funded by e-Transfer.
    await expectNewScreen(page, /\/single\/funding$/, w.fundingTitle);
    await backLink(page, lang).click();
    await expectNewScreen(page, /\/single\/address$/, w.addressTitle);
    await expect(page.locator('.address-selected__box')).toContainText('M5V 3L9');
    await continueButton(page, lang).click();
    await expectNewScreen(page, /\/single\/funding$/, w.fundingTitle);
    const methods = page.getByRole('radio', { name: w.eTransfer });
    for (let i = 0; i < (await methods.count()); i += 1) await methods.nth(i).check();
    const amounts = page.getByLabel(w.amount);
    for (let i = 0; i < (await amounts.count()); i += 1) await amounts.nth(i).fill('100');
    await continueButton(page, lang).click();

    // The SIN (the savings account is interest bearing): Back to the funding, which is kept, and on.
    await expectNewScreen(page, /\/single\/sin$/, w.sinTitle);
    await expectTouchable(backLink(page, lang), 'Back');
    await backLink(page, lang).click();
    await expectNewScreen(page, /\/single\/funding$/, w.fundingTitle);
    await expect(page.getByRole('radio', { name: w.eTransfer }).first()).toBeChecked();
    await expect(page.getByLabel(w.amount).first()).toHaveValue(/^100(\.00)?$/);
    await continueButton(page, lang).click();
    await expectNewScreen(page, /\/single\/sin$/, w.sinTitle);
    await page.locator('#sin').fill(VALID_SIN);
    await continueButton(page, lang).click();
    await expectNewScreen(page, /\/single\/identityconsent$/, w.consentTitle);
    await page.getByRole('checkbox', { name: w.consentBox }).check();
    await continueButton(page, lang).click();

    // Finalize your account: Back to the consent, kept ticked, and Back again to the SIN, which is kept
    // (only its last three digits are shown).
    await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
    await expect(page.getByRole('heading', { level: 1, name: w.finalizeTitle })).toBeVisible();
    await backLink(page, lang).click();
    await expectNewScreen(page, /\/single\/identityconsent$/, w.consentTitle);
    await expect(page.getByRole('checkbox', { name: w.consentBox })).toBeChecked();
    await backLink(page, lang).click();
    await expectNewScreen(page, /\/single\/sin$/, w.sinTitle);
    await expect(page.locator('.notice').filter({ hasText: VALID_SIN.slice(-3) })).toBeVisible();
    await expectNoAxeViolations();
  });

  test(`[${lang}] the time-out warning: 'Stay signed in' extends, Escape too, and an ended session goes to the start`, async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await reachCreateProfile(page, lang);
    await createProfile(page, lang, newApplicant());
    const dialog = page.getByRole('alertdialog', { name: w.warningTitle });
    const stay = dialog.getByRole('button', { name: w.stay });
    const save = dialog.getByRole('button', { name: w.save });
    const exit = dialog.getByRole('button', { name: w.exit });

    // Nothing yet; 55 minutes later (5 before the end) the warning, focus on 'Stay signed in'.
    await page.clock.fastForward('50:00');
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward('05:30');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(w.closesIn)).toBeVisible();
    await expect(stay).toBeFocused();
    await expect(page.locator('.page')).toHaveAttribute('inert', '');
    await expectTouchable(stay, 'Stay signed in');
    await expectTouchable(save, 'Save and come back later');
    await expectTouchable(exit, 'Exit Application');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations();
    // Focus stays in the dialog ('Save and come back later' between the two: decision 0068).
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(exit).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(stay).toBeFocused();

    // 'Stay signed in': the server gives the session its whole time again, and the dialog closes.
    await stay.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('.page')).not.toHaveAttribute('inert', '');
    const status = await page.request.get('/api/omo/Session');
    expect(status.status()).toBe(200);
    expect((await status.json()).expiresInSeconds).toBeGreaterThan(59 * 60);

    // Counted again from there: the warning comes back 55 minutes later; Escape stays signed in too.
    await page.clock.fastForward('50:00');
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward('05:30');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: w.personalTitle })).toBeVisible();

    // The session ends on the server (as if another tab had exited): when the time is up, the start page.
    expect((await page.request.post('/api/omo/Session/End')).status()).toBe(204);
    await page.clock.fastForward('55:30');
    await expect(dialog).toBeVisible();
    await page.clock.fastForward('05:00');
    await expect(page).toHaveURL(/\/\?productIds=1001;1101&session=ended$/);
    await expect(page.getByText(w.sessionEnded)).toBeVisible();
  });

  test(`[${lang}] Exit Application ends the session on the server, from the step screen or the warning`, async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    await page.route(`${PUBLIC_WEBSITE}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>omo</title><h1>omo Credit Union</h1>' }),
    );
    await page.clock.install();
    await reachCreateProfile(page, lang);
    await createProfile(page, lang, newApplicant());

    // The step screen's Exit asks first; 'Return to my application' goes back where focus was.
    const stepExit = page.getByRole('button', { name: w.exit });
    await stepExit.click();
    const question = page.getByRole('alertdialog', { name: w.exitTitle });
    await expect(question).toBeVisible();
    const back = question.getByRole('button', { name: w.returnToApplication });
    await expect(back).toBeFocused();
    await expectTouchable(back, 'Return to my application');
    await expectNoAxeViolations();
    await back.click();
    await expect(question).toHaveCount(0);
    await expect(stepExit).toBeFocused();

    // The warning's Exit Application: the session ends on the server, then the public website.
    await page.clock.fastForward('55:30');
    const dialog = page.getByRole('alertdialog', { name: w.warningTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: w.exit }).click();
    await expect(page).toHaveURL(PUBLIC_WEBSITE);
    expect((await page.request.get('/api/omo/Application')).status()).toBe(401);

    // From the step screen: the same, after its question.
    await reachCreateProfile(page, lang);
    await createProfile(page, lang, newApplicant());
    await page.getByRole('button', { name: w.exit }).click();
    await page.getByRole('alertdialog', { name: w.exitTitle }).getByRole('button', { name: w.exit }).click();
    await expect(page).toHaveURL(PUBLIC_WEBSITE);
    expect((await page.request.get('/api/omo/Application')).status()).toBe(401);
  });
}
