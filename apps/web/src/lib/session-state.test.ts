import { describe, expect, it } from 'vitest';
import {
  INITIAL_PROGRESS,
  SLICE_NAMES,
  clearAll,
  findSlice,
  getProgress,
  setSlice,
  updateSlice,
} from './session-state.ts';

describe('session-state', () => {
  it('clearAll removes every slice and leaves other keys alone', () => {
    for (const name of SLICE_NAMES) sessionStorage.setItem(`omo.${name}`, '{"x":1}');
    sessionStorage.setItem('other.key', 'kept');
    clearAll();
    for (const name of SLICE_NAMES) {
      expect(sessionStorage.getItem(`omo.${name}`)).toBeNull();
      expect(findSlice(name)).toBeUndefined();
    }
    expect(sessionStorage.getItem('other.key')).toBe('kept');
  });

  it('covers the twelve slices of spec 000 §4', () => {
    expect([...SLICE_NAMES].sort()).toEqual(
      [
        'accountUsage',
        'applicant',
        'application',
        'branchLocations',
        'credential',
        'homeAddress',
        'legalTerms',
        'mailingAddress',
        'membershipResult',
        'progress',
        'termConfig',
        'thirdPartyInfo',
      ].sort(),
    );
  });

  it('never writes a password, SIN or code, at any depth', () => {
    setSlice('credential', { email: 'a@b.ca', password: 'Secret12', Password: 'x', consent: true });
    setSlice('applicant', {
      firstName: 'Ann',
      sin: '046454286',
      nested: { verificationCode: '123456', code: '1' },
    });
    const all = Object.keys(sessionStorage)
      .map((k) => sessionStorage.getItem(k) ?? '')
      .join('\n');
    expect(all).not.toMatch(/password/i);
    expect(all).not.toContain('Secret12');
    expect(all).not.toContain('046454286');
    expect(all).not.toContain('123456');
    expect(findSlice('credential')).toEqual({ email: 'a@b.ca', consent: true });
    expect(findSlice('applicant')).toEqual({ firstName: 'Ann', nested: {} });
  });

  it('keeps product and promo codes (they are not secrets)', () => {
    updateSlice('applicant', { promoCode: 'PromoGIC', productCode: 'CHQ' });
    expect(findSlice('applicant')).toEqual({ promoCode: 'PromoGIC', productCode: 'CHQ' });
  });

  it('progress defaults to all false and merges updates', () => {
    expect(getProgress()).toEqual(INITIAL_PROGRESS);
    updateSlice('progress', { profile: true });
    expect(getProgress()).toEqual({ ...INITIAL_PROGRESS, profile: true });
  });
});
