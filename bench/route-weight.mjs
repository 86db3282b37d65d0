// JavaScript each later route adds over what the browser already holds when the applicant navigates there
// from the previous screen: the files a route needs (the entry's, from the build's Vite manifest
// apps/web/dist/.vite/manifest.json, and the route's own with the rest of the English texts, as the build
// lists them for the server in apps/web/dist/prerendered/route-preloads.json) minus those of the previous
// screen opened directly.
// Measured as gzip -9 of each chunk (the build's .gz copies); CSS files are listed beside. Target: ≤ 30 KiB.
// Needs a built product (npm run build). Run: node bench/route-weight.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const TARGET_KIB = 30;

/** What the build lists for each route loaded on demand: its files beyond the entry's (decision 0018). */
const preloads = JSON.parse(readFileSync(join(dist, 'prerendered/route-preloads.json'), 'utf8'));
/** The single flow's path of a screen. */
const pathOf = (id) => (id === 'capture' ? '/single/idverifyterms/capture' : `/single/${id.toLowerCase()}`);

/** Each later screen and the screen an applicant comes from (the single flow; SIN and ID steps taken). */
const FROM = [
  ['createprofile', 'getstarted'],
  ['personalinfo', 'createprofile'],
  ['phoneverification', 'personalinfo'],
  ['verificationCode', 'phoneverification'],
  ['address', 'verificationCode'],
  ['confirmproducts', 'address'],
  ['sin', 'confirmproducts'],
  ['finalizeaccount', 'sin'],
  ['idverifyterms', 'finalizeaccount'],
  ['capture', 'idverifyterms'],
  ['legalterms', 'capture'],
  ['reviewapplication', 'legalterms'],
  ['reviewterms', 'reviewapplication'],
  ['confirmapplication', 'reviewterms'],
  ['processingapplication', 'reviewterms'],
  ['applicationdecline', 'reviewterms'],
  ['savingsaccountoffer', 'reviewterms'],
  ['verifyidentification', 'reviewterms'],
];

/** The files of the entry: its script and every chunk it imports statically. */
function entryFiles() {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(Object.keys(manifest).find((key) => manifest[key].isEntry));
  return new Set([...seen].map((key) => manifest[key].file));
}

const gzipOf = new Map();
function gzipBytes(file) {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipOf.get(file);
}
const kib = (bytes) => (bytes / 1024).toFixed(1);

const entry = entryFiles();
const asFile = (href) => href.replace(/^\//, '');
/** The script and stylesheet files of a screen opened directly: the entry's, its route's and, on a later
 * screen, the rest of the language shown (English here). */
function screen(id) {
  if (id === 'getstarted') return { scripts: entry, css: new Set() };
  const route = preloads.routes[pathOf(id)];
  if (!route) throw new Error(`${pathOf(id)} is not in the build's route preloads`);
  const texts = preloads.languages.en;
  return {
    scripts: new Set([...entry, ...[...route.scripts, ...texts.scripts].map(asFile)]),
    css: new Set(route.styles.map(asFile)),
  };
}
const nameOf = (file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');

const firstScreen = screen('getstarted').scripts;
console.log(
  `First screen (entry): ${firstScreen.size} scripts, ` +
    `${kib([...firstScreen].reduce((sum, f) => sum + gzipBytes(f), 0))} KiB gzip`,
);
console.log(
  `route | from | JS added KiB gzip (target ≤ ${TARGET_KIB}) | files | CSS added KiB gzip | chunks added`,
);
for (const [id, from] of FROM) {
  const before = screen(from);
  const after = screen(id);
  const added = [...after.scripts].filter((f) => !before.scripts.has(f));
  const js = added.reduce((sum, f) => sum + gzipBytes(f), 0);
  const css = [...after.css].filter((f) => !before.css.has(f));
  const cssBytes = css.reduce((sum, f) => sum + gzipBytes(f), 0);
  const names = added
    .map((f) => [nameOf(f), gzipBytes(f)])
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name} ${kib(bytes)}`);
  console.log(
    [
      id,
      from,
      `${kib(js)}${js > TARGET_KIB * 1024 ? ' (over)' : ''}`,
      added.length,
      `${kib(cssBytes)} (${css.length})`,
      names.join(', '),
    ].join(' | '),
  );
}
