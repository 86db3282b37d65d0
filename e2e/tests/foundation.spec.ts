// The foundation as an applicant and a tester meet it: landing, get started, the error pages, the
// non-production pages, French, and a narrow phone screen. Every page is checked with axe.
import { PRODUCT_LIST_GROUPS } from '../../packages/domain/src/schemas/entities.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';

const EVERYDAY_CHEQUING = '1001';

test.describe('landing and get started', () => {
  test('a new applicant chooses "No, Sign me up" and sees what they need @mobile', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Are you an existing member?' })).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);

    await page.getByRole('link', { name: /No, Sign me up/ }).click();
    await expect(page).toHaveURL(/\/single\/getstarted$/);
    await expect(page.getByRole('heading', { level: 1, name: "Let's get you started" })).toBeVisible();
    await expect(page.getByText('Sign up to become a member - it takes less than 5 minutes')).toBeVisible();
    await expect(page.getByText(/To open an Everyday Chequing/)).toBeVisible();
    await expect(page.getByText('You must live or work in Canada.')).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Why do you need my SIN?' }).click();
    await expect(page.getByText(/Certain interest-bearing accounts require your SIN/)).toBeVisible();
  });

  test('the sign-in card opens online banking with the product in a new tab', async ({ page }) => {
    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    const signIn = page.getByRole('link', { name: /Yes, Sign me in/ });
    await expect(signIn).toHaveAttribute('target', '_blank');
    await expect(signIn).toHaveAttribute('href', new RegExp(`productId=${EVERYDAY_CHEQUING}$`));
  });

  test('an unknown product id sends the applicant to /error/3', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/?productIds=1001;99999');
    await expect(page).toHaveURL(/\/error\/3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This service is temporarily unavailable',
    );
    await expect(page.getByRole('button', { name: 'Exit Application' })).toBeVisible();
    await expectNoAxeViolations();
  });

  test('the getstarted page shows the four-step tracker', async ({ page }) => {
    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    await page.getByRole('link', { name: /No, Sign me up/ }).click();
    const tracker = page.getByRole('navigation', { name: 'Application progress' });
    await expect(tracker).toBeVisible();
    for (const step of [
      'Set up your profile',
      'Add your address',
      'Confirm your products',
      'Finalize your account',
    ]) {
      await expect(tracker.getByText(step)).toBeVisible();
    }
  });
});

test.describe('error and not-found pages', () => {
  for (const id of ['1', '2', '3', '4', '5', '6']) {
    test(`/error/${id} has a heading and an Exit Application button`, async ({
      page,
      expectNoAxeViolations,
    }) => {
      await page.goto(`/error/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Exit Application' })).toBeVisible();
      await expectNoAxeViolations();
    });
  }

  test('/error without an id is the generic error page', async ({ page }) => {
    await page.goto('/error');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  });

  test('an unknown path shows the not-found page @mobile', async ({ page, expectNoAxeViolations }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectNoAxeViolations();
    await expectNoHorizontalScroll(page);
  });
});

test.describe('non-production pages', () => {
  test('the product list starts an application with a real product', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/productlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Product list' })).toBeVisible();
    for (const group of PRODUCT_LIST_GROUPS) {
      await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations();

    await page
      .getByRole('link', { name: /Everyday Chequing/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/\?productIds=1001/);
    await page.getByRole('link', { name: /No, Sign me up/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Let's get you started" })).toBeVisible();
  });

  test('Diagnostics shows the build and server values and returns to the product list', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/Diagnostics');
    await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();
    for (const label of [
      'Build number',
      'API base',
      'alloyEnabled',
      'forceIdResult',
      'irsApiUrl',
      'irsRequestKey',
    ]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expectNoAxeViolations();
    await page
      .getByRole('link', { name: 'Back to the product list' })
      .or(page.getByRole('button', { name: 'Back to the product list' }))
      .click();
    await expect(page).toHaveURL(/\/productlist$/);
  });
});

test.describe('French', () => {
  test('the language toggle switches to French and the choice survives a reload @mobile', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    await page
      .getByRole('button', { name: /français/i })
      .or(page.getByRole('link', { name: /français/i }))
      .first()
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).not.toHaveText('Are you an existing member?');
    await expectNoAxeViolations();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(heading).not.toHaveText('Are you an existing member?');
    await expectNoHorizontalScroll(page);
  });
});

test.describe('keyboard', () => {
  test('the landing page can be used with the keyboard alone', async ({ page }) => {
    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Are you an existing member?' })).toBeVisible();
    const signUp = page.getByRole('link', { name: /No, Sign me up/ });
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      if (await signUp.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(signUp).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: "Let's get you started" })).toBeFocused();
  });
});
