// Every Continue as an applicant on a mid-range phone feels it: the approved chequing path, and the
// co-applicant's path of a joint chequing account (the primary's part through the API), in Debian's
// Chromium at 390×844 with 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down and 750 kbps up. On each
// screen the applicant first reads (BENCH_READ_MS, 2 s by default: less than the 3 s a screen is counted
// to read), then fills it in and presses. For each press of a screen's main button (Continue, Get Started, Verify by SMS), the time to
// the next screen's heading being shown with its first control enabled, measured in the page (from the
// click to the frame after the heading and control are there). Median of RUNS journeys per step, then the
// p50, p75 and slowest of those medians beside the targets. The sandbox partners answer at once; their
// real latency (identity, address search, SMS) comes on top. Prints; never asserts.
// Run: node --import tsx bench/continue.ts (needs a built product: npm run build)
import { chromium, request, type Browser, type Page } from '@playwright/test';
import { JOINT_LINK, latestCodeFor, linkMailedTo, newApplicant } from '../e2e/fixtures/applicant.ts';
import { submitThroughApi } from '../e2e/fixtures/submit.ts';
import {
  confirmProducts,
  continueButton,
  createProfile,
  enterAddressBySearch,
  enterEmailCode,
  fillPersonalInfo,
  finalizeAccount,
  giveIdentityConsent,
  legalTerms,
  personalInfo,
  reviewAndAccept,
  startApplication,
  submitAddress,
  typeCode,
  verifyPhone,
} from '../e2e/pages/single-flow.ts';
import { benchPort, CHROMIUM_ARGS, machineNote, startServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CONTINUE_RUNS ?? 3);
const EVERYDAY_CHEQUING = '1001';
/** BENCH_SAVE_DATA=1: a phone that saves data, so no next screen is fetched ahead (the figures without it). */
const SAVE_DATA = process.env.BENCH_SAVE_DATA === '1';
/** How long the applicant reads a screen before filling it in. */
const READ_MS = Number(process.env.BENCH_READ_MS ?? 2000);

/**
 * In the page: each press of a main button, and when the next screen is there and ready for input. A
 * string, not a function: tsx's helpers would not exist in the page.
 */
const INSTRUMENT = `
  window.__continues = [];
  let press;
  const ready = () => {
    if (!press) return;
    const h1 = document.querySelector('main h1');
    if (!h1 || location.pathname === press.from || h1.textContent === press.heading) return;
    const control = document.querySelector(
      'main input:not([disabled]):not([type=hidden]), main select:not([disabled]), main button:not([disabled]), main a[href]',
    );
    if (!control) return;
    const done = press;
    press = undefined;
    requestAnimationFrame(() =>
      window.__continues.push({ from: done.from, to: location.pathname, ms: performance.now() - done.at }),
    );
  };
  document.addEventListener('click', (event) => {
    const target = event.target.closest('button, a');
    if (!target) return;
    const isMain = (target instanceof HTMLButtonElement && target.type === 'submit') ||
      /^(Get Started|Verify by SMS|Continue)$/.test((target.textContent || '').trim());
    if (!isMain) return;
    press = { from: location.pathname, heading: document.querySelector('main h1')?.textContent ?? '', at: performance.now() };
  }, true);
  new MutationObserver(ready).observe(document, { subtree: true, childList: true, attributes: true });
`;

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

type Continue = { from: string; to: string; ms: number };

/** A throttled phone with the instrument, in a browser of its own; `walk` goes through its screens. */
async function onPhone(baseURL: string, walk: (page: Page, read: () => Promise<void>) => Promise<void>) {
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript({ content: INSTRUMENT });
    if (SAVE_DATA) {
      await context.addInitScript({
        content: "Object.defineProperty(navigator, 'connection', { value: { saveData: true } });",
      });
    }
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await throttle(page);
    await walk(page, () => page.waitForTimeout(READ_MS));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(200);
    return (await page.evaluate('window.__continues')) as Continue[];
  } finally {
    await browser.close();
  }
}

