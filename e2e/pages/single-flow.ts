/**
 * Page helpers that walk one step of the single-applicant flow the way an applicant does: find the page by
 * its heading, fill the fields by their labels, press Continue, and wait for the next route. `check` runs on
 * every page the helper lands on (axe, and at 320 px the horizontal-scroll check), before anything is typed.
 */
import { expect, type Page } from '@playwright/test';
import {
  VALID_SIN,
  latestCodeFor,
  latestEmailCode,
  maskedPhone,
  messagesFor,
  type Applicant,
} from '../fixtures/applicant.ts';

/** Runs on every page a helper reaches (e.g. axe). */
export type PageCheck = () => Promise<void>;

export interface StepOptions {
  check?: PageCheck;
}

async function onPage(page: Page, path: RegExp, heading: string | RegExp, check?: PageCheck): Promise<void> {
  await arriveAt(page, path);
  await seeHeading(page, heading);
  await check?.();
}

/** The screen's heading: waited for by its text (a cheap check of one element), then asserted by role and name. */
async function seeHeading(page: Page, heading: string | RegExp): Promise<void> {
  await page.locator('h1', { hasText: heading }).first().waitFor();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Waits for the app to be at this address. Not `expect(page).toHaveURL`: each of its polls that misses
 * takes a snapshot of the whole page's accessibility tree, work a phone's page would do while the save it
 * waits for is answered (bench/continue.ts measures that wait). `expect(...).toBeVisible()` does the same
 * while its element is missing.
 */
export async function arriveAt(page: Page, path: RegExp, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForURL(path, options);
}

/** The app has taken over a page the server rendered (decision 0105): it takes input. */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

export function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue', exact: true });
}

/** Landing with the products → 'No, Sign me up' → getstarted → 'Get Started' → Create your profile. */
export async function startApplication(
  page: Page,
  productIds: string[],
  { sweep = false, check }: StepOptions & { sweep?: boolean } = {},
): Promise<void> {
  await page.goto(`/?productIds=${productIds.join(';')}${sweep ? '&sweep=true' : ''}`);
  await seeHeading(page, 'Are you an existing member?');
  await check?.();
  await page.getByRole('link', { name: /No, Sign me up/ }).click();
  await onPage(page, /\/single\/getstarted$/, "Let's get you started", check);
  await page.getByRole('link', { name: 'Get Started' }).click();
  await onPage(page, /\/single\/createprofile$/, 'Create your profile', check);
}

export async function fillCreateProfile(page: Page, applicant: Applicant): Promise<void> {
  await page.getByLabel('Email address').fill(applicant.email);
  await page.getByLabel('Password', { exact: true }).fill(applicant.password);
}

/** 'Create your profile': e-mail and password, Continue → personal information. */
export async function createProfile(page: Page, applicant: Applicant, { check }: StepOptions = {}) {
  await onPage(page, /\/single\/createprofile$/, 'Create your profile', check);
  await fillCreateProfile(page, applicant);
  await continueButton(page).click();
  await onPage(page, /\/single\/personalinfo$/, 'Tell us about yourself', check);
}

/** The joint-account question of personal information (absent for RRSP, TFSA and FHSA). */
export function jointQuestion(page: Page) {
  return page.getByRole('group', { name: 'Would you like to open a joint account with a co-applicant?' });
}

export async function fillPersonalInfo(page: Page, applicant: Applicant): Promise<void> {
  await page.getByLabel('Legal first name').fill(applicant.firstName);
  await page.getByLabel('Legal last name').fill(applicant.lastName);
  await page.getByLabel('Month').selectOption(applicant.dob.month);
  await page.getByLabel('Day').fill(applicant.dob.day);
  await page.getByLabel('Year').fill(applicant.dob.year);
  await page.getByLabel('Phone number', { exact: true }).fill(applicant.phone);
  await page.getByRole('radio', { name: 'Mobile' }).check();
  if (await jointQuestion(page).isVisible()) {
    await jointQuestion(page).getByRole('radio', { name: 'No' }).check();
  }
}

