// The funnel, end to end: one applicant completes an application in the browser and another stops at the
// address; the staff's funnel page (behind the operations token) then shows one more completion and one more
// drop at the address, with the time on each step, in English and French, with axe 0 and at 320 px. The
// guard checks every event the two stories recorded against what the applicants typed.
import type { Page } from '@playwright/test';
import { findPersonalValues } from '../../packages/domain/src/flows/funnel-guard.ts';
import { newApplicant } from '../fixtures/applicant.ts';
import { EVERYDAY_CHEQUING } from '../fixtures/products.ts';
import { funnelEvents, STAFF_CREDENTIALS } from '../fixtures/operations.ts';
import { test, expect, expectNoHorizontalScroll } from '../fixtures/test.ts';
import {
  applyAsFarAsTheAddress,
  applyFromTheAddressToFinalize,
  finishFromFinalize,
} from '../pages/single-flow.ts';

test.describe.configure({ timeout: 180_000 });

/** The numbers the funnel page shows: the summary, and a step's row (reached, left, median, p90). */
async function readFunnelPage(staff: Page) {
  await staff.goto('/ops/funnel?lang=en');
  const count = async (id: string) => Number((await staff.getByTestId(id).textContent())?.replace(/\D/g, ''));
  const row = async (name: string) => {
    const cells = staff
      .locator('tbody tr')
      .filter({ has: staff.getByRole('rowheader', { name, exact: true }) })
      .locator('td');
    const [, reached, left, median, p90] = await cells.allTextContents();
    return { reached: Number(reached), left: Number(left), median, p90 };
  };
  return {
    started: await count('started'),
    completed: await count('completed'),
    address: await row('Address'),
    personalInfo: await row('Tell us about yourself'),
  };
}

test('one applicant completes and one stops at the address: the funnel page shows both, and no event holds their answers', async ({
  page,
  browser,
  expectNoAxeViolations,
}) => {
  const staffContext = await browser.newContext({ httpCredentials: STAFF_CREDENTIALS });
  const staff = await staffContext.newPage();
  const cspErrors: string[] = [];
  staff.on('console', (m) => {
    if (m.type() === 'error') cspErrors.push(m.text());
  });
  staff.on('pageerror', (e) => cspErrors.push(e.message));
  const before = await readFunnelPage(staff);
  const eventsBefore = (await funnelEvents(page.request)).length;
  const applicantRequests: string[] = [];
  page.on('request', (r) => applicantRequests.push(r.url()));

  // The first applicant goes to the decision.
  const finisher = newApplicant();
  await applyAsFarAsTheAddress(page, [EVERYDAY_CHEQUING], finisher);
  await applyFromTheAddressToFinalize(page);
  await finishFromFinalize(page);

  // The second stops on the address page (another browser, another session).
  const leaverContext = await browser.newContext();
  const leaverPage = await leaverContext.newPage();
  const leaver = newApplicant({ firstName: 'Morgan', lastName: 'Gagnon' });
  await applyAsFarAsTheAddress(leaverPage, [EVERYDAY_CHEQUING], leaver);
  // The address page's view is sent as it opens: the page counts the drop once it has arrived.
  await expect
    .poll(async () => (await readFunnelPage(staff)).address.left - before.address.left, { timeout: 10_000 })
    .toBe(1);
  await leaverContext.close();

  const after = await readFunnelPage(staff);
  expect(after.started - before.started).toBe(2);
  expect(after.completed - before.completed).toBe(1);
  expect(after.address.reached - before.address.reached).toBe(2);
  expect(after.personalInfo.left - before.personalInfo.left).toBe(0);
  // The time on a step is shown for the applicants who went past it (its exact value: the server test).
  expect(after.address.median).toMatch(/^(\d+ min )?\d+ s$/);
  expect(after.personalInfo.median).toMatch(/^(\d+ min )?\d+ s$/);
  await expect(staff.locator('#funnel-chart canvas').first()).toBeVisible();
  await expectNoAxeViolations(staff);

  // In French, by the page's language link.
  await staff.getByRole('link', { name: 'Français' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Où les demandeurs abandonnent' })).toBeVisible();
  await expect(staff.getByRole('rowheader', { name: 'Adresse', exact: true })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.setViewportSize({ width: 320, height: 640 });
  await expectNoHorizontalScroll(staff);
  expect(cspErrors, 'no script errors or CSP violations on the funnel page').toEqual([]);
  await staffContext.close();

  // The guard: the two stories' events hold nothing the applicants typed.
  const events = (await funnelEvents(page.request)).slice(eventsBefore);
  expect(new Set(events.map((e) => e.funnelId)).size).toBe(2);
  expect(events.some((e) => e.step === 'address' && e.kind === 'view' && e.device === 'desktop')).toBe(true);
  const typed = [finisher, leaver, '290 Bremner Blvd', 'M5V 3L9', 'Toronto'];
  expect(findPersonalValues(events, typed)).toEqual([]);

  // The applicant's pages never load the chart, and an applicant's session does not open the page.
  expect(applicantRequests.filter((url) => /uplot|\/ops\//i.test(url))).toEqual([]);
  expect((await page.request.get('/ops/funnel')).status()).toBe(401);
  expect((await page.request.get('/metrics')).status()).toBe(401);
});
