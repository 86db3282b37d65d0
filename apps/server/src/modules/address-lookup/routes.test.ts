import path from 'node:path';
import { EXAMPLE_RETRIEVED_PARTS, type AddressFindItem, type AddressRetrieveItem } from '@omo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, REPO_ROOT, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

const FIND = '/api/omo/AddressLookup/Find';
const RETRIEVE = '/api/omo/AddressLookup/Retrieve';
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

// The real data set (data/addresses.json, 1,395 addresses), not the three-address fixture.
describe.each(TEST_DATABASES)('address lookup (sandbox) on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { SEED_DIR: path.join(REPO_ROOT, 'data') } });
  });
  afterAll(async () => {
    await t.close();
  });

  const find = async (params: Record<string, string>) => {
    const res = await t.app.inject(`${FIND}?${q(params)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ Items: AddressFindItem[] }>().Items;
  };
  const retrieve = async (id: string, lang = 'en') => {
    const res = await t.app.inject(`${RETRIEVE}?${q({ Id: id, LanguagePreference: lang })}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ Items: AddressRetrieveItem[] }>().Items;
  };

  it("finds '290 Bremner' first, in the Find v2.10 shape with Highlight ranges, without a session", async () => {
    const items = await find({ SearchTerm: '290 Bremner', LanguagePreference: 'en', MaxSuggestions: '7' });
    expect(items[0]).toEqual({
      Id: 'CA|CP|ENG|1000001',
      Text: '290 Bremner Blvd',
      Highlight: '0-3,4-11;',
      Cursor: 0,
      Description: 'Toronto, ON M5V 3L9',
      Next: 'Retrieve',
    });
    const [address] = await retrieve(items[0]!.Id);
    expect(address).toMatchObject({
      Id: 'CA|CP|ENG|1000001',
      DomesticId: '1000001',
      ...EXAMPLE_RETRIEVED_PARTS,
      Label: '290 Bremner Blvd\nTORONTO ON M5V 3L9\nCANADA',
    });
  });

  it("finds '111 Wellington' with Ottawa's first and highlights the city in the description", async () => {
    const items = await find({ SearchTerm: '111 Wellington Ott' });
    expect(items[0]).toMatchObject({
      Id: 'CA|CP|ENG|1000002',
      Text: '111 Wellington St',
      Description: 'Ottawa, ON K1A 0A9',
      Highlight: '0-3,4-14;0-3',
      Next: 'Retrieve',
    });
    const [address] = await retrieve('CA|CP|ENG|1000002');
    expect(address).toMatchObject({ BuildingNumber: '111', Street: 'Wellington St', PostalCode: 'K1A 0A9' });
  });

  it('finds by postal code, with or without its space', async () => {
    for (const term of ['K1A 0A9', 'k1a0a9']) {
      const items = await find({ SearchTerm: term });
      expect(items.map((i) => i.Id)).toContain('CA|CP|ENG|1000002');
    }
  });

  it('collapses a building with several units into one container and drills down with LastId', async () => {
    const items = await find({ SearchTerm: '987 Queen St E' });
    const building = items.find((i) => i.Text === '987 Queen St E');
    expect(building).toMatchObject({
      Next: 'Find',
      Description: 'Toronto, ON M4L 5A9 - 4 Addresses',
      Id: expect.stringMatching(/^CA\|CP\|ENG\|/),
      Highlight: '0-3,4-9,10-12,13-14;',
    });
    const units = await find({ SearchTerm: '987 Queen St E', LastId: building!.Id });
    expect(units.map((u) => u.Text)).toEqual([
      '403-987 Queen St E',
      '1312-987 Queen St E',
      '1701-987 Queen St E',
      '2005-987 Queen St E',
    ]);
    expect(units.every((u) => u.Next === 'Retrieve' && u.Description === 'Toronto, ON M4L 5A9')).toBe(true);
    const [unit] = await retrieve(units[0]!.Id);
    expect(unit).toMatchObject({ SubBuilding: '403', BuildingNumber: '987', Line1: '403-987 Queen St E' });
    // A unit typed in the term narrows the building to that unit.
    const narrowed = await find({ SearchTerm: '1312 987 Queen' });
    expect(narrowed[0]).toMatchObject({ Text: '1312-987 Queen St E', Next: 'Retrieve' });
  });

  it('answers the container count in French and respects MaxSuggestions', async () => {
    const items = await find({ SearchTerm: '313 avenue Papineau', LanguagePreference: 'fr' });
    expect(items[0]).toMatchObject({
      Text: '313 avenue Papineau',
      Next: 'Find',
      Description: 'Montréal, QC H2G 6T4 - 3 adresses',
    });
    expect(await find({ SearchTerm: 'Toronto', MaxSuggestions: '3' })).toHaveLength(3);
  });

  it('answers ENG and FRE items for a Quebec address', async () => {
    const [container] = await find({ SearchTerm: '313 Papineau' });
    const [unit] = await find({ SearchTerm: '', LastId: container!.Id });
    const items = await retrieve(unit!.Id, 'fr');
    expect(items.map((i) => i.Language)).toEqual(['ENG', 'FRE']);
    expect(items[0]).toMatchObject({ ProvinceName: 'Quebec', Province: 'QC', City: 'Montréal' });
    expect(items[1]).toMatchObject({ ProvinceName: 'Québec', Province: 'QC' });
  });

  it('matches accent-free terms and answers nothing for an empty or unknown term', async () => {
    const items = await find({ SearchTerm: 'cote des neiges montreal' });
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]!.Description).toContain('Montréal');
    expect(await find({ SearchTerm: '' })).toEqual([]);
    expect(await find({ SearchTerm: 'zzzzqqq' })).toEqual([]);
  });

  it.each(['ERROR 2', 'ERROR 3', 'ERROR 8', 'ERROR -1'])(
    "the sandbox's '%s' term answers 503 problem details (the browser offers manual entry)",
    async (term) => {
      const res = await t.app.inject(`${FIND}?${q({ SearchTerm: term })}`);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 503,
        detail: 'Address lookup is unavailable. Enter the address manually.',
      });
    },
  );

  it('answers 404 for an unknown Id and 400 without one', async () => {
    expect((await t.app.inject(`${RETRIEVE}?${q({ Id: 'CA|CP|ENG|nope' })}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject(`${FIND}?${q({ SearchTerm: 'x', LastId: 'CA|CP|ENG|nope' })}`)).statusCode,
    ).toBe(404);
    expect((await t.app.inject(RETRIEVE)).statusCode).toBe(400);
  });
});

describe('address lookup rate limit', () => {
  it('allows 120 lookups a minute per IP, then 429', async () => {
    const t = await buildTestApp(TEST_DATABASES[0]!);
    try {
      const url = `${FIND}?${q({ SearchTerm: 'Wellington' })}`;
      for (let i = 0; i < 120; i++) {
        expect((await t.app.inject({ url, remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
      }
      expect((await t.app.inject({ url, remoteAddress: '10.9.9.9' })).statusCode).toBe(429);
      expect((await t.app.inject({ url, remoteAddress: '10.9.9.10' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