/**
 * 'Tell us about yourself': names, date of birth, a mobile phone; Continue texts the code (decision 0102) →
 * the code screen; a send the sandbox refused (a number ending in 0000) → the send screen, which says why.
 */
export async function personalInfo(page: Page, applicant: Applicant, { check }: StepOptions = {}) {
  await fillPersonalInfo(page, applicant);
  await continueButton(page).click();
  await arriveAt(page, /\/single\/(phoneverification|verificationCode)$/);
  if (page.url().endsWith('/phoneverification')) {
    await onPage(page, /\/single\/phoneverification$/, 'We need to verify your phone number', check);
    await expect(page.getByText(maskedPhone(applicant.phone), { exact: true })).toBeVisible();
  } else {
    await onPage(page, /\/single\/verificationCode$/, 'Verify your phone number', check);
  }
}

/** Types a code into the six boxes with the keyboard (each digit moves to the next box). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(code);
}

/** 'Verify by SMS' → the code screen (already there when personal information texted a mobile phone). */
export async function sendCodeBySms(page: Page, { check }: StepOptions = {}): Promise<void> {
  if (/\/phoneverification$/.test(page.url())) {
    await page.getByRole('button', { name: 'Verify by SMS' }).click();
  }
  await onPage(page, /\/single\/verificationCode$/, 'Verify your phone number', check);
}

/**
 * Phone verification: on the send screen 'Verify by SMS' (a mobile phone's code was already sent from
 * personal information); read the code the sandbox sent (outbox), type it into the focused first box; the
 * right code goes on to the address by itself.
 */
export async function verifyPhone(page: Page, applicant: Applicant, { check }: StepOptions = {}) {
  let before = 0;
  if (/\/phoneverification$/.test(page.url())) {
    before = (await messagesFor(page.request, applicant.phone)).length;
    await sendCodeBySms(page, { check });
  }
  await expect(
    page.getByText(`We've sent a 6-digit code to +1\u00a0${maskedPhone(applicant.phone)}`),
  ).toBeVisible();
  const code = await latestCodeFor(page.request, applicant.phone, { after: before });
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await page.keyboard.type(code);
  await onPage(page, /\/single\/address$/, 'Where do you live?', check);
}

/** The address search combobox (home or mailing). */
export function addressSearch(page: Page, kind: 'home' | 'mailing' = 'home') {
  return page.getByRole('combobox', {
    name: kind === 'home' ? 'Search for your address' : 'Search for your mailing address',
  });
}

/** Types into the address combobox and picks the first suggestion with ArrowDown + Enter. */
async function pickAddressWithKeyboard(
  page: Page,
  text: string,
  kind: 'home' | 'mailing' = 'home',
): Promise<void> {
  const search = addressSearch(page, kind);
  await search.focus();
  await search.pressSequentially(text, { delay: 20 });
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /option-0$/);
  await page.keyboard.press('Enter');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
}

