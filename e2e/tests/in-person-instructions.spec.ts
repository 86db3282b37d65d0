// ID in person, as the applicant keeps it: the page gives the reference number and the last day to show the
// ID, and prints as the instructions alone (or saves them as a PDF through the browser's printer); the
// e-mail carries the same barcode (an image), its number, the reference and the last day. In English on a
// desktop and in French at 320 px; axe on the page.
import { test, expect, expectNoHorizontalScroll, screenshot as shot } from '../fixtures/test.ts';
import { newApplicant, readOutbox } from '../fixtures/applicant.ts';
import { submitThroughApi } from '../fixtures/submit.ts';

test.describe.configure({ timeout: 120_000 });

const EVERYDAY_CHEQUING = '1001';

const TEXTS = {
  en: {
    heading: "Let's confirm your identity in person",
    showBy: /^Show your ID in person by (\w+ \d{1,2}, \d{4})\.$/,
    refNo: (ref: string) => `Your reference number is ${ref}.`,
    print: 'Print these instructions',
    barcode: /^Barcode of your ID verification request, number (\d{16})$/,
    mailBy: (day: string) => `by ${day}`,
    mailNumber: (n: string) => `Request number: ${n}.`,
  },
  fr: {
    heading: 'Confirmons votre identité en personne',
    showBy: /^Présentez votre pièce d’identité en personne au plus tard le (\d{1,2} \S+ \d{4})\.$/,
    refNo: (ref: string) => `Votre numéro de référence est le ${ref}.`,
    print: 'Imprimer ces instructions',
    barcode: /^Code à barres de votre demande de vérification d’identité, numéro (\d{16})$/,
    mailBy: (day: string) => `au plus tard le ${day}`,
    mailNumber: (n: string) => `Numéro de la demande : ${n}.`,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const texts = TEXTS[language];
  test(`the in-person ID instructions (${language}): reference, last day, print, and the same in the e-mail${language === 'fr' ? ' @mobile' : ''}`, async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    // The print button's call is counted instead of opening the printer's dialog.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto('/');
    if (language === 'fr') await page.getByRole('button', { name: /français/i }).click();
    const applicant = newApplicant({ lastName: 'Fallback' });
    const response = await submitThroughApi(page.request, applicant, [EVERYDAY_CHEQUING], { language });
    await page.goto('/single/confirmapplication');
    await expect(page).toHaveURL(/\/single\/verifyidentification$/);
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();

    await expect(page.getByText(texts.refNo(response.appRefNo))).toBeVisible();
    const showBy = page.getByText(texts.showBy);
    await expect(showBy).toBeVisible();
    const day = texts.showBy.exec((await showBy.textContent()) ?? '')![1]!;
    const barcode = page.getByRole('img', { name: texts.barcode });
    await expect(barcode).toBeVisible();
    const number = texts.barcode.exec((await barcode.getAttribute('alt')) ?? '')![1]!;
    await expectNoAxeViolations();
    if (language === 'fr') await expectNoHorizontalScroll(page);
    await shot(page, `verifyidentification-${language}.png`, (n) => testInfo.outputPath(n));

    // Print: by keyboard, the button opens the printer; printed, the page is the instructions alone.
    const print = page.getByRole('button', { name: texts.print });
    await print.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header.header')).toBeHidden();
    await expect(page.locator('footer.footer')).toBeHidden();
    await expect(page.locator('.page__sidebar')).toBeHidden();
    await expect(print).toBeHidden();
    await expect(barcode).toBeVisible();
    await expect(page.getByText(texts.refNo(response.appRefNo))).toBeVisible();
    await expect(showBy).toBeVisible();
    await shot(page, `verifyidentification-print-${language}.png`, (n) => testInfo.outputPath(n));
    await page.emulateMedia({ media: 'screen' });

    // The e-mail: the same barcode as an image, its number, the reference and the same last day.
    const mailTo = async () => (await readOutbox(page.request)).find((m) => m.to === applicant.email);
    await expect.poll(mailTo, { timeout: 30_000 }).toBeTruthy();
    const { body, html } = (await mailTo())!;
    expect(body).toContain(texts.refNo(response.appRefNo));
    expect(body).toContain(texts.mailBy(day));
    expect(body).toContain(texts.mailNumber(number));
    const mailPage = await page.context().newPage();
    await mailPage.setContent(html ?? '');
    const mailBarcode = mailPage.getByRole('img', { name: texts.barcode });
    await expect(mailBarcode).toBeVisible();
    expect(await mailBarcode.getAttribute('alt')).toContain(number);
    const size = await mailBarcode.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size[0]).toBeGreaterThan(size[1]!);
    await shot(mailPage, `in-person-email-${language}.png`, (n) => testInfo.outputPath(n));
    await mailPage.close();
  });
}
