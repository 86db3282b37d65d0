import { describe, expect, it } from 'vitest';
import { clearAll, findSlice, setSlice, stripSensitive, updateSlice } from './session-state.ts';

describe('session-state', () => {
  it('clearAll removes every omo entry, an earlier version’s included, and leaves other keys alone', () => {
    sessionStorage.setItem('omo.application', '{"x":1}');
    sessionStorage.setItem('omo.progress', '{"profile":true}');
    sessionStorage.setItem('other.key', 'kept');
    clearAll();
    expect(sessionStorage.getItem('omo.application')).toBeNull();
    expect(sessionStorage.getItem('omo.progress')).toBeNull();
    expect(findSlice('application')).toBeUndefined();
    expect(sessionStorage.getItem('other.key')).toBe('kept');
  });

  it('holds only what the landing page chose before the server holds the application', () => {
    setSlice('application', { selectedProducts: [], sweepEnabled: true, promoCode: 'PromoGIC' });
    updateSlice('application', { forceTuTest: true });
    expect(findSlice('application')).toEqual({
      selectedProducts: [],
      sweepEnabled: true,
      promoCode: 'PromoGIC',
      forceTuTest: true,
    });
  });

  it('never keeps a password, SIN or code, at any depth, and keeps product and promo codes', () => {
    expect(
      stripSensitive({
        email: 'a@b.ca',
        password: 'Secret12',
        Password: 'x',
        sin: '046454286',
        nested: { verificationCode: '123456', code: '1', promoCode: 'PromoGIC', productCode: 'CHQ' },
      }),
    ).toEqual({ email: 'a@b.ca', nested: { promoCode: 'PromoGIC', productCode: 'CHQ' } });
  });
});