/** Address by search: '290 Bremner', first suggestion by keyboard, the formatted address shown. */
export async function enterAddressBySearch(page: Page, { check }: StepOptions = {}): Promise<void> {
  await pickAddressWithKeyboard(page, '290 Bremner');
  await expect(page.getByText('Your home address')).toBeVisible();
  await expect(page.getByText('290 Bremner Blvd', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText(/M5V 3L9/).filter({ visible: true })).toBeVisible();
  await check?.();
}

export interface ManualAddress {
  streetNumber: string;
  unitNumber?: string;
  streetName: string;
  cityName: string;
  /** Province code (select value), e.g. 'ON'. */
  province: string;
  postalCode: string;
}

export const OTTAWA: ManualAddress = {
  streetNumber: '111',
  streetName: 'Wellington St',
  cityName: 'Ottawa',
  province: 'ON',
  postalCode: 'K1A 0A9',
};

/** Fills the manual fields of the home address, or of the mailing block when `within` is it. */
export async function fillManualAddress(
  page: Page,
  address: ManualAddress,
  kind: 'home' | 'mailing' = 'home',
): Promise<void> {
  const scope =
    kind === 'home'
      ? page.getByRole('group', { name: 'Your home address' })
      : page.getByRole('group', { name: 'Your mailing address' });
  await scope.getByLabel('Street number').fill(address.streetNumber);
  if (address.unitNumber) await scope.getByLabel('Unit number').fill(address.unitNumber);
  await scope.getByLabel('Street name').fill(address.streetName);
  await scope.getByLabel('City name').fill(address.cityName);
  await scope.getByLabel('Province').selectOption(address.province);
  await scope.getByLabel('Postal code').fill(address.postalCode);
}

/** 'Enter address manually' and the manual fields (home address). */
export async function enterAddressManually(
  page: Page,
  address: ManualAddress = OTTAWA,
  { check }: StepOptions = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Enter address manually' }).first().click();
  await expect(page.getByLabel('Street number')).toBeFocused();
  await fillManualAddress(page, address);
  await check?.();
}

/**
 * Continue on the address page → 'Confirm your application' when a product offers a choice (a term
 * deposit), else the funding (decision 0101).
 */
export async function submitAddress(page: Page, { check }: StepOptions = {}): Promise<void> {
  await continueButton(page).click();
  await arriveAt(page, /\/single\/(confirmproducts|funding)$/);
  if (page.url().endsWith('/confirmproducts')) {
    await onPage(page, /\/single\/confirmproducts$/, 'Confirm your application', check);
  }
}

/**
 * 'How would you like to fund your account?': every account by Interac e-Transfer, $1,000 (at least every
 * catalogue minimum, within every contribution limit); Continue.
 */
export async function fundAccounts(page: Page, { check }: StepOptions = {}): Promise<void> {
  await onPage(page, /\/single\/funding$/, 'How would you like to fund your account?', check);
  const methods = page.getByRole('radio', { name: 'Interac e-Transfer' });
  for (let i = 0; i < (await methods.count()); i += 1) await methods.nth(i).check();
  const amounts = page.getByLabel(/^Amount of the first deposit/);
  for (let i = 0; i < (await amounts.count()); i += 1) await amounts.nth(i).fill('1000');
  await continueButton(page).click();
}

/**
 * 'Confirm your application' (a term deposit's choices; passed by when there are none): term choices when
 * given; Continue → funding → `next`.
 */
export async function confirmProducts(
  page: Page,
  {
    check,
    term,
    next,
  }: StepOptions & { term?: { length: string; renewal: string }; next: 'sin' | 'finalizeaccount' },
): Promise<void> {
  if (/\/confirmproducts$/.test(page.url())) {
    if (term) {
      await page.getByLabel('Length and term').selectOption({ label: term.length });
      await page.getByLabel('Renewal option').selectOption({ label: term.renewal });
    }
    await continueButton(page).click();
  }
  await fundAccounts(page, { check });
  if (next === 'sin') await onPage(page, /\/single\/sin$/, "What's your Social Insurance Number?", check);
  else await consentToIdentityCheck(page, { check });
}

/** The consent to the identity check (asked on its own, unticked, before the check runs). */
function identityConsentBox(page: Page) {
  return page.getByRole('checkbox', { name: /may check my identity with a credit bureau/ });
}

/** 'Can we check your identity with a credit bureau?' (either flow): the box, unticked, ticked; Continue. */
export async function giveIdentityConsent(page: Page, { check }: StepOptions = {}): Promise<void> {
  await onPage(
    page,
    /\/(single|joint)\/identityconsent$/,
    'Can we check your identity with a credit bureau?',
    check,
  );
  await expect(identityConsentBox(page)).not.toBeChecked();
  await identityConsentBox(page).check();
  await continueButton(page).click();
}

/** The consent, then finalize account (whose opening runs the check). */
async function consentToIdentityCheck(page: Page, { check }: StepOptions = {}): Promise<void> {
  await giveIdentityConsent(page, { check });
  await onPage(page, /\/single\/finalizeaccount$/, /.+/, check);
}

/** The SIN field. */
export function sinField(page: Page) {
  return page.getByLabel('Social Insurance Number (SIN)');
}

/** "What's your Social Insurance Number?": the valid SIN, Continue → the consent → finalize account. */
export async function enterSin(page: Page, { check }: StepOptions = {}): Promise<void> {
  await sinField(page).fill(VALID_SIN);
  await expect(sinField(page)).toHaveValue('130 692 544');
  await continueButton(page).click();
  await consentToIdentityCheck(page, { check });
}

/**
 * 'Finalize your account': waits for the identity check the page runs, ticks pay or pension and online in
 * every account's lists, each 'Every week or two' (the rest not ticked: Never), Continue.
 */
export async function finalizeAccount(page: Page, { check }: StepOptions = {}): Promise<void> {
  await seeHeading(page, 'Finalize your account');
  await expect(continueButton(page)).toBeEnabled({ timeout: 15_000 });
  await check?.();
  for (const way of ['Pay or pension (direct deposit)', 'Online or in the mobile app']) {
    const boxes = page.getByRole('checkbox', { name: way, exact: true });
    for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
    const scales = page.getByRole('group', { name: `${way}: how often?` });
    for (let i = 0; i < (await scales.count()); i++) {
      await scales.nth(i).getByRole('radio', { name: 'Every week or two' }).check();
    }
  }
  await continueButton(page).click();
}

/** 'Let's verify your identity': the consent, Continue → the sandbox capture page. */
export async function agreeToIdVerification(page: Page, { check }: StepOptions = {}): Promise<void> {
  await arriveAt(page, /\/(single|joint)\/idverifyterms$/);
  await seeHeading(page, "Let's verify your identity");
  await check?.();
  await expect(continueButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: /I agree to the digital ID verification/ }).check();
  await continueButton(page).click();
  await arriveAt(page, /\/idverifyterms\/capture$/);
  // A page loaded whole: rendered by the server, inert until the app has taken it over.
  await appTookOver(page);
}

