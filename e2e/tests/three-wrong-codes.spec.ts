// Issue 24, item 6: each wrong code says how many tries are left; after the third, a new code by text or
// voice is offered (within the resends and the send ceilings), and the way on without verifying stays.
// In English and in French at 320 px, by keyboard; axe on the page.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import {
  expectOk,
  latestCodeFor,
  messagesFor,
  newApplicant,
  startThroughApi,
  wrongCode,
  type Applicant,
} from '../fixtures/applicant.ts';

const w = {
  en: {
    member: 'Are you an existing member?',
    title: 'Verify your phone number',
    digit1: 'Digit 1 of 6',
    invalid: 'Invalid code, please try again',
    left: ['You can try 2 more codes.', 'You can try 1 more code.'],
    limit: "You've entered an invalid code 3 times.",
    newCode: 'Get a new code',
    call: 'Call me with a new code',
    sms: 'Text me a new code',
    unverified: 'Continue without verifying',
    verified: 'Your mobile phone has been successfully verified!',
  },
  fr: {
    member: 'Êtes-vous déjà membre?',
    title: 'Vérifiez votre numéro de téléphone',
    digit1: 'Chiffre 1 sur 6',
    invalid: 'Code invalide, veuillez réessayer',
    left: ['Vous pouvez essayer encore 2 codes.', 'Vous pouvez essayer encore 1 code.'],
    limit: 'Vous avez entré un code invalide 3 fois.',
    newCode: 'Obtenir un nouveau code',
    call: 'M’appeler avec un nouveau code',
    sms: 'M’envoyer un nouveau code par texto',
    unverified: 'Continuer sans vérifier',
    verified: 'Votre téléphone cellulaire a bien été vérifié!',
  },
} as const;

/** A draft with personal information and a code sent by text, through the API. */
async function reachCode(request: APIRequestContext, applicant: Applicant) {
  await startThroughApi(request, applicant, ['1001']);
  await expectOk(request.post('/api/omo/PhoneVerification/Start', { data: { channel: 'sms' } }), 'Start');
}

for (const lang of ['en', 'fr'] as const) {
  test(`[${lang}] three wrong codes: tries left, then a new code by voice call @mobile`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const t = w[lang];
    await page.goto('/');
    if (lang === 'fr') {
      await page.getByRole('button', { name: /français/i }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.member })).toBeVisible();
    }
    const applicant = newApplicant();
    await reachCode(page.request, applicant);
    const code = await latestCodeFor(page.request, applicant.phone);
    await page.goto('/single/verificationCode');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const wrong = ['111111', '222222', '333333'].map((c) => (c === code ? wrongCode(code) : c));
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await page.getByLabel(t.digit1).click();
      await page.keyboard.type(wrong[attempt - 1]!);
      await expect(page.locator('.code-input').getByText(t.invalid)).toBeVisible();
      if (attempt < 3) await expect(page.getByText(t.left[attempt - 1]!)).toBeVisible();
    }
    await expect(page.getByText(t.limit)).toBeVisible();
    const newCode = page.getByRole('region', { name: t.newCode });
    await expect(newCode.getByRole('button', { name: t.sms })).toBeVisible();
    await expect(page.getByRole('button', { name: t.unverified })).toBeEnabled();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`new-code-${lang}.png`), fullPage: true });

    // By keyboard: a voice call brings a new code, and the boxes take it.
    const before = (await messagesFor(page.request, applicant.phone)).length;
    await newCode.getByRole('button', { name: t.call }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(t.digit1)).toBeFocused();
    const fresh = await latestCodeFor(page.request, applicant.phone, { after: before });
    expect((await messagesFor(page.request, applicant.phone))[0]?.channel).toBe('voice');
    await page.keyboard.type(fresh);
    // Verified: on to the address by itself (decision 0102).
    await expect(page).toHaveURL(/\/single\/address$/);
  });
}
