// The ID photos on the phone (decision 0088): on the photo step a desktop applicant gets a QR code and a
// link texted to the verified phone; a phone-sized browser opens it, takes the photos in a capture-only
// session, and the desktop, asking the server, shows the photos arriving and moves on by itself. A link
// opened a second time, replaced or past its 15 minutes says so and offers a new one. English and
// French, axe on every page, the phone at 320 px, the desktop by keyboard.
import type { Browser, Page } from '@playwright/test';
import { applyThroughApi, messagesFor, newApplicant } from '../fixtures/applicant.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import { agreeToIdVerification, finalizeAccount, pngFile } from '../pages/single-flow.ts';

test.describe.configure({ timeout: 180_000 });

const EVERYDAY_CHEQUING = '1001';
const HAND_OFF_LINK = /\/handoff\?token=[\w-]+/;

/** A phone: a fresh, phone-sized browser (no cookie of the desktop's). */
async function phoneOf(browser: Browser, locale = 'en-CA'): Promise<Page> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 320, height: 640 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** The path of the newest hand-off link texted to `phone`; waits for it. */
async function textedLink(page: Page, phone: string, after = 0): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const texts = (await messagesFor(page.request, phone)).filter((m) => HAND_OFF_LINK.test(m.body));
      link = texts.length > after ? HAND_OFF_LINK.exec(texts[0]!.body)![0] : '';
      return link;
    })
    .toMatch(HAND_OFF_LINK);
  return link;
}

/** A Review applicant (documents asked) on the photo step of a desktop browser. */
async function onPhotoStep(page: Page) {
  const applicant = newApplicant({ lastName: 'Review' });
  await applyThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
  await page.goto('/single/finalizeaccount');
  await finalizeAccount(page);
  return applicant;
}

test('the desktop hands the photos to the phone, sees them arrive, and moves on by itself', async ({
  page,
  browser,
  expectNoAxeViolations,
}) => {
  const applicant = await onPhotoStep(page);
  await agreeToIdVerification(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Use your phone instead' })).toBeVisible();
  await expectNoAxeViolations();

  // By keyboard: the button is reached with Tab and pressed with Enter.
  const send = page.getByRole('button', { name: 'Send a link to my phone' });
  await send.focus();
  await page.keyboard.press('Enter');
  const ending = applicant.phone.slice(-2);
  await expect(
    page.getByText(`We texted the link to your phone ending in ${ending}. It works once, for 15 minutes.`),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'QR code of the link to take the photos on your phone' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for your phone' })).toBeVisible();
  await expectNoAxeViolations();

  // The phone opens the texted link: nothing is spent until it starts.
  const phone = await phoneOf(browser);
  const link = await textedLink(page, applicant.phone);
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Your ID photos, on this phone' })).toBeVisible();
  await expectNoAxeViolations(phone);
  await expectNoHorizontalScroll(phone);
  await phone.getByRole('button', { name: 'Start taking photos' }).click();
  // The pressed button is gone: focus moves to the new stage's heading.
  await expect(phone.getByRole('heading', { level: 1, name: 'Take photos of your ID' })).toBeFocused();
  // No hand-off offered on the phone itself.
  await expect(phone.getByRole('heading', { name: 'Use your phone instead' })).toHaveCount(0);
  await phone.getByLabel('Front of your ID').setInputFiles(pngFile('front.png'));
  await phone.getByLabel('Back of your ID').setInputFiles(pngFile('back.png'));
  await expect(phone.getByRole('img', { name: /^Preview/ })).toHaveCount(2);
  await expectNoAxeViolations(phone);
  await expectNoHorizontalScroll(phone);

  // Two photos are in and the third not yet: the desktop says so (the server's count).
  await expect(page.getByText('Your phone opened the link. Photos received: 2 of 3.')).toBeVisible();
  await expectNoAxeViolations();

  await phone.getByLabel('Selfie').setInputFiles(pngFile('selfie.png'));
  await expect(phone.getByRole('img', { name: /^Preview/ })).toHaveCount(3);
  await phone.getByRole('button', { name: 'Send my photos' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Your photos are in' })).toBeFocused();
  await expectNoAxeViolations(phone);

  // The desktop moves on by itself.
  await expect(page).toHaveURL(/\/single\/legalterms$/, { timeout: 10_000 });

  // The same link opened again, on another phone: it says so.
  const other = await phoneOf(browser);
  await other.goto(link);
  await other.getByRole('button', { name: 'Start taking photos' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'This link was already opened' })).toBeVisible();
  await expectNoAxeViolations(other);
  await expectNoHorizontalScroll(other);
  await phone.context().close();
  await other.context().close();
});

test('en français : un lien remplacé ou expiré le dit, et le cellulaire en demande un nouveau', async ({
  page,
  browser,
  expectNoAxeViolations,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: /français/i }).click();
  const applicant = newApplicant({ lastName: 'Review' });
  await applyThroughApi(page.request, applicant, [EVERYDAY_CHEQUING]);
  await page.request.post('/api/omo/IdentityCheck');
  const usage = await page.request.put('/api/omo/Application/AccountUsage', {
    data: {
      [EVERYDAY_CHEQUING]: {
        creditSources: { cash: 0, cheque: 1, payroll: 3, eft: 0 },
        depositSources: { branch: 0, atm: 0, wires: 0, eft: 3 },
      },
    },
  });
  expect(usage.ok()).toBe(true);
  await page.goto('/single/idverifyterms');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/idverifyterms\/capture$/);
  await page.getByRole('button', { name: 'Envoyer un lien à mon cellulaire' }).click();
  await expect(page.getByText(/Nous avons envoyé le lien par texto/)).toBeVisible();
  const first = await textedLink(page, applicant.phone);
  await expectNoAxeViolations();

  // A new link replaces the first one.
  await page.getByRole('button', { name: 'Envoyer un nouveau lien' }).click();
  const second = await textedLink(page, applicant.phone, 1);
  expect(second).not.toBe(first);
  const phone = await phoneOf(browser, 'fr-CA');
  await phone.goto(first);
  await phone.getByRole('button', { name: 'Commencer les photos' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Ce lien a expiré' })).toBeVisible();
  await expectNoAxeViolations(phone);
  await expectNoHorizontalScroll(phone);

  // Past its 15 minutes, the second one has expired too, and the desktop offers a new one.
  await page.request.post('/api/dev/clock', { data: { offsetHours: 0.26 } });
  try {
    await phone.goto(second);
    await phone.getByRole('button', { name: 'Commencer les photos' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Ce lien a expiré' })).toBeVisible();
    await expect(page.getByText(/Le lien a expiré ou a été remplacé/)).toBeVisible();
    await expectNoAxeViolations();
  } finally {
    await page.request.post('/api/dev/clock', { data: { offsetHours: 0 } });
  }
  // The phone asks for a new link itself: texted to the verified phone.
  await phone.getByRole('button', { name: 'M’envoyer un nouveau lien par texto' }).click();
  await expect(phone.getByText(/Nous avons envoyé un nouveau lien par texto/)).toBeVisible();
  await expectNoAxeViolations(phone);
  const third = await textedLink(page, applicant.phone, 2);
  await expect(page.getByText('En attente de l’ouverture du lien sur votre cellulaire…')).toBeVisible();
  await phone.goto(third);
  await phone.getByRole('button', { name: 'Commencer les photos' }).click();
  await expect(
    phone.getByRole('heading', { level: 1, name: 'Photographiez votre pièce d’identité' }),
  ).toBeVisible();
  await expect(phone.getByLabel('Recto de votre pièce d’identité')).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.context().close();
});
