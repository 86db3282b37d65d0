// Single applicant, part 1, as applicants meet it through the real server and its sandboxes: from "Get
// Started" to "Finalize your account" for chequing, savings, a GIC and a TFSA; the age limit of a student
// product; phone verification's limits (wrong codes, resends, a send failure); home and mailing addresses,
// by search and by hand; reloads; French; the keyboard alone; a 320 px phone. Every page is checked with axe.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, isPhone } from '../fixtures/test.ts';
import {
  VALID_SIN,
  birthDateYearsAgo,
  latestCodeFor,
  maskedPhone,
  messagesFor,
  newApplicant,
  newPhoneNumber,
  type Applicant,
} from '../fixtures/applicant.ts';
import {
  EVERYDAY_CHEQUING,
  HIGH_INTEREST_SAVINGS,
  ONE_YEAR_GIC,
  STUDENT_CHEQUING,
  TFSA_SAVINGS,
} from '../fixtures/products.ts';
import {
  OTTAWA,
  addressSearch,
  applyAsFarAsTheAddress,
  confirmProducts,
  continueButton,
  createProfile,
  enterAddressBySearch,
  enterAddressManually,
  enterSin,
  fillCreateProfile,
  fillManualAddress,
  fillPersonalInfo,
  jointQuestion,
  personalInfo,
  sendCodeBySms,
  sinField,
  startApplication,
  submitAddress,
  typeCode,
  verifyPhone,
  type PageCheck,
} from '../pages/single-flow.ts';

// Whole stories through several screens, each checked with axe: longer than the suite's default minute.
test.describe.configure({ timeout: 180_000 });

/** The server's view of the draft (GET /api/omo/Application), with the page's session cookie. */
async function applicationView(request: APIRequestContext) {
  const response = await request.get('/api/omo/Application');
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    phone: { verified: boolean; status: string; invalidCounter: number; resendCounter: number };
    address: Record<string, unknown> | null;
    products: { termPeriod: string; termOption: string } | null;
    sin: { provided: boolean; skipped: boolean; masked: string | null };
  };
}

/** The support number the page configuration gives (header 'Call …' link); the spec's messages quote it. */
async function contactPhone(page: Page): Promise<string> {
  const text = await page
    .getByRole('link', { name: /^Call / })
    .first()
    .textContent();
  const phone = (text ?? '').replace(/^Call\s+/, '').trim();
  expect(phone).toMatch(/\d{3}-\d{4}$/);
  return phone;
}

function errorSummary(page: Page) {
  return page.getByRole('alert', { name: 'There is a problem' });
}

/** From the landing page to the code screen: profile, personal information (which texts the code). */
async function reachCodeScreen(page: Page, productIds: string[], applicant: Applicant, check?: PageCheck) {
  await startApplication(page, productIds, { check });
  await createProfile(page, applicant, { check });
  await personalInfo(page, applicant, { check });
  await sendCodeBySms(page, { check });
}

