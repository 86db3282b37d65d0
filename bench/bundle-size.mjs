// JavaScript and CSS bytes (gzip) that the landing page loads, measured in Chromium against the built
// product: every script and stylesheet response of a first visit, compressed as the server sends it.
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { startServer, CHROMIUM_ARGS } from './lib.mjs';

const server = await startServer({ port: 3292 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage();
const sizes = { script: [], stylesheet: [] };
page.on('response', async (response) => {
  const type = response.request().resourceType();
  if (type !== 'script' && type !== 'stylesheet') return;
  const body = await response.body().catch(() => Buffer.alloc(0));
  sizes[type].push({
    url: new URL(response.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  });
});
await page.goto(`${server.url}/?productIds=1001`, { waitUntil: 'networkidle' });
await browser.close();
await server.stop();

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const [type, files] of Object.entries(sizes)) {
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const gz = files.reduce((s, f) => s + f.gzip, 0);
  console.log(
    `${type === 'script' ? 'JavaScript' : 'CSS'}: ${files.length} files, ${kb(raw)} raw, ${kb(gz)} gzip`,
  );
  for (const f of files) console.log(`  ${f.url}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
}