/** A real PNG image (a 2×2 picture), as a file the capture page takes. */
export function pngFile(name: string) {
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGPQiFoARAwQCgAd5gSJoVLBMgAAAABJRU5ErkJggg==',
      'base64',
    ),
  };
}

/** The sandbox capture page: front, back and selfie, then 'Send my photos'. */
export async function captureDocuments(page: Page, { check }: StepOptions = {}): Promise<void> {
  await seeHeading(page, 'Take photos of your ID');
  await check?.();
  for (const [label, file] of [
    ['Front of your ID', 'front.png'],
    ['Back of your ID', 'back.png'],
    ['Selfie', 'selfie.png'],
  ] as const) {
    await page.getByLabel(label).setInputFiles(pngFile(file));
  }
  await expect(page.getByRole('img', { name: /^Preview/ })).toHaveCount(3);
  await check?.();
  await page.getByRole('button', { name: 'Send my photos' }).click();
}

/** Answers a yes/no question of the legal terms by its question text. */
async function answer(page: Page, question: RegExp, value: 'Yes' | 'No'): Promise<void> {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: value, exact: true }).check();
}

/** 'Review the legal terms': a resident of Canada, employed, not politically exposed; Continue → review. */
export async function legalTerms(page: Page, { check }: StepOptions = {}): Promise<void> {
  await arriveAt(page, /\/(single|joint)\/legalterms$/);
  await seeHeading(page, 'Review the legal terms');
  await check?.();
  await answer(page, /resident of Canada for tax purposes/, 'Yes');
  await answer(page, /citizen of the United States/, 'No');
  await answer(page, /country other than Canada or the United States/, 'No');
  await answer(page, /politically exposed person/, 'No');
  await answer(page, /employed in Canada/, 'Yes');
  const occupation = page.getByRole('combobox', { name: 'Occupation' });
  await occupation.pressSequentially('nurse', { delay: 20 });
  await page.getByRole('option').first().click();
  await answer(page, /own or operate a business/, 'No');
  await page.getByRole('radio', { name: 'For personal banking' }).check();
  const purpose = page.getByLabel('Main purpose of the account');
  // Option texts are cut at 24 characters: choose by value (1 Payroll and/or Living Expenses, 5 Savings - Retirement).
  if (await purpose.isEnabled()) await purpose.selectOption('1');
  const gicPurpose = page.getByLabel('Main purpose of the GIC');
  if (await gicPurpose.count()) await gicPurpose.selectOption('5');
  await answer(page, /only financial institution/, 'Yes');
  await check?.();
  await continueButton(page).click();
  await arriveAt(page, /\/(single|joint)\/reviewapplication$/);
}

