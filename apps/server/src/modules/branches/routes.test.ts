import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../../lib/geo.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

describe('haversineKm', () => {
  it('measures Toronto to Ottawa at about 352 km', () => {
    const km = haversineKm(
      { latitude: 43.6532, longitude: -79.3832 },
      { latitude: 45.4215, longitude: -75.6972 },
    );
    expect(km).toBeGreaterThan(345);
    expect(km).toBeLessThan(360);
  });
  it('is zero for the same point', () => {
    expect(haversineKm({ latitude: 45, longitude: -75 }, { latitude: 45, longitude: -75 })).toBe(0);
  });
});

describe.each(TEST_DATABASES)('branch locations on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the locations nearest first with their distance', async () => {
    // Near Mississauga City Centre: the ATM, then downtown Toronto, then Ottawa.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/GetBranchLocations',
      payload: { latitude: 43.59, longitude: -79.64 },
    });
    expect(res.statusCode).toBe(200);
    const { locations } = res.json<{ locations: { id: string; distanceKm: number }[] }>();
    expect(locations.map((l) => l.id)).toEqual(['ATM-MIS', 'BR-TOR', 'BR-OTT']);
    expect(locations[0]!.distanceKm).toBeLessThan(1);
    expect(locations[1]!.distanceKm).toBeGreaterThan(20);
    expect(locations[1]!.distanceKm).toBeLessThan(30);
    const sorted = [...locations].sort((a, b) => a.distanceKm - b.distanceKm);
    expect(locations).toEqual(sorted);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['strings for numbers', { latitude: '43.6', longitude: '-79.6' }],
    ['out-of-range latitude', { latitude: 123, longitude: -79.6 }],
    ['an array', [1, 2]],
  ])('rejects %s with 400 problem details', async (_label, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/GetBranchLocations',
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, instance: '/api/omo/GetBranchLocations' });
  });

  it('lists the field issues of a validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/GetBranchLocations',
      payload: { latitude: 'north' },
    });
    const body = res.json<{ detail: string; errors: { path: string; message: string }[] }>();
    expect(body.detail).toBe('One or more validation errors occurred.');
    expect(body.errors.map((e) => e.path).sort()).toEqual(['latitude', 'longitude']);
  });
});
