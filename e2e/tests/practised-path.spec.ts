// Issue 24 item 12: the practised chequing path under ninety seconds (bench/practised-path.mjs counts it).
// At 320 px, Everyday Chequing, one applicant, approved: no 'Confirm your application' (nothing to choose,
// decision 0101), no send screen (a mobile phone is texted from 'Tell us about yourself', decision 0102), the
// code screen's first box focused and the right code going on by itself, the account use as two lists to
// tick (decision 0104). Every screen passes axe and fits; the changed screens are photographed in English
// and French (SHOTS_DIR, when set).
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { latestCodeFor, newApplicant } from '../fixtures/applicant.ts';
import {
  continueButton,
  createProfile,
  enterAddressBySearch,
  fundAccounts,
  giveIdentityConsent,
  legalTerms,
  personalInfo,
  startApplication,
  submitAddress,
} from '../pages/single-flow.ts';

const EVERYDAY_CHEQUING = '1001';
const SHOTS_DIR = process.env.SHOTS_DIR;

/** The changed screen in English, then in French (reloaded in French, axe there too), back to English. */
async function photograph(
  page: Page,
  name: string,
  axe: () => Promise<void>,
  frenchSetup?: () => Promise<void>,
) {
  if (!SHOTS_DIR) return;
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-en.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('omo.lang', 'fr'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await frenchSetup?.();
  await axe();
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-fr.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('omo.lang', 'en'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The practised answer: pay or pension and online, each every week or two (4 taps). */
async function tickPayAndOnline(page: Page) {
  for (const way of ['Pay or pension (direct deposit)', 'Online or in the mobile app']) {
    await page.getByRole('checkbox', { name: way, exact: true }).check();
    await page
      .getByRole('group', { name: `${way}: how often?` })
      .getByRole('radio', { name: 'Every week or two' })
      .check();
  }
}

test('the practised chequing path: 12 screens, the code sent and taken in one go, two lists for the account use @mobile @phone-only', async ({
  page,
  expectNoAxeViolations,
}) => {
  test.setTimeout(180_000);
  const check = async () => {
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
  };
  const screens: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (screens.at(-1) !== path) screens.push(path);
  });
  const applicant = newApplicant();

  await startApplication(page, [EVERYDAY_CHEQUING], { check });
  await createProfile(page, applicant, { check });

  // 'Tell us about yourself' texts the mobile phone its code: the code screen opens with its first box
  // focused, where the keyboard offers the code.
  await personalInfo(page, applicant, { check });
  await expect(page).toHaveURL(/\/single\/verificationCode$/);
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await expect(page.getByLabel('Digit 1 of 6')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('group', { name: 'Enter the 6-digit code' })).toHaveAccessibleDescription(
    /Once the code is checked, you go straight on to the next step\./,
  );
  // The channel can still be changed here.
  await expect(page.getByRole('button', { name: 'Resend code by Voice Call' })).toBeVisible();
  await photograph(page, 'verification-code', () => expectNoAxeViolations());
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(await latestCodeFor(page.request, applicant.phone));
  await expect(page).toHaveURL(/\/single\/address$/);
  await check();

  // The home address search takes the browser's saved street address.
  await expect(page.getByRole('combobox', { name: 'Search for your address' })).toHaveAttribute(
    'autocomplete',
    'address-line1',
  );
  await enterAddressBySearch(page, { check });
  await submitAddress(page, { check });

  // No 'Confirm your application': the funding screen shows the product card, the funding inside it.
  await expect(page).toHaveURL(/\/single\/funding$/);
  const card = page.getByRole('region', { name: 'Everyday Chequing Account' });
  await expect(card.getByRole('link', { name: /LEARN MORE/ })).toBeVisible();
  await expect(card.getByRole('group', { name: /How will you fund/ })).toBeVisible();
  await photograph(page, 'funding', () => expectNoAxeViolations());
  await fundAccounts(page, { check });
  await giveIdentityConsent(page, { check });

  // Account use: two lists to tick, how often only for the ways used.
  await expect(page.getByRole('heading', { level: 1, name: 'Finalize your account' })).toBeVisible();
  await expect(continueButton(page)).toBeEnabled({ timeout: 15_000 });
  await expect(page.getByRole('radio')).toHaveCount(0);
  await check();
  await photograph(page, 'finalize-account', () => expectNoAxeViolations());
  await tickPayAndOnline(page);
  await check();
  await photograph(
    page,
    'finalize-account-ticked',
    () => expectNoAxeViolations(),
    async () => {
      await page.getByRole('checkbox', { name: 'Paie ou rente (dépôt direct)' }).check();
    },
  );
  // The French photograph reloaded the page: the ticks were not saved, so they are given again.
  await tickPayAndOnline(page);
  await continueButton(page).click();

  await legalTerms(page, { check });
  await check();
  await page.getByRole('checkbox', { name: 'I agree to these five statements' }).check();
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/single\/reviewterms$/);
  await check();
  await page.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }).check();
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/single\/confirmapplication$/, { timeout: 30_000 });

  // The screens read, landing to the terms (the welcome page, where it ends, aside): 12, as counted.
  const read = screens.filter((p) => !/confirmapplication$/.test(p));
  expect(read).toEqual([
    '/',
    '/single/getstarted',
    '/single/createprofile',
    '/single/personalinfo',
    '/single/verificationCode',
    '/single/address',
    '/single/funding',
    '/single/identityconsent',
    '/single/finalizeaccount',
    '/single/legalterms',
    '/single/reviewapplication',
    '/single/reviewterms',
  ]);
});
