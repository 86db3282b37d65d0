import { describe, expect, it } from 'vitest';
import { frenchOf } from './french.ts';

describe('frenchOf', () => {
  it('elides de before a vowel or a mute h, not before a consonant', () => {
    expect(frenchOf('omo Credit Union')).toBe('d’omo Credit Union');
    expect(frenchOf('Hochelaga Credit Union')).toBe('d’Hochelaga Credit Union');
    expect(frenchOf('Hélios')).toBe('d’Hélios');
    expect(frenchOf('Maple Credit Union')).toBe('de Maple Credit Union');
  });
});
