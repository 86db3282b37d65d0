// The weight of the first screens: the JavaScript a first visit downloads, counted as gzip -9 of every
// script response. A budget, not a timing: a module that drags the form schemas or the full zod into the
// first screen (an import from the wrong domain module) fails here before it reaches a phone.
import type { Page } from '@playwright/test';
import { expect, savingData, test } from '../fixtures/test.ts';
import { gzipSync } from 'node:zlib';
import { FIRST_SCREEN_BUDGET_KIB } from '../../scripts/first-screen-budget.mjs';

async function scriptsOfFirstVisit(page: Page, path: string) {
  await savingData(page);
  const scripts: { url: string; body: Buffer }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void scripts.push({ url: new URL(response.url()).pathname, body }),
        () => undefined,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return scripts;
}

for (const path of ['/?productIds=1001', '/single/getstarted?productIds=1001']) {
  test(`${path} loads at most ${FIRST_SCREEN_BUDGET_KIB} KiB of JavaScript, without the form schemas`, async ({
    page,
  }) => {
    const scripts = await scriptsOfFirstVisit(page, path);
    const kib = scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0) / 1024;
    expect(kib, scripts.map((s) => s.url).join(', ')).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KIB);
    // The form schemas' messages and the full zod's API stay with the forms.
    const text = scripts.map((s) => s.body.toString('utf8')).join('\n');
    expect(text).not.toContain('superRefine');
  });
}

// The next screens' files are fetched while this one is read (at idle), unless the phone saves data.
test('Get Started fetches the next screens (Create your profile) ahead, before Continue; not when saving data', async ({
  page,
  browser,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => void requested.push(new URL(request.url()).pathname));
  await page.goto('/single/getstarted?productIds=1001', { waitUntil: 'networkidle' });
  await expect.poll(() => requested.filter((p) => /create-profile-page-[\w-]+\.js$/.test(p))).toHaveLength(1);

  const saving = await browser.newPage();
  await savingData(saving);
  const requestedWhileSaving: string[] = [];
  saving.on('request', (request) => void requestedWhileSaving.push(new URL(request.url()).pathname));
  await saving.goto('/single/getstarted?productIds=1001', { waitUntil: 'networkidle' });
  expect(requestedWhileSaving.filter((p) => /create-profile-page-/.test(p))).toEqual([]);
  await saving.close();
});