/** One approved chequing journey from the landing page to the welcome page. */
const chequing = (baseURL: string) =>
  onPhone(baseURL, async (page, read) => {
    const applicant = newApplicant();
    await startApplication(page, [EVERYDAY_CHEQUING], { check: read });
    await createProfile(page, applicant, { check: read });
    await personalInfo(page, applicant, { check: read });
    await verifyPhone(page, applicant, { check: read });
    await enterAddressBySearch(page, { check: read });
    await submitAddress(page, { check: read });
    await confirmProducts(page, { next: 'finalizeaccount', check: read });
    await finalizeAccount(page, { check: read });
    await legalTerms(page, { check: read });
    await reviewAndAccept(page, undefined, { check: read });
  });

/**
 * The co-applicant of a joint chequing account, from the invitation link to their welcome page; the
 * primary's part goes through the API first.
 */
async function coApplicant(baseURL: string) {
  const api = await request.newContext({ baseURL });
  const person = newApplicant({ firstName: 'Sam' });
  try {
    await submitThroughApi(api, newApplicant(), [EVERYDAY_CHEQUING], {
      coApplicant: { firstName: person.firstName, lastName: person.lastName, email: person.email },
    });
    const link = await linkMailedTo(api, person.email, JOINT_LINK);
    return await onPhone(baseURL, async (page, read) => {
      await page.goto(link);
      await read();
      await page.getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL(/\/joint\/createprofile/);
      await read();
      await enterEmailCode(page, person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await continueButton(page).click();
      await page.waitForURL(/\/joint\/personalinfo$/);
      await read();
      await fillPersonalInfo(page, person);
      await continueButton(page).click();
      await page.waitForURL(/\/joint\/phoneverification$/);
      await read();
      await page.getByRole('button', { name: 'Verify by SMS' }).click();
      await page.waitForURL(/\/joint\/verificationCode$/);
      await read();
      await typeCode(page, await latestCodeFor(page.request, person.phone));
      await continueButton(page).click();
      await page.waitForURL(/\/joint\/address$/);
      await enterAddressBySearch(page, { check: read });
      await continueButton(page).click();
      await giveIdentityConsent(page, { check: read });
      await legalTerms(page, { check: read });
      await reviewAndAccept(page, /\/joint\/confirmapplication$/, { check: read });
    });
  } finally {
    await api.dispose();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

const server = await startServer({
  port: benchPort(9),
  env: { PHONE_SEND_LIMIT_PER_IP_PER_HOUR: '100000', RATE_LIMIT_PER_MINUTE: '100000000' },
});
try {
  console.log(
    `Continue on a phone (390×844, 4× CPU, 150 ms RTT, 1.6 Mbps${SAVE_DATA ? ', saving data: nothing fetched ahead' : ''}) ${machineNote()}`,
  );
  for (const [name, journey] of [
    ['the chequing path', chequing],
    ["the joint co-applicant's path", coApplicant],
  ] as const) {
    console.log(`${name}, median of ${RUNS} journeys:`);
    const byStep = new Map<string, number[]>();
    for (let run = 0; run < RUNS; run += 1) {
      for (const { from, to, ms } of await journey(server.url)) {
        const key = `${from.replace(/^\/(single|joint)\//, '') || 'landing'} → ${to.replace(/^\/(single|joint)\//, '')}`;
        byStep.set(key, [...(byStep.get(key) ?? []), ms]);
      }
    }
    const medians: number[] = [];
    for (const [step, values] of byStep) {
      const m = median(values);
      medians.push(m);
      console.log(
        `  ${step.padEnd(42)} ${String(Math.round(m)).padStart(5)} ms  (runs: ${values.map(Math.round).join(', ')})`,
      );
    }
    console.log(
      `  p50 ${Math.round(quantile(medians, 0.5))} ms; p75 ${Math.round(quantile(medians, 0.75))} ms (target ≤ 300); slowest ${Math.round(Math.max(...medians))} ms (target ≤ 600)`,
    );
  }
  console.log(
    '  The sandbox partners answer at once; in production add the identity check (about 1-2 s, on account usage), the address search (about 150 ms a keystroke) and the SMS delivery.',
  );
} finally {
  await server.stop();
}
