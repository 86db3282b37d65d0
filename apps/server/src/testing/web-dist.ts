/**
 * The web build the route tests serve (WEB_DIST). Committed in fixtures/web-build: index.html, a hashed
 * asset with the brotli and gzip copies the build writes beside it, robots.txt and the route preloads.
 * Written here from index.html, as the web build prerenders them: each prerendered page in each language
 * (its title names page and language; its links hold every slot the server fills in) and the loading page
 * of each language. The whole is written once to the temp folder, under a name its content decides.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PAGE_SLOTS,
  PRERENDERED_DIR,
  PRERENDERED_LANGUAGES,
  PRERENDERED_PAGE_NAMES,
  loadingFile,
  prerenderedFile,
} from '@omo/domain';

const BUILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'web-build');

/** What a prerendered page shows: the header's and footer's links, each through its slot. */
const PRERENDERED_BODY = [
  `<a href="${PAGE_SLOTS.publicWebsiteUrl}">${PAGE_SLOTS.institutionName}</a>`,
  `<a href="${PAGE_SLOTS.contactPhoneHref}">${PAGE_SLOTS.contactPhone}</a>`,
  `<a href="${PAGE_SLOTS.onlineBankingUrl}">member</a><a href="${PAGE_SLOTS.productLoginUrl}">sign in</a>`,
  `<a href="${PAGE_SLOTS.publicWebsiteBase}/privacy">privacy</a>`,
  `<p>© ${PAGE_SLOTS.year} ${PAGE_SLOTS.institutionName}</p>`,
].join('\n');

/** The generated pages by file name inside PRERENDERED_DIR. */
function generatedPages(): Map<string, string> {
  const index = readFileSync(path.join(BUILD, 'index.html'), 'utf8');
  const page = (lang: string, title: string, root: string) =>
    index
      .replace('<html lang="en">', `<html lang="${lang}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace('<div id="root"></div>', `<div id="root">${root}</div>`);
  const pages = new Map<string, string>();
  for (const lang of PRERENDERED_LANGUAGES) {
    pages.set(loadingFile(lang), page(lang, 'omo test app', `<p>loading ${lang}</p>`));
    for (const name of PRERENDERED_PAGE_NAMES) {
      const title = `prerendered ${name} ${lang} | ${PAGE_SLOTS.institutionName}`;
      pages.set(prerenderedFile(name, lang), page(lang, title, PRERENDERED_BODY));
    }
  }
  return pages;
}

/** Every committed file's path inside the build, sorted (with their content they name the written copy). */
function committedFiles(): string[] {
  return readdirSync(BUILD, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(BUILD, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Writes the fixture build to the temp folder unless it is there already; returns its folder. */
export function writeFixtureWebDist(): string {
  const pages = generatedPages();
  const hash = createHash('sha256');
  for (const file of committedFiles()) hash.update(file).update(readFileSync(path.join(BUILD, file)));
  for (const [file, html] of pages) hash.update(file).update(html);
  const target = path.join(tmpdir(), `omo-web-dist-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(target)) return target;
  // Written aside, then renamed: test processes that start together never see half a build.
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  cpSync(BUILD, partial, { recursive: true });
  mkdirSync(path.join(partial, PRERENDERED_DIR), { recursive: true });
  for (const [file, html] of pages) writeFileSync(path.join(partial, PRERENDERED_DIR, file), html);
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return target;
}