test.describe('from Get Started to Finalize your account', () => {
  test('a chequing applicant has no SIN step; at 320 px every page shows STEP 0n/04 and fits @mobile', async ({
    page,
    check,
  }) => {
    const expectBanner = async (step: number) => {
      if (!isPhone(page)) return;
      await expect(page.getByText(`STEP 0${step}/04`)).toBeVisible();
    };
    const applicant = newApplicant();

    await startApplication(page, [EVERYDAY_CHEQUING], { check });
    await expectBanner(1);
    await createProfile(page, applicant, { check });
    await expectBanner(1);
    await personalInfo(page, applicant, { check });
    await expectBanner(1);
    await verifyPhone(page, applicant, { check });
    await expectBanner(2);
    await enterAddressBySearch(page, { check });
    await submitAddress(page, { check });
    await expectBanner(3);
    // Everyday Chequing is not interest bearing: no 'Length and term', and no SIN step.
    await expect(page.getByText('Everyday Chequing Account').first()).toBeVisible();
    await expect(page.getByLabel('Length and term')).toHaveCount(0);
    await confirmProducts(page, { check, next: 'finalizeaccount' });
    await expectBanner(4);

    const view = await applicationView(page.request);
    expect(view.phone.verified).toBe(true);
    expect(view.sin.provided).toBe(false);
  });

  test('a savings applicant gives a SIN, and neither the password nor the SIN is kept in the browser', async ({
    page,
    check,
  }) => {
    const applicant = newApplicant();
    await applyAsFarAsTheAddress(page, [HIGH_INTEREST_SAVINGS], applicant, { check });
    await enterAddressBySearch(page, { check });
    await submitAddress(page, { check });
    await confirmProducts(page, { check, next: 'sin' });

    // A wrong check digit first: the error state is checked too.
    await sinField(page).fill('130692545');
    await continueButton(page).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(page).toHaveTitle(/^Error: /);
    await check();
    await sinField(page).fill('');
    await enterSin(page, { check });

    const view = await applicationView(page.request);
    expect(view.sin).toEqual({ provided: true, skipped: false, masked: '***-***-544' });

    const stored = await page.evaluate(() => {
      const dump = (s: Storage) =>
        Array.from({ length: s.length }, (_, i) => {
          const key = s.key(i) ?? '';
          return `${key}=${s.getItem(key) ?? ''}`;
        }).join('\n');
      return `${dump(window.sessionStorage)}\n${dump(window.localStorage)}`;
    });
    expect(stored).not.toContain(applicant.password);
    expect(stored).not.toContain(VALID_SIN);
    expect(stored).not.toContain('130 692 544');
    expect(stored).not.toContain('130-692-544');
  });

  test('a GIC applicant must choose the length and term and the renewal option', async ({ page, check }) => {
    const applicant = newApplicant();
    await applyAsFarAsTheAddress(page, [ONE_YEAR_GIC], applicant);
    await enterAddressBySearch(page);
    await submitAddress(page, { check });

    await continueButton(page).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole('link', { name: 'Select your length and term' })).toBeVisible();
    await expect(errorSummary(page).getByRole('link', { name: 'Select a renewal option' })).toBeVisible();
    await expect(page.getByLabel('Length and term')).toHaveAttribute('aria-invalid', 'true');
    await check();

    await page.getByRole('button', { name: 'What is the length and term?' }).click();
    await expect(page.getByText(/How long your money stays invested/)).toBeVisible();

    await confirmProducts(page, {
      check,
      term: { length: '1 Year 3.25%', renewal: 'Renew for the same term' },
      next: 'sin',
    });
    await enterSin(page, { check });
    const view = await applicationView(page.request);
    expect(view.products).toEqual({ termPeriod: '1 Years 3.25%', termOption: 'rollover' });
  });

  test('a TFSA applicant is not offered a joint account', async ({ page, check }) => {
    const applicant = newApplicant();
    await startApplication(page, [TFSA_SAVINGS]);
    await createProfile(page, applicant);
    await expect(page.getByRole('heading', { name: 'Joint account' })).toHaveCount(0);
    await expect(jointQuestion(page)).toHaveCount(0);
    await check();
    await personalInfo(page, applicant, { check });
  });

  test('a chequing applicant is offered a joint account, and "No" is enough', async ({ page }) => {
    const applicant = newApplicant();
    await startApplication(page, [EVERYDAY_CHEQUING]);
    await createProfile(page, applicant);
    await expect(jointQuestion(page)).toBeVisible();
    await jointQuestion(page).getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByLabel("Co-applicant's first name")).toBeVisible();
    await jointQuestion(page).getByRole('radio', { name: 'No' }).check();
    await expect(page.getByLabel("Co-applicant's first name")).toHaveCount(0);
  });
});

test.describe('personal information', () => {
  test('a 30-year-old cannot open a student account and is given the phone number to call', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant({ dob: birthDateYearsAgo(30) });
    await startApplication(page, [STUDENT_CHEQUING]);
    await createProfile(page, applicant);
    await fillPersonalInfo(page, applicant);
    await continueButton(page).click();

    const message = `You must be between 18 and 25 to open a Student Chequing Account... Please call us at ${await contactPhone(page)} to discuss other options.`;
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page)).toContainText(message);
    await expect(page).toHaveURL(/\/single\/personalinfo$/);
    await expect(page).toHaveTitle(/^Error: Tell us about yourself/);
    await expectNoAxeViolations();

    // A 20-year-old may go on.
    const young = birthDateYearsAgo(20);
    await page.getByLabel('Year').fill(young.year);
    await page.getByLabel('Month').selectOption(young.month);
    await page.getByLabel('Day').fill(young.day);
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/verificationCode$/);
  });
});

