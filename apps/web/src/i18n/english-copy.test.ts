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
