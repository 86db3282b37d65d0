// Issue 24, item 5: the ID step-up offers the choice to verify in person instead of the photos. The server
// answers where to go (the legal terms); once the application is submitted, the in-person page. In English
// and in French at 320 px, axe on the page.
import type { APIRequestContext } from '@playwright/test';
import { switchToFrench } from '../fixtures/language.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { applyThroughApi, newApplicant } from '../fixtures/applicant.ts';
import { LEGAL_TERMS_ANSWERS } from '../fixtures/submit.ts';

test.describe.configure({ timeout: 120_000 });

const HIGH_INTEREST_SAVINGS = '1101';

const w = {
  en: {
    title: "Let's verify your identity",
    section: 'Verify your identity in person instead',
    choose: 'Verify in person instead',
    legalTerms: 'Review the legal terms',
    inPerson: "Let's confirm your identity in person",
  },
  fr: {
    title: 'Vérifions votre identité',
    section: 'Confirmer plutôt votre identité en personne',
    choose: 'Confirmer en personne',
    legalTerms: 'Passez en revue les modalités juridiques',
    inPerson: 'Confirmons votre identité en personne',
  },
} as const;

/** Up to the ID verification step: the Review persona's identity check asks for photos. */
async function reachStepUp(request: APIRequestContext) {
  await applyThroughApi(request, newApplicant({ lastName: 'Review' }), [HIGH_INTEREST_SAVINGS]);
  expect((await request.post('/api/omo/IdentityCheck')).ok()).toBe(true);
  const usage = await request.put('/api/omo/Application/AccountUsage', {
    data: {
      [HIGH_INTEREST_SAVINGS]: {
        creditSources: { cash: 1, cheque: 0, payroll: 3, eft: 2 },
        depositSources: { branch: 0, atm: 1, wires: 0, eft: 3 },
      },
    },
  });
  expect(usage.ok(), await usage.text()).toBe(true);
}

/** The legal terms, the review's consent and the submission, as the browser's calls make them. */
async function submitRest(request: APIRequestContext, language: 'en' | 'fr') {
  for (const [call, path, data] of [
    ['put', '/api/omo/Application/LegalTerms', LEGAL_TERMS_ANSWERS],
    ['put', '/api/omo/Application/ReviewConsent', { consent: true }],
    ['post', '/api/omo/SaveApplication', { termsAccepted: true, language }],
  ] as const) {
    const response = await request[call](path, { data, timeout: 60_000 });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  }
}

for (const lang of ['en', 'fr'] as const) {
  test(`[${lang}] the ID step-up: verify in person instead, then the in-person page @mobile`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const t = w[lang];
    if (lang === 'fr') await switchToFrench(page);
    await reachStepUp(page.request);
    await page.goto('/single/idverifyterms');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const section = page.getByRole('region', { name: t.section });
    await expect(section).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: testInfo.outputPath(`idverifyterms-in-person-${lang}.png`),
      fullPage: true,
    });

    // By keyboard: the choice needs no consent to the photos.
    await section.getByRole('button', { name: t.choose }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/single\/legalterms$/);
    await expect(page.getByRole('heading', { level: 1, name: t.legalTerms })).toBeVisible();

    await submitRest(page.request, lang);
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/verifyidentification$/);
    await expect(page.getByRole('heading', { level: 1, name: t.inPerson })).toBeVisible();
  });
}

// Issue 24, item 10: the photo page's error summary names each photo that is missing.
const photos = {
  en: {
    send: 'Send my photos',
    summary: 'There is a problem',
    missing: ['Add a photo of the front of your ID', 'Add a photo of the back of your ID', 'Add a selfie'],
  },
  fr: {
    send: 'Envoyer mes photos',
    summary: 'Il y a un problème',
    missing: [
      'Ajoutez une photo du recto de votre pièce d’identité',
      'Ajoutez une photo du verso de votre pièce d’identité',
      'Ajoutez un égoportrait',
    ],
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`[${lang}] the photo page's error summary names each missing photo @mobile`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const t = photos[lang];
    if (lang === 'fr') await switchToFrench(page);
    await reachStepUp(page.request);
    const started = await page.request.post('/api/omo/DocumentVerification/Start', {
      data: { consent: true },
    });
    expect(started.ok(), await started.text()).toBe(true);
    await page.goto('/single/idverifyterms/capture');
    await page.getByRole('button', { name: t.send }).click();
    const summary = page.getByRole('alert').filter({ hasText: t.summary });
    await expect(summary).toBeFocused();
    for (const text of t.missing) await expect(summary.getByRole('link', { name: text })).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`capture-missing-${lang}.png`), fullPage: true });
  });
}