test.describe('phone verification', () => {
  test('after three wrong codes the applicant may continue, and the phone is recorded as not verified', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant();
    await reachCodeScreen(page, [EVERYDAY_CHEQUING], applicant);
    await expectNoAxeViolations();
    const code = await latestCodeFor(page.request, applicant.phone);
    await expect(continueButton(page)).toBeDisabled();

    const wrongCodes = ['111111', '222222', '333333'].map((c) => (c === code ? '999999' : c));
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await typeCode(page, wrongCodes[attempt - 1]!);
      await expect(page.locator('.code-input').getByText('Invalid code, please try again')).toBeVisible();
      await expect(page.getByLabel('Digit 1 of 6')).toHaveAttribute('aria-invalid', 'true');
      if (attempt === 1) await expectNoAxeViolations();
      if (attempt < 3) {
        await expect(continueButton(page)).toBeDisabled();
        // Like any form's error: the summary takes focus, the digits stay for retyping.
        await expect(errorSummary(page)).toBeFocused();
        await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(wrongCodes[attempt - 1]!.slice(-1));
      }
    }
    await expect(
      page.getByText(
        "You've entered an invalid code 3 times. You may continue without verifying your phone number.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend code by SMS' })).toHaveCount(0);
    await expect(page.getByLabel('Digit 1 of 6')).toBeDisabled();
    const onward = page.getByRole('button', { name: 'Continue without verifying' });
    await expect(onward).toBeEnabled();
    await expectNoAxeViolations();

    await onward.click();
    await expect(page).toHaveURL(/\/single\/address$/);
    const view = await applicationView(page.request);
    expect(view.phone.verified).toBe(false);
    expect(view.phone.invalidCounter).toBe(3);
  });

  test('three resends show where the code went, then the resend links are gone', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant();
    await reachCodeScreen(page, [EVERYDAY_CHEQUING], applicant);
    await latestCodeFor(page.request, applicant.phone);
    const lastFour = applicant.phone.slice(-4);

    for (let resend = 1; resend <= 3; resend += 1) {
      const link = page.getByRole('button', {
        name: resend === 2 ? 'Resend code by Voice Call' : 'Resend code by SMS',
      });
      await link.click();
      await expect(page.getByText(`Code sent to phone number ending in ${lastFour}`)).toBeVisible();
      await expect
        .poll(async () => (await messagesFor(page.request, applicant.phone)).length)
        .toBe(1 + resend);
      if (resend === 1) await expectNoAxeViolations();
      if (resend < 3) await expect(page.getByRole('button', { name: 'Resend code by SMS' })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Resend code by SMS' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Resend code by Voice Call' })).toHaveCount(0);
    const voice = (await messagesFor(page.request, applicant.phone)).filter((m) => m.channel === 'voice');
    expect(voice).toHaveLength(1);

    // A resend counts as an invalid attempt too (spec 000 §4): after three, the applicant may go on
    // unverified, and may still enter the last code sent.
    await expect(
      page.getByText(
        "You've asked for a new code 3 times. Enter the last code we sent, or continue without verifying your phone number.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue without verifying' })).toBeEnabled();
    await expectNoAxeViolations();
    const lastCode = await latestCodeFor(page.request, applicant.phone);
    await typeCode(page, lastCode);
    // Verified: on to the address by itself (decision 0102).
    await expect(page).toHaveURL(/\/single\/address$/);
    const { phone } = await applicationView(page.request);
    expect(phone).toMatchObject({ verified: true, resendCounter: 3 });
  });

  test('a number the code cannot be sent to shows the send failure and can be changed', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant({ phone: newPhoneNumber('0000') });
    await startApplication(page, [EVERYDAY_CHEQUING]);
    await createProfile(page, applicant);
    await personalInfo(page, applicant);

    await page.getByRole('button', { name: 'Verify by SMS' }).click();
    await expect(
      page.getByText(
        'Something went wrong when sending the verification code. Check that your phone number is correct, choose the other way to get the code (SMS or Voice Call), or try again.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/single\/phoneverification$/);
    await expectNoAxeViolations();
    expect(await messagesFor(page.request, applicant.phone)).toHaveLength(0);

    // Change the number, then the code arrives.
    const phone = newPhoneNumber();
    await page.getByRole('button', { name: 'Change phone number' }).click();
    const field = page.getByLabel('Phone number', { exact: true });
    await expect(field).toBeFocused();
    await field.fill(phone);
    await expectNoAxeViolations();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(maskedPhone(phone), { exact: true })).toBeVisible();
    await verifyPhone(page, { ...applicant, phone });
  });
});

