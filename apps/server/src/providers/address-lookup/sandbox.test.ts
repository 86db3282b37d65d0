import { describe, expect, it } from 'vitest';
import { fold, highlightRanges, tokenize } from './sandbox.ts';

describe('sandbox address lookup helpers', () => {
  it('folds accents and case without moving positions', () => {
    expect(fold('Montréal, QC')).toBe('montreal, qc');
    expect(fold('Côte-des-Neiges').length).toBe('Côte-des-Neiges'.length);
  });

  it('tokenizes on spaces, commas and hyphens', () => {
    expect(tokenize(' 5-123  Rue, Sainte-Catherine ')).toEqual(['5', '123', 'rue', 'sainte', 'catherine']);
  });

  it('highlights the matched word starts, merged and ordered (Loqate format)', () => {
    expect(highlightRanges('290 Bremner Blvd', ['290', 'brem'])).toBe('0-3,4-8');
    expect(highlightRanges('Toronto, ON M5V 3L9', ['tor', 'm5v'])).toBe('0-3,12-15');
    expect(highlightRanges('1701-987 Queen St E', ['98', 'queen'])).toBe('5-7,9-14');
    expect(highlightRanges('Montréal, QC H2G 6T4', ['montre'])).toBe('0-6');
    expect(highlightRanges('Ottawa, ON K1A 0A9', ['k1a0'])).toBe('11-16');
    expect(highlightRanges('111 Wellington St', ['zzz'])).toBe('');
  });
});
