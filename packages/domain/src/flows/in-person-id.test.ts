import { describe, expect, it } from 'vitest';
import { IN_PERSON_ID_DAYS, inPersonIdShowBy, longDayOf } from './in-person-id.ts';

describe('the last day to show ID in person', () => {
  it('is thirty days after the request, counted in Toronto', () => {
    expect(IN_PERSON_ID_DAYS).toBe(30);
    expect(inPersonIdShowBy(new Date('2026-11-27T15:00:00Z'))).toBe('2026-12-27');
    // 02:00 UTC on the 28th is still the 27th in Toronto.
    expect(inPersonIdShowBy(new Date('2026-11-28T02:00:00Z'))).toBe('2026-12-27');
  });

  it('is written as each language writes a day', () => {
    expect(longDayOf('2026-12-27', 'en')).toBe('December 27, 2026');
    expect(longDayOf('2026-12-27', 'fr')).toBe('27 décembre 2026');
  });
});