test.describe('address', () => {
  test('a home address entered by hand with a different mailing address', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant();
    await applyAsFarAsTheAddress(page, [EVERYDAY_CHEQUING], applicant);

    // Nothing chosen yet: the selection error.
    await continueButton(page).click();
    await expect(errorSummary(page)).toBeFocused();
    await expectNoAxeViolations();

    await enterAddressManually(page, { ...OTTAWA, unitNumber: '5' });
    const mailingSame = page.getByRole('checkbox', { name: 'Mailing address is the same as home address' });
    await expect(mailingSame).toBeChecked();
    await expect(addressSearch(page, 'mailing')).toHaveCount(0);
    await mailingSame.uncheck();
    await expect(addressSearch(page, 'mailing')).toBeVisible();

    // The mailing block is now required.
    await continueButton(page).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole('link')).toHaveCount(1);
    await expectNoAxeViolations();

    await page.getByRole('button', { name: 'Enter address manually (mailing address)' }).click();
    await fillManualAddress(
      page,
      {
        streetNumber: '290',
        streetName: 'Bremner Blvd',
        cityName: 'Toronto',
        province: 'ON',
        postalCode: 'm5v3l9',
      },
      'mailing',
    );
    await expectNoAxeViolations();
    await submitAddress(page, { check: () => expectNoAxeViolations() });

    const { address } = await applicationView(page.request);
    expect(address).toMatchObject({
      isManualAddress: true,
      streetNumber: '111',
      unitNumber: '5',
      streetName: 'Wellington St',
      cityName: 'Ottawa',
      provinceName: 'ON',
      postalCode: 'K1A 0A9',
      country: 'CA',
      isMailingAddressSame: false,
      maStreetNumber: '290',
      maStreetName: 'Bremner Blvd',
      maCityName: 'Toronto',
      maPostalCode: 'M5V 3L9',
    });
  });

  test('a home address outside Canada gets the resident-of-Canada message with the phone number', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant();
    await applyAsFarAsTheAddress(page, [EVERYDAY_CHEQUING], applicant);
    await enterAddressManually(page);

    const home = page.getByRole('group', { name: 'Your home address' });
    await home.getByLabel('Country').selectOption('US');
    await expect(home.getByLabel('State')).toBeVisible();
    await expect(home.getByLabel('Zip code')).toBeVisible();
    await home.getByLabel('Country').selectOption('FR');
    await expect(home.getByLabel('Province')).toHaveCount(0);
    await expect(home.getByLabel('State')).toHaveCount(0);
    const resident = `You must be a resident of Canada to become a member online. Please call us at ${await contactPhone(page)} to find out what other options are available for you.`;
    await expect(page.getByText(resident)).toBeVisible();
    await expectNoAxeViolations();

    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/address$/);
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page)).toContainText('You must be a resident of Canada');
    await expectNoAxeViolations();
  });
});

test.describe('coming back', () => {
  test('a step opened without an application in progress goes back to the start and says why', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/single/personalinfo');
    await expect(page).toHaveURL(/\/\?session=ended$/);
    await expect(
      page.getByText(
        "We couldn't find your application in progress. It may have been closed after a period of inactivity. Please start again.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Are you an existing member?' })).toBeVisible();
    await expectNoAxeViolations();
  });

  test('reloading any screen after saving keeps the answers', async ({ page, expectNoAxeViolations }) => {
    const applicant = newApplicant({ firstName: 'Marie-Ève', lastName: "O'Neil" });
    const backAndReload = async (path: RegExp) => {
      await page.goBack();
      await expect(page).toHaveURL(path);
      await page.reload();
      await expect(page).toHaveURL(path);
    };

    await startApplication(page, [ONE_YEAR_GIC]);
    await createProfile(page, applicant);
    // The profile: the e-mail comes back (never the password).
    await backAndReload(/\/single\/createprofile$/);
    await expect(page.getByLabel('Email address')).toHaveValue(applicant.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expectNoAxeViolations();
    await fillCreateProfile(page, applicant);
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/personalinfo$/);

    await personalInfo(page, applicant);
    await backAndReload(/\/single\/personalinfo$/);
    await expect(page.getByLabel('Legal first name')).toHaveValue('Marie-Ève');
    await expect(page.getByLabel('Legal last name')).toHaveValue("O'Neil");
    await expect(page.getByLabel('Month')).toHaveValue(applicant.dob.month);
    await expect(page.getByLabel('Day')).toHaveValue(applicant.dob.day);
    await expect(page.getByLabel('Year')).toHaveValue(applicant.dob.year);
    await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(maskedPhone(applicant.phone));
    await expect(page.getByRole('radio', { name: 'Mobile' })).toBeChecked();
    await expect(jointQuestion(page).getByRole('radio', { name: 'No' })).toBeChecked();
    // The code was sent already: Continue goes back to the code screen, and sends nothing again.
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/verificationCode$/);
    expect(await messagesFor(page.request, applicant.phone)).toHaveLength(1);

    await verifyPhone(page, applicant);
    // The code screen after a reload still says the phone is verified.
    await backAndReload(/\/single\/verificationCode$/);
    await expect(page.getByText('Your mobile phone has been successfully verified!')).toBeVisible();
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/address$/);

    await enterAddressBySearch(page);
    await submitAddress(page);
    await backAndReload(/\/single\/address$/);
    await expect(page.getByText('290 Bremner Blvd', { exact: true })).toBeVisible();
    await expect(page.getByText(/M5V 3L9/)).toBeVisible();
    await expectNoAxeViolations();
    await submitAddress(page);

    await confirmProducts(page, {
      term: { length: '6 Months 2.9%', renewal: 'Transfer to my account' },
      next: 'sin',
    });
    await backAndReload(/\/single\/funding$/);
    await expect(page.getByRole('radio', { name: 'Interac e-Transfer' }).first()).toBeChecked();
    await expect(page.getByLabel(/^Amount of the first deposit/).first()).toHaveValue(/^1000(\.00)?$/);
    await backAndReload(/\/single\/confirmproducts$/);
    await expect(page.getByLabel('Length and term')).toHaveValue('6 Months 2.9%');
    await expect(page.getByLabel('Renewal option')).toHaveValue('transfer');
    // The funding is kept: Continue goes on to the first step still to answer.
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/sin$/);

    await enterSin(page);
    // Back from Finalize your account is the consent to the identity check (kept ticked), then the SIN.
    await page.goBack();
    await expect(page).toHaveURL(/\/single\/identityconsent$/);
    await expect(page.getByRole('checkbox', { name: /may check my identity/ })).toBeChecked();
    await backAndReload(/\/single\/sin$/);
    // The SIN itself never comes back to the browser: only its last three digits.
    await expect(page.getByText(/We already have your SIN ending in 544/)).toBeVisible();
    await expect(sinField(page)).toHaveValue('');
    await expectNoAxeViolations();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
  });
});

