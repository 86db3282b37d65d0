// Issue 24, item 4: the decline page gives the reference number, says that a credit report was used and
// from which bureau (the identity check used one), offers applying in a branch, and lets another person
// start a new application on the same device. In English and in French at 320 px; axe on the page.
import { switchToFrench } from '../fixtures/language.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { newApplicant } from '../fixtures/applicant.ts';
import { submitThroughApi } from '../fixtures/submit.ts';

test.describe.configure({ timeout: 120_000 });

const EVERYDAY_CHEQUING = '1001';

const w = {
  en: {
    title: "We're unable to open your account",
    refNo: /^Your reference number is \S+\.$/,
    bureau: 'To confirm your identity, we used your credit report from Equifax Canada.',
    copy: /ask Equifax Canada for a free copy of your credit report/,
    branch: 'Apply in a branch',
    start: 'Start a new application',
    member: 'Are you an existing member?',
    choose: 'Choose the account you want to open',
  },
  fr: {
    title: 'Nous ne pouvons pas ouvrir votre compte',
    refNo: /^Votre numéro de référence est le \S+\.$/,
    bureau:
      'Pour confirmer votre identité, nous avons consulté votre dossier de crédit, fourni par Equifax Canada.',
    copy: /copie gratuite de votre dossier de crédit à Equifax Canada/,
    branch: 'Faire une demande en succursale',
    start: 'Commencer une nouvelle demande',
    member: 'Êtes-vous déjà membre?',
    choose: 'Choisissez le compte que vous voulez ouvrir',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`[${lang}] the decline page: reference, credit report and bureau, a branch, a new application for someone else @mobile`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const t = w[lang];
    if (lang === 'fr') await switchToFrench(page);
    await submitThroughApi(page.request, newApplicant({ lastName: 'Decline' }), [EVERYDAY_CHEQUING], {
      language: lang,
    });
    await page.goto('/single/applicationdecline');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByText(t.refNo)).toBeVisible();
    await expect(page.getByText(t.bureau)).toBeVisible();
    await expect(page.getByText(t.copy)).toBeVisible();
    const branch = page.getByRole('region', { name: t.branch });
    // The nearest branch's phone, or (none near this address) the contact centre's to find one.
    await expect(branch.getByRole('link', { name: /^1-8\d\d-555-01\d\d$|\d{3}/ }).first()).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`decline-${lang}.png`), fullPage: true });

    // Another person on the same device: the applicant's session ends, the landing opens with nothing.
    await page.getByRole('button', { name: t.start }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.member })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t.choose })).toBeVisible();
    expect((await page.request.get('/api/omo/Application')).status()).toBe(401);
    await page.goto('/single/applicationdecline');
    await expect(page).toHaveURL(/session=ended/);
  });
}
