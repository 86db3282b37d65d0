// JavaScript each later route adds over what the browser already holds when the applicant navigates there
// from the previous screen, read from the build's Vite manifest (apps/web/dist/.vite/manifest.json): the
// chunks a route needs (its page and loader modules and everything they import statically, the entry's
// chunks included) minus the chunks of the previous screen opened directly (entry + that screen's route).
// Measured as gzip -9 of each chunk (the build's .gz copies); CSS files are listed beside. Target: ≤ 30 KiB.
// Needs a built product (npm run build). Run: node bench/route-weight.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const TARGET_KIB = 30;

/** The source modules a route's `lazy` imports (apps/web/src/app/router.tsx), by screen. */
const step = (dir, page, loader) => [
  `src/steps/${dir}/${page}`,
  ...(loader ? [`src/steps/${dir}/${loader}`] : []),
];
const outcome = (page) => [`src/outcomes/${page}`, 'src/outcomes/outcome-loader.ts'];
const STEP_LOADER = 'src/lib/step.ts';
/** Every later screen's route also loads the rest of the language shown (English here: i18n loadShownTexts). */
const TEXTS = 'src/i18n/en.ts';
const ROUTES = {
  getstarted: [],
  createprofile: step('create-profile', 'create-profile-page.tsx', 'create-profile-loader.ts'),
  personalinfo: [...step('personal-info', 'personal-info-page.tsx'), STEP_LOADER],
  phoneverification: step(
    'phone-verification',
    'phone-verification-page.tsx',
    'phone-verification-loader.ts',
  ),
  verificationCode: step('verification-code', 'verification-code-page.tsx', 'verification-code-loader.ts'),
  address: step('address', 'address-page.tsx', 'address-loader.ts'),
  confirmproducts: step('confirm-products', 'confirm-products-page.tsx', 'confirm-products-loader.ts'),
  sin: step('sin', 'sin-page.tsx', 'sin-loader.ts'),
  finalizeaccount: [...step('finalize-account', 'finalize-account-page.tsx'), STEP_LOADER],
  idverifyterms: [...step('id-verify-terms', 'id-verify-terms-page.tsx'), STEP_LOADER],
  capture: [...step('id-verify-terms', 'capture-page.tsx'), STEP_LOADER],
  legalterms: step('legal-terms', 'legal-terms-page.tsx', 'legal-terms-loader.ts'),
  reviewapplication: [...step('review-application', 'review-application-page.tsx'), STEP_LOADER],
  reviewterms: [...step('review-terms', 'review-terms-page.tsx'), STEP_LOADER],
  confirmapplication: outcome('confirm-application-page.tsx'),
  processingapplication: outcome('processing-page.tsx'),
  applicationdecline: outcome('decline-page.tsx'),
  savingsaccountoffer: outcome('savings-offer-page.tsx'),
  verifyidentification: outcome('verify-identification-page.tsx'),
};

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

/** The manifest keys of `keys` and every chunk they import statically. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest: update ROUTES in bench/route-weight.mjs`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const gzipOf = new Map();
function gzipBytes(file) {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipOf.get(file);
}
const kib = (bytes) => (bytes / 1024).toFixed(1);

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const screen = (id) => closure([entry, ...(id === 'getstarted' ? [] : [TEXTS]), ...ROUTES[id]]);
const files = (keys) => [...keys].map((key) => manifest[key].file);
const cssOf = (keys) => new Set([...keys].flatMap((key) => manifest[key].css ?? []));

const firstScreen = screen('getstarted');
console.log(
  `First screen (entry): ${files(firstScreen).length} scripts, ` +
    `${kib(files(firstScreen).reduce((s, f) => s + gzipBytes(f), 0))} KiB gzip`,
);
console.log(
  `route | from | JS added KiB gzip (target ≤ ${TARGET_KIB}) | files | CSS added KiB gzip | chunks added`,
);
for (const [id, from] of FROM) {
  const before = screen(from);
  const after = screen(id);
  const added = [...after].filter((key) => !before.has(key));
  const js = added.reduce((s, key) => s + gzipBytes(manifest[key].file), 0);
  const beforeCss = cssOf(before);
  const css = [...cssOf(after)].filter((f) => !beforeCss.has(f));
  const cssBytes = css.reduce((s, f) => s + gzipBytes(f), 0);
  const names = added
    .map((key) => [manifest[key].name ?? key, gzipBytes(manifest[key].file)])
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
