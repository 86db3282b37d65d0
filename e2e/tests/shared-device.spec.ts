// A new visitor on the same device never sees the previous applicant: the landing page ends a submitted
// application's session, and asks before continuing a draft in progress (start a new one ends it). In
// French at 320 px, by keyboard, with axe on the new page.
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { applyThroughApi, applyToReview, newApplicant } from '../fixtures/applicant.ts';

const EVERYDAY_CHEQUING = '1001';

test.describe('the next person on a shared device', () => {
  test('is asked before a draft in progress is continued, and starts afresh by keyboard, in French @mobile', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /français/i }).click();
    // Someone started an application on this device and left it at the address.
    const previous = newApplicant();
    await applyThroughApi(page.request, previous, [EVERYDAY_CHEQUING]);

    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    const question = page.getByRole('heading', {
      level: 1,
      name: 'Continuer votre demande ou en commencer une nouvelle?',
    });
    await expect(question).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continuer la demande' })).toBeVisible();
    // Nothing of the previous applicant is shown.
    await expect(page.locator('main')).not.toContainText(previous.firstName);
    await expect(page.locator('main')).not.toContainText(previous.email);
    await expectNoAxeViolations();
    if ((page.viewportSize()?.width ?? 1280) <= 400) await expectNoHorizontalScroll(page);

    // By keyboard: start a new application.
    await page.getByRole('button', { name: 'Commencer une nouvelle demande' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Êtes-vous déjà membre?' })).toBeFocused();
    // The previous draft's session ended on the server.
    expect((await page.request.get('/api/omo/Application')).status()).toBe(401);
    await page.getByRole('link', { name: /Non, je m’inscris/ }).click();
    await page.getByRole('link', { name: 'Commencer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Créez votre profil' })).toBeVisible();
    await expect(page.getByLabel('Adresse courriel')).toHaveValue('');
  });

  test('a draft in progress can be continued where it stopped', async ({ page }) => {
    const applicant = newApplicant();
    await applyThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    await page.getByRole('link', { name: 'Continue the application' }).click();
    await expect(page).toHaveURL(/\/single\/finalizeaccount$/);
  });

  test('never reopens a submitted application: its session ends when the landing page opens', async ({
    page,
  }) => {
    const applicant = newApplicant();
    await applyToReview(page.request, applicant, [EVERYDAY_CHEQUING]);
    expect(
      (await page.request.put('/api/omo/Application/ReviewConsent', { data: { consent: true } })).ok(),
    ).toBe(true);
    const submitted = await page.request.post('/api/omo/SaveApplication', {
      data: { termsAccepted: true, fhsaDeclaration: false, language: 'en' },
    });
    expect(submitted.ok(), await submitted.text()).toBe(true);

    // The prerendered page shows the question at once; the app then tells the server of the arrival.
    const arrived = page.waitForResponse((r) => r.url().endsWith('/api/omo/Session/Arrival'));
    await page.goto(`/?productIds=${EVERYDAY_CHEQUING}`);
    expect(await (await arrived).json()).toEqual({ hasDraft: false, nextPath: null });
    await expect(page.getByRole('heading', { level: 1, name: 'Are you an existing member?' })).toBeVisible();
    expect((await page.request.get('/api/omo/Application')).status()).toBe(401);
  });
});
