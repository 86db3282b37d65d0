/**
 * The French texts as a French reader meets them: every English interface text has a French one, that
 * French text is not the English left untranslated (outside the names and codes below), and it writes
 * the apostrophe as ’, never '. The product catalogue's French texts follow the same rule.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fr } from './fr.ts';

/** Texts that are the same in both languages: names, codes, the same word, or placeholders only. */
const SAME_IN_BOTH: ReadonlySet<string> = new Set([
  'layout.menu', // 'Menu'
  'layout.copyright', // '© {{year}} {{institution}}'
  'layout.titleSuffix', // '{{title}} | {{institution}}'
  'dev.toDiagnostics', // 'Diagnostics'
  'dev.diagnosticsTitle', // 'Diagnostics'
  'combobox.suggestions', // 'Suggestions'
  'address.province', // 'Province'
]);

/** Every string of a nested catalogue, by its dotted key. */
function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') {
      for (const [k, v] of flatten(value as object, path)) out.set(k, v);
    }
  }
  return out;
}

const EN = flatten(en);
// The test runs in jsdom, whose URLs are http: the file's own path comes from vitest's file URL.
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const FR = flatten(fr);

describe('French interface texts', () => {
  it('has a French text for every English one, and no other', () => {
    expect([...FR.keys()].sort()).toEqual([...EN.keys()].sort());
    const empty = [...FR].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('translates every text but names and codes', () => {
    const untranslated = [...EN]
      .filter(([key, text]) => FR.get(key) === text && !SAME_IN_BOTH.has(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('keeps the allow-list honest: each entry is still the same in both languages', () => {
    for (const key of SAME_IN_BOTH) expect(FR.get(key), key).toBe(EN.get(key));
  });

  it('writes the apostrophe as ’', () => {
    const straight = [...FR].filter(([, text]) => text.includes("'")).map(([key]) => key);
    expect(straight).toEqual([]);
  });

  it("calls a mobile phone 'cellulaire' everywhere", () => {
    expect([...FR].filter(([, text]) => /\bmobile\b/i.test(text)).map(([key]) => key)).toEqual([]);
  });

  it("calls the length of a deposit its 'durée', never its 'terme'", () => {
    expect([...FR].filter(([, text]) => /\btermes?\b/i.test(text)).map(([key]) => key)).toEqual([]);
  });
});

describe('French texts of the product catalogue (data/products.json)', () => {
  interface SeedProduct {
    productID: string;
    description: string;
    fr: { description: string; disclaimers: string[] } & Record<string, unknown>;
  }
  const products = JSON.parse(readFileSync(join(REPO_ROOT, 'data/products.json'), 'utf8')) as SeedProduct[];

  it('has a French description for every product, not the English one', () => {
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.fr.description.trim(), p.productID).not.toBe('');
      expect(p.fr.description, p.productID).not.toBe(p.description);
    }
  });

  it("says 'Durées', not 'Termes'", () => {
    const lines = products.flatMap((p) => Object.values(p.fr).flat());
    expect(lines.filter((text) => typeof text === 'string' && /\btermes?\b/i.test(text))).toEqual([]);
  });

  it('writes the apostrophe as ’', () => {
    const straight = products.flatMap((p) =>
      Object.values(p.fr)
        .flat()
        .filter((text): text is string => typeof text === 'string' && text.includes("'"))
        .map((text) => `${p.productID}: ${text}`),
    );
    expect(straight).toEqual([]);
  });
});
