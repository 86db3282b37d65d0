// Joint applications as two people meet them, each in their own browser: the primary names a co-applicant
// and submits their part; the co-applicant opens the e-mailed link, goes through the shared screens in
// their joint form and submits; both end as members. The start page says who invited them to what. Also
// the invitation's dead ends: an unknown or used code (said on the page),
// an ended invitation, and the primary going on alone through the link e-mailed once it ended (or once the
// co-applicant's part cannot go on), confirming with their password; the invitation is for the person invited.
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import {
  JOINT_LINK,
  VALID_SIN,
  latestCodeFor,
  linkMailedTo,
  maskedPhone,
  newApplicant,
  type Applicant,
} from '../fixtures/applicant.ts';
import {
  agreeToIdVerification,
  captureDocuments,
  confirmProducts,
  continueButton,
  createProfile,
  enterAddressBySearch,
  enterEmailCode,
  enterSin,
  giveIdentityConsent,
  fillPersonalInfo,
  finalizeAccount,
  jointQuestion,
  legalTerms,
  reviewAndAccept,
  sinField,
  startApplication,
  submitAddress,
  typeCode,
  verifyPhone,
} from '../pages/single-flow.ts';

test.describe.configure({ timeout: 240_000 });

const EVERYDAY_CHEQUING = '1001';
const HIGH_INTEREST_SAVINGS = '1101';
const FRENCH_CODE_LABELS = { send: 'M’envoyer un code par courriel', code: 'Code reçu par courriel' };
const SINGLE_LINK = /https?:\/\/\S+\/single\/applyassingle\?code=[\w-]+&ApplicantType=primary/;

interface SaveResponse {
  primaryCustNo: string | null;
  jointCustNo: string | null;
  [flag: string]: unknown;
}

/** Consents on the review and accepts the terms through the API, as the review and terms screens do. */
async function submitThroughApi(request: APIRequestContext, path: string): Promise<SaveResponse> {
  expect((await request.put('/api/omo/Application/ReviewConsent', { data: { consent: true } })).ok()).toBe(
    true,
  );
  const res = await request.post(path, {
    data: { termsAccepted: true, fhsaDeclaration: false, language: 'en' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as SaveResponse;
}

/** The primary, in the browser, names `coApplicant` on 'Tell us about yourself' and gets to the review. */
async function primaryInvites(
  page: Page,
  primary: Applicant,
  coApplicant: Applicant,
  product = EVERYDAY_CHEQUING,
): Promise<void> {
  await startApplication(page, [product]);
  await createProfile(page, primary);
  await fillPersonalInfo(page, primary);
  await jointQuestion(page).getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel("Co-applicant's first name").fill(coApplicant.firstName);
  await page.getByLabel("Co-applicant's last name").fill(coApplicant.lastName);
  await page.getByLabel("Co-applicant's email address").fill(coApplicant.email);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/single\/verificationCode$/);
  await verifyPhone(page, primary);
  await enterAddressBySearch(page);
  await submitAddress(page);
  if (product === EVERYDAY_CHEQUING) await confirmProducts(page, { next: 'finalizeaccount' });
  else {
    await confirmProducts(page, { next: 'sin' });
    await enterSin(page);
  }
  await finalizeAccount(page);
  await legalTerms(page);
}

/**
 * A new primary invites Sam `lastName` (the last name picks Sam's sandbox persona) and submits their part;
 * answers the two applicants and the link e-mailed to Sam.
 */
async function primaryInvitesSam(page: Page, lastName: string, product = EVERYDAY_CHEQUING) {
  const primary = newApplicant();
  const coApplicant = newApplicant({ firstName: 'Sam', lastName });
  await primaryInvites(page, primary, coApplicant, product);
  await submitThroughApi(page.request, '/api/omo/SaveApplication');
  return { primary, coApplicant, link: await linkMailedTo(page.request, coApplicant.email, JOINT_LINK) };
}

/** The co-applicant opens the invitation, enters the code e-mailed to them and chooses their password. */
async function coApplicantCreatesProfile(phone: Page, link: string, coApplicant: Applicant): Promise<void> {
  await phone.goto(link);
  await phone.getByRole('link', { name: 'Get Started' }).click();
  await enterEmailCode(phone, coApplicant.email);
  await phone.getByLabel('Password', { exact: true }).fill(coApplicant.password);
  await continueButton(phone).click();
}

/** The co-applicant's personal information, the code texted to their phone, and their address by search. */
async function coApplicantAsFarAsTheProducts(phone: Page, coApplicant: Applicant): Promise<void> {
  await fillPersonalInfo(phone, coApplicant);
  await continueButton(phone).click();
  await expect(phone).toHaveURL(/\/joint\/verificationCode$/);
  await typeCode(phone, await latestCodeFor(phone.request, coApplicant.phone));
  await expect(phone).toHaveURL(/\/joint\/address$/);
  await enterAddressBySearch(phone);
  await continueButton(phone).click();
}

/**
 * The co-applicant, from personal information to the review: the code texted to their phone, the address
 * by search, the consent to the identity check and the legal terms (no interest-bearing product).
 */
async function coApplicantAnswers(phone: Page, coApplicant: Applicant): Promise<void> {
  await coApplicantAsFarAsTheProducts(phone, coApplicant);
  await giveIdentityConsent(phone);
  await legalTerms(phone);
}

/**
 * A joint application whose co-applicant, Sam `lastName`, is a sandbox persona: the primary invites them
 * and submits; Sam, on their own laptop, creates their profile, answers every step and submits. Answers the
 * primary, Sam's page and the answer to Sam's submission.
 */
async function coApplicantPersonaSubmits(
  page: Page,
  browser: Browser,
  lastName: string,
): Promise<{ primary: Applicant; phone: Page; joint: SaveResponse }> {
  const { primary, coApplicant, link } = await primaryInvitesSam(page, lastName);
  const phone = await secondDevice(browser, 1280);
  await coApplicantCreatesProfile(phone, link, coApplicant);
  await coApplicantAnswers(phone, coApplicant);
  const joint = await submitThroughApi(phone.request, '/api/omo/SaveJointApplication');
  return { primary, phone, joint };
}

/** Where the server sends each page's applicant next (their application's nextPath). */
async function nextPaths(...pages: Page[]): Promise<string[]> {
  const views = await Promise.all(
    pages.map(
      async (p) => (await (await p.request.get('/api/omo/Application')).json()) as { nextPath: string },
    ),
  );
  return views.map((v) => v.nextPath);
}

/** The primary opens the apply-as-single link and confirms with their password. */
async function goOnAlone(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Open your membership on your own' }),
  ).toBeVisible();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Open my membership alone' }).click();
}

/** Presses Tab from the top of the page until `target` has the focus (the keyboard's way to it). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('The keyboard never reached the field');
}

/** A second person on their own device (a new browser context). */
async function secondDevice(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 720 } });
  return context.newPage();
}