/**
 * The review (the five statements) and the terms, through their screens: Continue on each, then the
 * outcome page the server names (the welcome page by default).
 */
export async function reviewAndAccept(
  page: Page,
  outcome: RegExp = /\/(single|joint)\/confirmapplication$/,
  { check }: StepOptions = {},
): Promise<void> {
  await onPage(page, /\/(single|joint)\/reviewapplication$/, 'Review your application', check);
  await page.getByRole('checkbox', { name: 'I agree to these five statements' }).check();
  await continueButton(page).click();
  await arriveAt(page, /\/(single|joint)\/reviewterms$/);
  await check?.();
  await page.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }).check();
  await continueButton(page).click();
  await arriveAt(page, outcome, { timeout: 45_000 });
}

/**
 * From the landing page with `productIds` to 'Where do you live?': the profile, personal information (which
 * texts the code) and the phone verified with it.
 */
export async function applyAsFarAsTheAddress(
  page: Page,
  productIds: string[],
  applicant: Applicant,
  { check }: StepOptions = {},
): Promise<void> {
  await startApplication(page, productIds, { check });
  await createProfile(page, applicant, { check });
  await personalInfo(page, applicant, { check });
  await verifyPhone(page, applicant, { check });
}

/**
 * From 'Where do you live?' to 'Finalize your account': the address by search, the products confirmed and
 * funded, the SIN when a product is interest bearing (`sin`), and the consent to the identity check.
 */
export async function applyFromTheAddressToFinalize(
  page: Page,
  { check, sin = false }: StepOptions & { sin?: boolean } = {},
): Promise<void> {
  await enterAddressBySearch(page, { check });
  await submitAddress(page, { check });
  await confirmProducts(page, { check, next: sin ? 'sin' : 'finalizeaccount' });
  if (sin) await enterSin(page, { check });
}

/**
 * From 'Finalize your account' to the outcome page the server names (the welcome page by default): the
 * account usage, the legal terms, the review and the terms.
 */
export async function finishFromFinalize(
  page: Page,
  outcome?: RegExp,
  { check }: StepOptions = {},
): Promise<void> {
  await finalizeAccount(page, { check });
  await legalTerms(page, { check });
  await reviewAndAccept(page, outcome, { check });
}

/**
 * On the co-applicant's 'Create your profile': asks for the code e-mailed to the invited address, reads it
 * from the outbox and enters it.
 */
export async function enterEmailCode(
  page: Page,
  to: string,
  labels = { send: 'Email me a code', code: 'Code from the email' },
): Promise<void> {
  const before = await latestEmailCode(page.request, to);
  await page.getByRole('button', { name: labels.send }).click();
  let code = '';
  await expect
    .poll(async () => (code = await latestEmailCode(page.request, to)), { timeout: 20_000 })
    .not.toBe(before);
  await page.getByLabel(labels.code).fill(code);
}
