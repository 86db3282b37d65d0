// Reminders with consent (decision 0068): of two applicants who stop after their profile, only the one who
// ticked the optional box gets a reminder; its unsubscribe link, opened in a browser, stops the next one
// while an applicant who did not unsubscribe gets theirs. The sweep is run now through the non-production
// API at a server clock moved past each delay (1 hour, 3 days).
import type { Page } from '@playwright/test';
import { newApplicant, readOutbox, type Applicant } from '../fixtures/applicant.ts';
import { EVERYDAY_CHEQUING } from '../fixtures/products.ts';
import { test, expect } from '../fixtures/test.ts';
import { continueButton, fillCreateProfile, startApplication } from '../pages/single-flow.ts';
import { expectUnsubscribed } from '../pages/come-back.ts';

test.describe.configure({ timeout: 180_000 });

const UNSUBSCRIBE_LINK = /\/resume\/unsubscribe\?token=[\w-]+/;

/** A new applicant creates their profile in a fresh browser, ticking the reminders box or not. */
async function stopsAfterProfile(page: Page, consent: boolean): Promise<Applicant> {
  const applicant = newApplicant();
  await startApplication(page, [EVERYDAY_CHEQUING]);
  await fillCreateProfile(page, applicant);
  const box = page.getByRole('checkbox', {
    name: 'Email me reminders to finish my application if I stop before the end',
  });
  await expect(box).not.toBeChecked();
  if (consent) await box.check();
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/single\/personalinfo$/);
  return applicant;
}

/** The reminders e-mailed to an address (each has an unsubscribe link), newest first. */
async function remindersTo(page: Page, email: string) {
  return (await readOutbox(page.request)).filter((m) => m.to === email && UNSUBSCRIBE_LINK.test(m.body));
}

test('a reminder goes only to an applicant who asked, and the unsubscribe link stops the next one', async ({
  page,
  browser,
  check,
}) => {
  const newPage = async () => (await browser.newContext()).newPage();
  const asked = await stopsAfterProfile(await newPage(), true);
  const silent = await stopsAfterProfile(await newPage(), false);
  const witness = await stopsAfterProfile(await newPage(), true);
  const clock = (offsetHours: number) => page.request.post('/api/dev/clock', { data: { offsetHours } });
  const sweep = async () => {
    const res = await page.request.post('/api/dev/reminders/sweep');
    expect(res.ok()).toBe(true);
  };

  try {
    // Past the first delay (1 hour): the two who asked are reminded, the other is not.
    await clock(2);
    await sweep();
    await expect.poll(async () => (await remindersTo(page, asked.email)).length).toBe(1);
    await expect.poll(async () => (await remindersTo(page, witness.email)).length).toBe(1);
    expect(await remindersTo(page, silent.email)).toEqual([]);

    // One click on the unsubscribe link, on a phone.
    const [reminder] = await remindersTo(page, asked.email);
    const phone = await (await browser.newContext({ viewport: { width: 320, height: 640 } })).newPage();
    await phone.goto(UNSUBSCRIBE_LINK.exec(reminder!.body)![0]);
    await expectUnsubscribed(phone);
    await check(phone);
    await phone.context().close();

    // Past the second delay (3 days): the witness gets their second reminder; the one who unsubscribed
    // none (the sweep decides whom it e-mails as it runs: nothing was queued for them).
    await clock(3 * 24 + 2);
    await sweep();
    await expect.poll(async () => (await remindersTo(page, witness.email)).length).toBe(2);
    expect(await remindersTo(page, asked.email)).toHaveLength(1);
    expect(await remindersTo(page, silent.email)).toEqual([]);
  } finally {
    await clock(0);
  }
});
