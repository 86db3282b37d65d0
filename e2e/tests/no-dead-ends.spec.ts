// Issue 24, item 2: no dead end after a session ends. Where the products are known the return keeps them;
// where none is known (a new tab, a bare address) the landing shows the products to choose from, and
// choosing one starts the application with it.
import { switchToFrench } from '../fixtures/language.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';

const w = {
  en: {
    notice: "We couldn't find your application in progress.",
    signUp: /No, Sign me up/,
    choose: 'Choose the account you want to open',
    product: 'Everyday Chequing Account',
    getStarted: "Let's get you started",
    listHeading: /To open an Everyday Chequing/,
    start: 'Get Started',
    createProfile: 'Create your profile',
  },
  fr: {
    notice: 'Nous ne trouvons pas votre demande en cours.',
    signUp: /Non, je m’inscris/,
    choose: 'Choisissez le compte que vous voulez ouvrir',
    product: 'Compte chèques Quotidien',
    getStarted: 'Commençons',
    listHeading: /Pour ouvrir un compte chèques Quotidien/,
    start: 'Commencer',
    createProfile: 'Créez votre profil',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`[${lang}] a later step opened without a session: choose a product and start @mobile`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const t = w[lang];
    if (lang === 'fr') await switchToFrench(page);
    // A step opened in a tab that holds nothing: the server knows no session, the tab no product.
    await page.goto('/single/address');
    await expect(page).toHaveURL(/\/\?session=ended$/);
    await expect(page.getByText(t.notice)).toBeVisible();
    const choose = page.getByRole('heading', { level: 2, name: t.choose });
    await expect(choose).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`session-ended-choose-${lang}.png`), fullPage: true });

    // 'No, Sign me up' leads to the products, not back round to the start.
    await page.getByRole('link', { name: t.signUp }).click();
    await expect(choose).toBeFocused();

    await page.getByRole('link', { name: t.product, exact: true }).click();
    await expect(page).toHaveURL(/\/single\/getstarted$/);
    await expect(page.getByRole('heading', { level: 1, name: t.getStarted })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t.listHeading })).toBeVisible();
    await page.getByRole('link', { name: t.start }).click();
    await expect(page).toHaveURL(/\/single\/createprofile$/);
    await expect(page.getByRole('heading', { level: 1, name: t.createProfile })).toBeVisible();
  });
}

test('Create your profile opened with no product known shows the products to choose from', async ({
  page,
  expectNoAxeViolations,
}) => {
  await page.goto('/single/createprofile');
  await expect(page).toHaveURL(/\/#choose-account$/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Choose the account you want to open' }),
  ).toBeFocused();
  await expectNoAxeViolations();
});

test('a landing asked for products does not offer the others', async ({ page }) => {
  await page.goto('/?productIds=1001&session=ended');
  await expect(page.getByText("We couldn't find your application in progress.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose the account you want to open' })).toHaveCount(0);
  await page.getByRole('link', { name: /No, Sign me up/ }).click();
  await expect(page.getByText(/To open an Everyday Chequing/)).toBeVisible();
});
