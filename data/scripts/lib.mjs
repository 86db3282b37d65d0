// Shared helpers for the seed-data generators: a seeded PRNG and a JSON writer.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** mulberry32: small, fast, deterministic 32-bit PRNG. Returns () => [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (rand, min, max) => min + Math.floor(rand() * (max - min + 1));
export const pick = (rand, arr) => arr[Math.floor(rand() * arr.length)];

/** Letters allowed in postal codes after the first position (no D F I O Q U). */
export const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

export function writeJson(name, value) {
  const path = join(DATA_DIR, name);
  writeFileSync(path, JSON.stringify(value, null, 2) + '\n');
  console.log(`wrote ${name}`);
}

/** Compact JSON: one array element per line (keeps large files small but diff-friendly). */
export function writeJsonLines(name, arr) {
  const path = join(DATA_DIR, name);
  writeFileSync(path, '[\n' + arr.map((x) => '  ' + JSON.stringify(x)).join(',\n') + '\n]\n');
  console.log(`wrote ${name} (${arr.length} records)`);
}
