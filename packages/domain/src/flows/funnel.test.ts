import { describe, expect, it } from 'vitest';
import { deviceClassOf } from './funnel.ts';

describe('deviceClassOf', () => {
  it.each([
    [320, 'phone'],
    [599, 'phone'],
    [600, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ])('a viewport %i pixels wide is a %s', (width, device) => {
    expect(deviceClassOf(width)).toBe(device);
  });
});
