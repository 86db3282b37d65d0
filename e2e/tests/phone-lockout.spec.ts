// Someone exhausts the hourly send ceiling of another person's number (5 codes from drafts of their own).
// The number's owner is not locked out: each refused send says why and counts as a send failure, and the
// third opens the code screen with 'Continue without verifying' (decision 0043). In English at 1280 px and
// in French at 320 px: each story sends 8 codes, and Start allows 30 calls a minute from one address.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { messagesFor, newApplicant, newPhoneNumber, startThroughApi } from '../fixtures/applicant.ts';

const WORDS = {
  en: {
    verifySms: 'Verify by SMS',
    verifyCall: 'Verify by Voice Call',
    refused:
      "We couldn't send a code because too many codes were sent recently. Try again: after 3 tries, you may continue without verifying your phone number.",
    codeTitle: 'Verify your phone number',
    notSent: "We couldn't send a verification code to your phone.",
    mayContinue: 'You may continue without verifying your phone number.',
    continueUnverified: 'Continue without verifying',
    addressTitle: 'Where do you live?',
  },
  fr: {
    verifySms: 'Vérifier par texto',
    verifyCall: 'Vérifier par appel vocal',
    refused:
      'Nous n’avons pas pu envoyer de code, car trop de codes ont été envoyés récemment. Réessayez : après 3 essais, vous pourrez continuer sans vérifier votre numéro de téléphone.',
    codeTitle: 'Vérifiez votre numéro de téléphone',
    notSent: 'Nous n’avons pas pu envoyer de code de vérification à votre téléphone.',
    mayContinue: 'Vous pouvez continuer sans vérifier votre numéro de téléphone.',
    continueUnverified: 'Continuer sans vérifier',
    addressTitle: 'Où habitez-vous?',
  },
} as const;

/** A draft through the API with these cookies, up to its personal information with `phone`. */
async function draftWith(request: APIRequestContext, phone: string) {
  await startThroughApi(request, newApplicant({ phone }), ['1001']);
}

/** POST Start; a 429 of the per-minute rate limit (not a ceiling) is waited out, as its Retry-After says. */
async function startAfterRateLimit(request: APIRequestContext) {
  for (;;) {
    const response = await request.post('/api/omo/PhoneVerification/Start', { data: { channel: 'sms' } });
    const wait = Number(response.headers()['retry-after'] ?? 0);
    if (response.status() !== 429 || !wait) return response;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

for (const lang of ['en', 'fr'] as const) {
  const w = WORDS[lang];
  // French is the 320 px story: tagged for the phone project only.
  test(`[${lang}]${lang === 'fr' ? ' @mobile @phone-only' : ''} a number whose send ceiling someone exhausted: three refusals, then on, unverified`, async ({
    page,
    playwright,
    baseURL,
    expectNoAxeViolations,
  }, testInfo) => {
    const phone = newPhoneNumber();
    // The attacker: five drafts of their own (a cookie each), five codes to someone else's number.
    for (let i = 0; i < 5; i++) {
      const attacker = await playwright.request.newContext({ baseURL });
      await draftWith(attacker, phone);
      const sent = await startAfterRateLimit(attacker);
      expect(await sent.text()).toContain('"status":"pending"');
      await attacker.dispose();
    }

    // The number's owner.
    await page.addInitScript((l) => localStorage.setItem('omo.lang', l), lang);
    await draftWith(page.request, phone);
    await page.goto('/single/phoneverification');
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${lang}-${name}.png`), fullPage: true });

    await page.getByRole('button', { name: w.verifySms }).click();
    const refused = page.getByRole('alert').filter({ hasText: w.refused });
    await expect(refused).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await shot('refused');

    await page.getByRole('button', { name: w.verifyCall }).click();
    await expect(page.getByRole('button', { name: w.verifyCall })).toBeEnabled();
    await expect(refused).toBeVisible();
    await page.getByRole('button', { name: w.verifySms }).click();

    await expect(page).toHaveURL(/\/single\/verificationCode$/);
    await expect(page.getByRole('heading', { level: 1, name: w.codeTitle })).toBeVisible();
    await expect(page.getByText(w.notSent)).toBeVisible();
    await expect(page.getByText(w.mayContinue)).toBeVisible();
    const onward = page.getByRole('button', { name: w.continueUnverified });
    await expect(onward).toBeEnabled();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await shot('continue-unverified');
    // Nothing was sent to the owner beyond the attacker's five codes.
    expect(await messagesFor(page.request, phone)).toHaveLength(5);

    await onward.click();
    await expect(page).toHaveURL(/\/single\/address$/);
    await expect(page.getByRole('heading', { level: 1, name: w.addressTitle })).toBeVisible();
    const view = (await (await page.request.get('/api/omo/Application')).json()) as {
      phone: { verified: boolean };
    };
    expect(view.phone.verified).toBe(false);
  });
}
