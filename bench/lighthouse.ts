// Lighthouse 12.8 (mobile defaults: simulated slow 4G and 4× CPU slowdown) against the built product, in
// Debian's Chromium through chrome-launcher: each page three times, the median run (Lighthouse's own
// choice) printed beside the targets. The later steps are reached as an applicant would reach them
// (the API with a session cookie); a page whose step cannot be reached says so. Prints; never asserts.
// Run: node --import tsx bench/lighthouse.ts (needs a built product: npm run build)
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { TestApplicant, type ApplicantStep } from '../apps/server/src/testing/applicant.ts';
import { createHttpInjector } from '../apps/server/src/testing/http-injector.ts';
import { benchPort, CHROMIUM_ARGS, machineNote, startServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface Page {
  path: string;
  /** The back office's listener (STAFF_PORT, the server's port + 1) instead of the applicant's site. */
  isStaff?: boolean;
  /** The step an applicant has completed before the page (a session cookie), or none. */
  after?: ApplicantStep | 'start' | 'submit';
  target: string;
}

const LATER = 'score ≥ 98, LCP ≤ 1.5 s';
const PAGES: Page[] = [
  { path: '/', target: 'score 100, LCP ≤ 1.5 s, CLS 0, JS ≤ 115 KiB' },
  { path: '/single/getstarted?productIds=1001', target: 'score 100, LCP ≤ 1.5 s, CLS 0, JS ≤ 115 KiB' },
  { path: '/productlist', target: 'CLS 0' },
  // Later pages opened directly (a reload, a resume or e-mailed link): rendered by the server.
  { path: '/single/createprofile', after: 'start', target: LATER },
  { path: '/single/address', after: 'phone', target: LATER },
  { path: '/single/reviewapplication', after: 'legalTerms', target: LATER },
  { path: '/single/confirmapplication', after: 'submit', target: LATER },
  { path: '/resume', target: LATER },
  { path: '/', isStaff: true, target: `${LATER} (the back office's sign-in)` },
];

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const server = await startServer({
  port: benchPort(7),
  env: {
    TRUST_PROXY: '1',
    PHONE_SEND_LIMIT_PER_IP_PER_HOUR: '100000',
    SEED_DIR: 'apps/server/src/testing/fixtures/seed',
  },
});
const http = createHttpInjector(server.url);

/** The session cookie of an applicant who has done `after`. */
async function cookieFor(after: Page['after']): Promise<string | undefined> {
  if (!after) return undefined;
  const applicant = new TestApplicant(http, { productIds: ['2001'] });
  if (after === 'start') await applicant.start();
  else if (after === 'submit') {
    await applicant.progress('reviewConsent');
    const res = await applicant.submit();
    if (res.statusCode !== 200) throw new Error(`SaveApplication → ${res.statusCode}`);
  } else await applicant.progress(after);
  return applicant.cookie;
}

async function run(url: string, cookie: string | undefined): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    // The session cookie goes in the browser's own jar, as after the previous screen: a Cookie header given
    // to Lighthouse is replaced by the jar's once the app writes its language cookie (omo.lang). The jar is
    // then kept (no storage reset); each run has a new browser anyway.
    if (cookie) {
      const [name, value] = cookie.split(/=(.*)/s) as [string, string];
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0]!.addCookies([{ name, value, url: new URL('/', url).href }]);
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error('Lighthouse gave no result');
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** A run's score, or the error that left it without one. */
const runScore = (r: Result) =>
  r.categories.performance?.score == null
    ? `no score (${r.runtimeError?.code ?? 'error'})`
    : (r.categories.performance.score * 100).toFixed(0);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);

/** Bytes of JavaScript transferred by the page load (what arrives before the first interaction). */
function scriptBytes(lhr: Result): number {
  const items = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
    ?.items;
  return (items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
}

console.log(`Lighthouse ${RUNS} runs per page, median run ${machineNote()}`);
console.log(
  'page | performance (each run) | FCP | LCP | TBT | CLS | JS transferred (over /) | final URL | target',
);
let firstScreenJs: number | undefined;
try {
  // BENCH_LIGHTHOUSE_ONLY: a pattern of the paths to measure (all by default).
  const only = new RegExp(process.env.BENCH_LIGHTHOUSE_ONLY ?? '.');
  for (const page of PAGES.filter((p) => only.test(`${p.isStaff ? 'staff' : ''}${p.path}`))) {
    let runs: Result[];
    try {
      const cookie = await cookieFor(page.after);
      runs = [];
      const origin = page.isStaff
        ? server.url.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`)
        : server.url;
      for (let i = 0; i < RUNS; i++) runs.push(await run(`${origin}${page.path}`, cookie));
    } catch (error) {
      console.log(`${page.path} | not reached: ${(error as Error).message.slice(0, 160)}`);
      continue;
    }
    const valid = filterToValidRuns(runs);
    if (valid.length === 0) {
      const problem =
        runs[0]?.runtimeError?.message ?? runs[0]?.audits['first-contentful-paint']?.errorMessage;
      console.log(`${page.path} | no valid run: ${String(problem).slice(0, 200)}`);
      continue;
    }
    const median = computeMedianRun(valid);
    // BENCH_LIGHTHOUSE_SAVE: a folder to write each page's median report to (JSON, for its audits).
    const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
    if (saveDir)
      writeFileSync(
        `${saveDir}/${page.isStaff ? 'staff' : ''}${page.path.replace(/\W+/g, '_')}.json`,
        JSON.stringify(median),
      );
    const score = (median.categories.performance?.score ?? 0) * 100;
    const audit = (id: string) => median.audits[id]?.numericValue;
    const finalUrl = new URL(median.finalDisplayedUrl).pathname;
    console.log(
      [
        page.isStaff ? `back office ${page.path}` : page.path,
        `${score.toFixed(0)} (runs ${runs.map(runScore).join(', ')})`,
        seconds(audit('first-contentful-paint')),
        seconds(audit('largest-contentful-paint')),
        `${(audit('total-blocking-time') ?? 0).toFixed(0)} ms`,
        (audit('cumulative-layout-shift') ?? 0).toFixed(3),
        firstScreenJs === undefined
          ? kib(scriptBytes(median))
          : `${kib(scriptBytes(median))} (${scriptBytes(median) >= firstScreenJs ? '+' : ''}${kib(scriptBytes(median) - firstScreenJs)})`,
        finalUrl,
        page.target,
      ].join(' | '),
    );
    firstScreenJs ??= scriptBytes(median);
  }
} finally {
  await server.stop();
}
