import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { enFirst } from './en-first.ts';
import { en } from './en.ts';

const SRC = path.resolve(import.meta.dirname, '..');

/** The app's modules the first screen loads: main.tsx and what it imports statically, not by import(). */
function firstScreenModules(): string[] {
  const seen = new Set<string>();
  const queue = [path.join(SRC, 'main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, from] of code.matchAll(/^import\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)) {
      queue.push(path.resolve(path.dirname(file), from!));
    }
  }
  return [...seen];
}

describe("the first screen's texts", () => {
  it('come from en-first.ts, the English the first download holds', () => {
    const namespaces = new Set(Object.keys(en));
    const used = new Map<string, string>();
    for (const file of firstScreenModules()) {
      const code = readFileSync(file, 'utf8');
      for (const [, namespace] of code.matchAll(/['`](\w+)\.[\w.${}]+['`]/g)) {
        if (namespaces.has(namespace!)) used.set(namespace!, path.relative(SRC, file));
      }
    }
    expect(used.size).toBeGreaterThan(3);
    for (const [namespace, file] of used) {
      expect(Object.keys(enFirst), `${file} uses ${namespace}.*`).toContain(namespace);
    }
  });
});