test.describe('French', () => {
  test('a French-speaking applicant creates a profile in French', async ({ page, expectNoAxeViolations }) => {
    const applicant = newApplicant();
    await startApplication(page, [EVERYDAY_CHEQUING]);
    await page
      .getByRole('button', { name: /français/i })
      .first()
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Créez votre profil' })).toBeVisible();

    await page.getByRole('button', { name: 'Continuer' }).click();
    const summary = page.getByRole('alert', { name: 'Il y a un problème' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Entrez votre adresse courriel');
    await expectNoAxeViolations();

    await page.getByLabel('Adresse courriel').fill(applicant.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(applicant.password);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Parlez-nous de vous' })).toBeVisible();
    await expect(page.getByLabel('Prénom (nom légal)')).toBeVisible();
    await expectNoAxeViolations();
  });
});

test.describe('keyboard', () => {
  test('the code boxes and the address search work with the keyboard alone', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const applicant = newApplicant();
    await reachCodeScreen(page, [EVERYDAY_CHEQUING], applicant);
    const code = await latestCodeFor(page.request, applicant.phone);
    const box = (n: number) => page.getByLabel(`Digit ${n} of 6`);

    // A code is waiting: the first box has focus on arrival (decision 0102); each digit moves on;
    // Backspace and the arrows move back.
    await expect(box(1)).toBeFocused();
    await page.keyboard.type(code.slice(0, 3));
    await expect(box(4)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(box(3)).toBeFocused();
    await expect(box(3)).toHaveValue('');
    await page.keyboard.press('ArrowLeft');
    await expect(box(2)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(box(3)).toBeFocused();
    await page.keyboard.type(code.slice(2));
    // Verified: on to the address by itself.
    await expect(page).toHaveURL(/\/single\/address$/);

    // The address combobox: a building with units drills down to a unit, all by keyboard.
    const search = addressSearch(page);
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      if (await search.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(search).toBeFocused();
    await page.keyboard.type('987 Queen St E', { delay: 20 });
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', /option-0$/);
    await expectNoAxeViolations();
    await page.keyboard.press('Enter');
    // The building opens its units.
    await expect(page.getByRole('option').first()).toContainText(/987 Queen St E/);
    await expect(page.getByRole('option')).not.toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Your home address')).toBeVisible();
    await expect(page.getByText(/M4L 5A9/).filter({ visible: true })).toBeVisible();
    await expect(search).toBeFocused();

    // Tab to the checkbox, then to Continue (the manual-entry link is in between).
    const continueBtn = continueButton(page);
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      if (await continueBtn.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(continueBtn).toBeFocused();
    await page.keyboard.press('Enter');
    // Nothing to choose in a chequing account: on to the funding (decision 0101).
    await expect(page).toHaveURL(/\/single\/funding$/);
    const { address } = await applicationView(page.request);
    expect(address).toMatchObject({ streetNumber: '987', postalCode: 'M4L 5A9' });
    expect(address?.unitNumber).not.toBe('');
  });
});
