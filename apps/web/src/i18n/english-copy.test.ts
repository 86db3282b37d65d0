/**
 * The English texts keep one spelling for each term (decision 0020): 'email', never 'e-mail'.
 */
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';

function strings(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value]];
    return value && typeof value === 'object' ? strings(value as object, path) : [];
  });
}

describe('the English copy', () => {
  it("writes 'email', never 'e-mail'", () => {
    expect(strings(en).filter(([, text]) => /e-mail/i.test(text))).toEqual([]);
  });
});

describe("the SIN hint's example (issue 24, item 10)", () => {
  it('is a number that passes the SIN check, in both languages', async () => {
    const { isValidSin } = await import('@omo/domain');
    const { fr } = await import('./fr.ts');
    for (const hint of [en.sin.hint, fr.sin.hint]) {
      const example = /(\d{3})\u00a0(\d{3})\u00a0(\d{3})/.exec(hint);
      expect(example, hint).not.toBeNull();
      expect(isValidSin(example!.slice(1).join(''), { isTfsaOrFhsa: false })).toBe(true);
    }
  });
});
