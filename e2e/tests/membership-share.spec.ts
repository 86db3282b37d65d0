// Issue 24, item 9: the membership share (its price from configuration, when and how it is taken, that it
// is refunded) is stated before the terms are accepted and on the welcome page. In English and in French
// at 320 px; axe on both pages.
import { switchToFrench } from '../fixtures/language.ts';
import { appTookOver } from '../pages/single-flow.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { applyToReview, newApplicant } from '../fixtures/applicant.ts';

test.describe.configure({ timeout: 120_000 });

const EVERYDAY_CHEQUING = '1001';

const w = {
  en: {
    terms: 'Review and accept the Terms and Conditions',
    share: 'Your membership share',
    price: 'To become a member, you buy one membership share of $5.00.',
    when: /We take the \$5\.00 from the first deposit you make into your account/,
    refund: /The share is refunded when you close your membership/,
    accept: /I have read and accept/,
    welcome: 'Welcome to omo Credit Union!',
  },
  fr: {
    terms: 'Lisez et acceptez les conditions',
    share: 'Votre part sociale',
    price: 'Pour devenir membre, vous achetez une part sociale de 5,00\u00a0$.',
    when: /Nous prélevons les 5,00\s\$ sur le premier dépôt/,
    refund: /La part est remboursée à la fin de votre adhésion/,
    accept: /J’ai lu/,
    welcome: 'Bienvenue chez omo Credit Union!',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`[${lang}] the membership share is stated before the terms and on the welcome page @mobile`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const t = w[lang];
    if (lang === 'fr') await switchToFrench(page);
    await applyToReview(page.request, newApplicant(), [EVERYDAY_CHEQUING]);
    const consent = await page.request.put('/api/omo/Application/ReviewConsent', { data: { consent: true } });
    expect(consent.ok(), await consent.text()).toBe(true);

    await page.goto('/single/reviewterms');
    await appTookOver(page);
    await expect(page.getByRole('heading', { level: 1, name: t.terms })).toBeVisible();
    const share = page.getByRole('region', { name: t.share });
    await expect(share.getByText(t.price)).toBeVisible();
    await expect(share.getByText(t.when)).toBeVisible();
    await expect(share.getByText(t.refund)).toBeVisible();
    // Before the box that accepts the terms.
    const shareTop = (await share.boundingBox())!.y;
    const acceptTop = (await page.getByRole('checkbox', { name: t.accept }).boundingBox())!.y;
    expect(shareTop).toBeLessThan(acceptTop);
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`reviewterms-share-${lang}.png`), fullPage: true });

    await page.getByRole('checkbox', { name: t.accept }).check();
    await page.getByRole('button', { name: lang === 'fr' ? 'Continuer' : 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/single\/confirmapplication$/, { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
    await expect(page.getByRole('region', { name: t.share }).getByText(t.price)).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`welcome-share-${lang}.png`), fullPage: true });
  });
}