test.describe('joint applications', () => {
  test('a primary invites a co-applicant, who finishes on their own phone: two members', async ({
    page,
    browser,
    expectNoAxeViolations,
    check: checkPage,
  }) => {
    const primary = newApplicant();
    const coApplicant = newApplicant({ firstName: 'Sam', lastName: 'Nguyen' });
    await primaryInvites(page, primary, coApplicant);
    await reviewAndAccept(page, /\/single\/confirmcoapplicantapplication$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your part of the application is complete' }),
    ).toBeVisible();
    await expect(
      page.getByText(`${coApplicant.firstName} must finish within 7 days`, { exact: false }),
    ).toBeVisible();
    // Until the co-applicant starts, the primary can send the invitation again (or to a corrected address).
    const address = page.getByLabel(`${coApplicant.firstName}'s email address`);
    await expect(address).toHaveValue(coApplicant.email);
    await page.getByRole('button', { name: 'Send the invitation again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We sent the invitation to' })).toHaveText(
      `We sent the invitation to ${coApplicant.email}.`,
    );
    await expectNoAxeViolations();
    await page.screenshot({ path: test.info().outputPath('joint-primary-complete-en.png'), fullPage: true });

    // The co-applicant's phone, 320 px wide: the link of the invitation e-mail.
    const link = await linkMailedTo(page.request, coApplicant.email, JOINT_LINK);
    const phone = await secondDevice(browser, 320);
    const check = () => checkPage(phone);
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: "Let's get you started" })).toBeVisible();
    // Who invited them to what, and the account with its fees.
    await expect(
      phone.getByText(
        `${primary.firstName} ${primary.lastName} has invited you to open a joint Everyday Chequing Account.`,
      ),
    ).toBeVisible();
    await expect(
      phone.getByRole('heading', { level: 2, name: 'Everyday Chequing Account (joint)' }),
    ).toBeVisible();
    await expect(phone.getByText('$4.95 monthly fee, waived with a $3,000 balance')).toBeVisible();
    await expect(
      phone.getByRole('heading', { name: 'To open an Everyday Chequing account...' }),
    ).toBeVisible();
    await check();
    await phone.screenshot({ path: test.info().outputPath('joint-getstarted-en.png'), fullPage: true });
    await phone.getByRole('link', { name: 'Get Started' }).click();
    await expect(phone).toHaveURL(/\/joint\/createprofile\?jointCode=/);
    await expect(phone.getByLabel('Email address')).toHaveValue(coApplicant.email);
    await check();
    await enterEmailCode(phone, coApplicant.email);
    await phone.getByLabel('Password', { exact: true }).fill(coApplicant.password);
    await continueButton(phone).click();

    await expect(phone).toHaveURL(/\/joint\/personalinfo$/);
    await expect(jointQuestion(phone)).toHaveCount(0);
    await check();
    await fillPersonalInfo(phone, coApplicant);
    await continueButton(phone).click();
    // The code was texted as 'Tell us about yourself' was saved (decision 0102).
    await expect(phone).toHaveURL(/\/joint\/verificationCode$/);
    await expect(phone.getByText(maskedPhone(coApplicant.phone), { exact: true })).toBeVisible();
    await check();
    await typeCode(phone, await latestCodeFor(phone.request, coApplicant.phone));
    await expect(phone).toHaveURL(/\/joint\/address$/);
    // The co-applicant confirms no products: their own steps are numbered 1 to 3.
    await expect(phone.getByText('STEP 02/03')).toBeVisible();
    await check();
    await enterAddressBySearch(phone);
    await continueButton(phone).click();
    // No interest-bearing product: the consent, whose save runs the identity check, then the legal terms.
    await expect(phone.getByText('STEP 03/03')).toBeVisible();
    await giveIdentityConsent(phone, { check });
    await legalTerms(phone, { check });
    // The accounts' funding is the primary's (asked of them after the products): not the co-applicant's.
    await expect(phone.getByRole('region', { name: 'Funding', exact: true })).toHaveCount(0);
    await reviewAndAccept(phone, /\/joint\/confirmapplication$/, { check });
    const joint = (
      (await (await phone.request.get('/api/omo/Application')).json()) as {
        decision: { response: SaveResponse };
      }
    ).decision.response;
    expect(joint.primaryCustNo).toMatch(/^\d+$/);
    expect(joint.jointCustNo).toMatch(/^\d+$/);
    expect(joint.jointCustNo).not.toBe(joint.primaryCustNo);
    expect(await nextPaths(page, phone)).toEqual(['/single/confirmapplication', '/joint/confirmapplication']);
    await expect(phone.getByText(joint.jointCustNo!, { exact: true })).toBeVisible();
    await check();
    await page.reload();
    await expect(page).toHaveURL(/\/single\/confirmapplication$/);
    await expect(page.getByText(joint.primaryCustNo!, { exact: true })).toBeVisible();
    // The primary's welcome says where to send the first deposit they chose; the co-applicant's does not.
    await expect(page.getByRole('region', { name: 'Fund your account' })).toContainText(
      `send an Interac e-Transfer of $1,000.00 to deposits@omo.example, with your member number, ${joint.primaryCustNo}, as its message.`,
    );
    await expect(phone.getByRole('region', { name: 'Fund your account' })).toHaveCount(0);
    await expectNoAxeViolations();
    // The link, used, says so (not that the service is unavailable).
    await phone.goto(link);
    await expect(
      phone.getByRole('heading', { level: 1, name: 'This invitation link is not valid' }),
    ).toBeVisible();
    await phone.context().close();
  });

  test('a co-applicant in French on an interest-bearing product, the Fallback persona: SIN, ID terms, photos, legal terms, ID in person', async ({
    page,
    browser,
    check: checkPage,
  }) => {
    const { primary, coApplicant, link } = await primaryInvitesSam(page, 'Fallback', HIGH_INTEREST_SAVINGS);

    const phone = await secondDevice(browser, 320);
    const check = () => checkPage(phone);
    await phone.goto(link);
    await phone.getByRole('button', { name: 'Afficher cette page en français' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Commençons' })).toBeVisible();
    await expect(
      phone.getByText(`${primary.firstName} ${primary.lastName} vous invite à ouvrir un compte conjoint :`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(phone.getByRole('heading', { level: 2, name: /\(conjoint\)$/ })).toBeVisible();
    await check();
    await phone.screenshot({ path: test.info().outputPath('joint-getstarted-fr.png'), fullPage: true });
    await phone.getByRole('link', { name: 'Commencer' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Créez votre profil' })).toBeVisible();
    await expect(phone.getByLabel('Adresse courriel')).toHaveValue(coApplicant.email);
    await check();
    await enterEmailCode(phone, coApplicant.email, FRENCH_CODE_LABELS);
    await phone.getByLabel('Mot de passe', { exact: true }).fill(coApplicant.password);
    await phone.getByRole('button', { name: 'Continuer', exact: true }).click();
    await expect(phone).toHaveURL(/\/joint\/personalinfo$/);
    await check();
    await phone.getByRole('button', { name: 'Display this page in English' }).click();

    await coApplicantAsFarAsTheProducts(phone, coApplicant);
    // An interest-bearing product: the SIN first, then the consent, whose save runs the identity check.
    await expect(phone).toHaveURL(/\/joint\/sin$/);
    // The SIN is asked in 'Confirm your products': four steps then.
    await expect(phone.getByText('STEP 03/04')).toBeVisible();
    await expect(
      phone.getByRole('heading', { level: 1, name: "What's your Social Insurance Number?" }),
    ).toBeVisible();
    await check();
    await sinField(phone).fill(VALID_SIN);
    await continueButton(phone).click();
    await giveIdentityConsent(phone, { check });
    await agreeToIdVerification(phone, { check });
    await captureDocuments(phone, { check });
    await legalTerms(phone, { check });

    const joint = await submitThroughApi(phone.request, '/api/omo/SaveJointApplication');
    expect(joint.showCanadaPostScreen).toBe(true);
    const view = (await (await phone.request.get('/api/omo/Application')).json()) as { nextPath: string };
    expect(view.nextPath).toBe('/joint/verifyidentification');
    await phone.goto(view.nextPath);
    await expect(
      phone.getByRole('heading', { level: 1, name: "Let's confirm your identity in person" }),
    ).toBeVisible();
    await expect(phone.getByRole('img', { name: /barcode/i })).toBeVisible({ timeout: 15_000 });
    await check();
    await phone.context().close();
  });

  test('the Decline persona as co-applicant declines the joint membership, for both', async ({
    page,
    browser,
    expectNoAxeViolations,
  }) => {
    const { phone, joint } = await coApplicantPersonaSubmits(page, browser, 'Decline');
    expect(joint.showDeclineScreen).toBe(true);
    expect(await nextPaths(page, phone)).toEqual(['/single/applicationdecline', '/joint/applicationdecline']);
    await phone.goto('/joint/applicationdecline');
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(phone);
    await phone.context().close();
  });

  for (const lang of ['en', 'fr'] as const) {
    test(`[${lang}] an unknown joint code says the link is not valid and what to do @mobile`, async ({
      page,
      expectNoAxeViolations,
    }, testInfo) => {
      if (lang === 'fr') await page.addInitScript(() => localStorage.setItem('omo.lang', 'fr'));
      await page.goto('/joint/getstarted?jointCode=not-a-real-code-00000000000000000000000000');
      await expect(page).toHaveURL(/\/joint\/getstarted\?jointCode=/);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: lang === 'en' ? 'This invitation link is not valid' : 'Ce lien d’invitation n’est pas valide',
        }),
      ).toBeVisible();
      await expect(
        page.getByText(lang === 'en' ? /already been used, or it is not complete/ : /déjà été utilisé/),
      ).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: '1-800-555-0199' })).toBeVisible();
      await expectNoAxeViolations();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`joint-unknown-${lang}.png`), fullPage: true });
    });
  }

  test('an ended invitation goes to /error/5, and the primary goes on alone with the link e-mailed once', async ({
    page,
    browser,
  }) => {
    const { primary, link } = await primaryInvitesSam(page, 'Nguyen');
    const clock = (offsetHours: number) => page.request.post('/api/dev/clock', { data: { offsetHours } });
    try {
      await clock(7 * 24 + 1);
      const phone = await secondDevice(browser, 320);
      await phone.goto(link);
      await expect(phone).toHaveURL(/\/error\/5$/);
      await phone.context().close();
      expect((await page.request.post('/api/dev/joint/sweep')).ok()).toBe(true);
    } finally {
      await clock(0);
    }
    const single = await linkMailedTo(page.request, primary.email, SINGLE_LINK);
    const laptop = await secondDevice(browser, 1280);
    await goOnAlone(laptop, single, primary.password);
    await expect(laptop).toHaveURL(/\/single\/confirmapplication$/, { timeout: 30_000 });
    // Once only.
    const again = await secondDevice(browser, 1280);
    await goOnAlone(again, single, primary.password);
    await expect(again).toHaveURL(/\/error\/1$/);
    await laptop.context().close();
    await again.context().close();
  });

  test('the invitation is for the person invited: the e-mail is fixed and proved by a code sent to it, a second browser cannot take the place of the co-applicant who started, another name waits for review', async ({
    page,
    browser,
    expectNoAxeViolations,
  }) => {
    const { coApplicant, link } = await primaryInvitesSam(page, 'Nguyen');

    // The co-applicant starts on their phone.
    const phone = await secondDevice(browser, 320);
    await phone.goto(link);
    await phone.getByRole('link', { name: 'Get Started' }).click();
    const email = phone.getByLabel('Email address');
    await expect(email).toHaveValue(coApplicant.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(
      phone.getByText('The address your invitation was sent to. It cannot be changed.'),
    ).toBeVisible();
    // The code e-mailed to the invited address comes first: Continue without it is refused on the field.
    await phone.getByLabel('Password', { exact: true }).fill(coApplicant.password);
    await continueButton(phone).click();
    await expect(phone.getByText('Enter the 6-digit code we emailed you').first()).toBeVisible();
    await enterEmailCode(phone, coApplicant.email);
    await expect(
      phone.getByText(`We sent a 6-digit code to ${coApplicant.email}. It works for 10 minutes.`),
    ).toBeVisible();
    await expectNoAxeViolations(phone);
    await expectNoHorizontalScroll(phone);
    await continueButton(phone).click();
    await expect(phone).toHaveURL(/\/joint\/personalinfo$/);

    // Someone else with the link, in another browser, by keyboard: refused on the password.
    const other = await secondDevice(browser, 1280);
    await other.goto(link);
    await other.getByRole('link', { name: 'Get Started' }).click();
    await expect(other.getByLabel('Email address')).toHaveValue(coApplicant.email);
    // Even holding the invited mailbox's code.
    await enterEmailCode(other, coApplicant.email);
    await tabTo(other, other.getByLabel('Password', { exact: true }));
    await other.keyboard.type('Someone9else');
    await other.keyboard.press('Enter');
    await expect(
      other
        .getByText(
          'This invitation was already used to start an application. Enter the password chosen then to continue.',
        )
        .first(),
    ).toBeVisible();
    await expect(other).toHaveURL(/\/joint\/createprofile/);
    await expectNoAxeViolations(other);
    await other.context().close();

    // The co-applicant goes on, giving another legal name than the invited one: held for review.
    await coApplicantAnswers(phone, { ...coApplicant, firstName: 'Samantha' });
    await reviewAndAccept(phone, /\/joint\/processingapplication$/);
    await expectNoAxeViolations(phone);
    expect(await nextPaths(page, phone)).toEqual([
      '/single/confirmcoapplicantapplication',
      '/joint/processingapplication',
    ]);
    await phone.context().close();
  });

  test('a blocked co-applicant: the primary is e-mailed the apply-as-single link, and goes on alone by keyboard at 320 px after confirming with their password', async ({
    page,
    browser,
    expectNoAxeViolations,
  }) => {
    const { primary, phone, joint } = await coApplicantPersonaSubmits(page, browser, 'Blocked');
    expect(joint.showBlockListErrorScreen).toBe(true);
    await phone.context().close();

    const single = await linkMailedTo(page.request, primary.email, SINGLE_LINK);
    const mobile = await secondDevice(browser, 320);
    // Opening the link sends nothing (a mail scanner following it uses nothing up).
    const calls: string[] = [];
    mobile.on('request', (r) => {
      if (r.url().includes('/api/omo/ApplyAsSingle')) calls.push(r.method());
    });
    await mobile.goto(single);
    await expect(
      mobile.getByRole('heading', { level: 1, name: 'Open your membership on your own' }),
    ).toBeVisible();
    await expectNoAxeViolations(mobile);
    await expectNoHorizontalScroll(mobile);
    expect(calls).toEqual([]);
    // A wrong password: told on the field; the link still works.
    const password = mobile.getByLabel('Your password');
    await tabTo(mobile, password);
    await mobile.keyboard.type('Wrong9pass');
    await mobile.keyboard.press('Enter');
    await expect(
      mobile.getByText('This password does not match your application. Try again.').first(),
    ).toBeVisible();
    await expectNoAxeViolations(mobile);
    await password.fill('');
    await password.focus();
    await mobile.keyboard.type(primary.password);
    await mobile.keyboard.press('Enter');
    await expect(mobile).toHaveURL(/\/single\/confirmapplication$/, { timeout: 30_000 });
    await expectNoAxeViolations(mobile);
    await mobile.context().close();
  });
});
