// JavaScript and CSS that the first screens load, measured in Chromium against the built product: every
// script and stylesheet response of a first visit, as gzip -9 (the measure) and as the bytes that
// travelled (the server sends the build's brotli copies). Target: the first screen's budget, gzip of JavaScript.
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { FIRST_SCREEN_BUDGET_KIB } from '../scripts/first-screen-budget.mjs';
import { benchPort, startServer, CHROMIUM_ARGS } from './lib.mjs';

const PAGES = ['/?productIds=1001', '/single/getstarted?productIds=1001', '/productlist'];

const server = await startServer({ port: benchPort(2) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
try {
  for (const path of PAGES) {
    const page = await browser.newPage();
    const pending = [];
    const sizes = { script: [], stylesheet: [] };
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sent = await response.request().sizes();
          sizes[type].push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            sent: sent.responseBodySize,
          });
        })(),
      );
    });
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await page.close();
    console.log(`${path}`);
    for (const [type, files] of Object.entries(sizes)) {
      const sum = (key) => files.reduce((s, f) => s + f[key], 0);
      const target = type === 'script' ? ` (target ≤ ${FIRST_SCREEN_BUDGET_KIB} KiB gzip)` : '';
      console.log(
        `  ${type === 'script' ? 'JavaScript' : 'CSS'}: ${files.length} files, ${kb(sum('raw'))} raw, ` +
          `${kb(sum('gzip'))} gzip -9, ${kb(sum('sent'))} sent${target}`,
      );
      if (path === PAGES[0]) {
        for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
          console.log(`    ${f.url}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip, ${kb(f.sent)} sent`);
        }
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
