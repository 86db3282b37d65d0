import { describe, it, expect } from 'vitest';
import {
  AGE_OF_MAJORITY,
  ageOfMajorityOf,
  COUNTRIES,
  findCountry,
  findProvince,
  findUsState,
  isCanada,
  isUnitedStates,
  PROVINCES,
  US_STATES,
} from './lists.ts';

describe('COUNTRIES (spec 000 §9: about 250, Canada and United States first)', () => {
  it('holds about 250 unique ISO alpha-2 codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    expect(COUNTRIES.length).toBeLessThanOrEqual(255);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
  });

  it('lists Canada, then the United States, then the rest alphabetically by English name', () => {
    expect(COUNTRIES[0]).toEqual({ code: 'CA', nameEn: 'Canada', nameFr: 'Canada' });
    expect(COUNTRIES[1]).toEqual({ code: 'US', nameEn: 'United States', nameFr: 'États-Unis' });
    const rest = COUNTRIES.slice(2).map((c) => c.nameEn);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(rest).not.toContain('Canada');
  });

  it('has English and French names for every country', () => {
    expect(COUNTRIES.every((c) => c.nameEn.trim() !== '' && c.nameFr.trim() !== '')).toBe(true);
    expect(findCountry('DE')?.nameFr).toBe('Allemagne');
    expect(findCountry('GB')?.nameFr).toBe('Royaume-Uni');
  });
});

describe('PROVINCES (13, Canada Post codes)', () => {
  it('has the 13 provinces and territories', () => {
    expect(PROVINCES).toHaveLength(13);
    expect(PROVINCES.map((p) => p.code).sort()).toEqual(
      ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'].sort(),
    );
  });

  it('has French names', () => {
    expect(findProvince('QC')?.nameFr).toBe('Québec');
    expect(findProvince('BC')?.nameFr).toBe('Colombie-Britannique');
    expect(findProvince('PE')?.nameFr).toBe('Île-du-Prince-Édouard');
  });
});

describe('US_STATES (50)', () => {
  it('has the 50 states with unique two-letter codes', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(50);
    expect(US_STATES.map((s) => s.code)).not.toContain('DC');
  });

  it('uses French names where they differ', () => {
    expect(findUsState('CA')?.nameFr).toBe('Californie');
    expect(findUsState('NC')?.nameFr).toBe('Caroline du Nord');
    expect(findUsState('TX')?.nameFr).toBe('Texas');
  });
});

describe('AGE_OF_MAJORITY', () => {
  it('is 18 in AB, MB, ON, PE, QC, SK and 19 in the rest', () => {
    for (const p of ['AB', 'MB', 'ON', 'PE', 'QC', 'SK'] as const) expect(AGE_OF_MAJORITY[p]).toBe(18);
    for (const p of ['BC', 'NB', 'NL', 'NS', 'NT', 'NU', 'YT'] as const) expect(AGE_OF_MAJORITY[p]).toBe(19);
    expect(Object.keys(AGE_OF_MAJORITY)).toHaveLength(13);
  });

  it('is found by code or name, undefined elsewhere', () => {
    expect(ageOfMajorityOf('bc')).toBe(19);
    expect(ageOfMajorityOf('Québec')).toBe(18);
    expect(ageOfMajorityOf('NY')).toBeUndefined();
    expect(ageOfMajorityOf(undefined)).toBeUndefined();
  });
});

describe('findCountry / isCanada', () => {
  it('finds by code, English or French name, ignoring case and accents', () => {
    expect(findCountry('ca')?.code).toBe('CA');
    expect(findCountry('united states')?.code).toBe('US');
    expect(findCountry('etats-unis')?.code).toBe('US');
    expect(findCountry('USA')?.code).toBe('US');
    expect(findCountry('Atlantis')).toBeUndefined();
    expect(findCountry('')).toBeUndefined();
  });

  it('tells Canada apart', () => {
    expect(isCanada('CA')).toBe(true);
    expect(isCanada('Canada')).toBe(true);
    expect(isCanada('CAN')).toBe(true);
    expect(isCanada('US')).toBe(false);
    expect(isCanada(null)).toBe(false);
    expect(isUnitedStates('US')).toBe(true);
  });
});

describe('French names', () => {
  it('write the apostrophe as ’ (Côte d’Ivoire)', () => {
    const straight = [...COUNTRIES, ...PROVINCES, ...US_STATES]
      .filter((c) => c.nameFr.includes("'"))
      .map((c) => c.code);
    expect(straight).toEqual([]);
    expect(findCountry('CI')?.nameFr).toBe('Côte d’Ivoire');
  });
});
