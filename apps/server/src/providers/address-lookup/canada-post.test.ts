import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_ITEMS, startFakeCanadaPost, type FakeCanadaPost } from './canada-post.fake.ts';
import { createCanadaPostAddressLookup, FIND_PATH, RETRIEVE_PATH } from './canada-post.ts';

const KEY = 'AA11-AA11-AA11-AA11';

describe('Canada Post AddressComplete adapter against a local fake', () => {
  let fake: FakeCanadaPost;
  beforeAll(async () => {
    fake = await startFakeCanadaPost(KEY);
  });
  afterAll(async () => {
    await fake.close();
  });
  const adapter = (key = KEY) => createCanadaPostAddressLookup({ baseUrl: fake.baseUrl, key });

  it('sends Find with the key, the term, Country=CAN, the language and MaxSuggestions', async () => {
    const result = await adapter().find({ searchTerm: '290 Bremner', language: 'fr', maxSuggestions: 5 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The container the partner answered, as it answered it.
    expect(result.value.Items[0]).toEqual(FIND_ITEMS[0]);
    expect(fake.requests.at(-1)).toEqual({
      path: FIND_PATH,
      query: {
        Key: KEY,
        SearchTerm: '290 Bremner',
        Country: 'CAN',
        LanguagePreference: 'fr',
        MaxSuggestions: '5',
      },
    });
  });

  it('drills into a container with LastId', async () => {
    const result = await adapter().find({
      searchTerm: '290 Bremner',
      lastId: 'CA|CP|B|0000290',
      language: 'en',
    });
    expect(result.ok && result.value.Items.map((i) => i.Text)).toEqual([
      '101-290 Bremner Blvd',
      '102-290 Bremner Blvd',
    ]);
    expect(fake.requests.at(-1)?.query.LastId).toBe('CA|CP|B|0000290');
  });

  it('retrieves an address in the v2.11 shape', async () => {
    const result = await adapter().retrieve({ id: 'CA|CP|ENG|0000111', language: 'en' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.Items[0]).toMatchObject({
      Id: 'CA|CP|ENG|0000111',
      BuildingNumber: '111',
      Street: 'Wellington St',
      City: 'Ottawa',
      Province: 'ON',
      PostalCode: 'K1A 0A9',
      CountryIso2: 'CA',
      Line1: '111 Wellington St',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: RETRIEVE_PATH,
      query: { Id: 'CA|CP|ENG|0000111', Key: KEY },
    });
  });

  it.each([
    ['an unknown key', 'XX99-XX99-XX99-XX99', 'hello', 'unknownKey', '2'],
    ['an account out of credit', 'OUT-OF-CREDIT', 'hello', 'outOfCredit', '3'],
    ['a daily limit', 'DAILY-LIMIT', 'hello', 'dailyLimit', '8'],
    ['an unknown error', KEY, 'boom', 'unknown', '-1'],
  ])('maps the Error item of %s (HTTP 200) to a failure', async (_name, key, term, code, error) => {
    const result = await adapter(key).find({ searchTerm: term, language: 'en' });
    expect(result).toMatchObject({ ok: false, failure: { code, error } });
    if (!result.ok) expect(JSON.stringify(result.failure)).not.toContain(key === KEY ? KEY : '\u0000');
  });

  it('maps an unknown Retrieve Id to invalidId', async () => {
    expect(await adapter().retrieve({ id: 'CA|CP|ENG|nope', language: 'en' })).toMatchObject({
      ok: false,
      failure: { code: 'invalidId', error: '1001' },
    });
  });

  it('answers unavailable when Canada Post cannot be reached', async () => {
    const provider = createCanadaPostAddressLookup({ baseUrl: 'http://127.0.0.1:1', key: KEY });
    const result = await provider.find({ searchTerm: 'x', language: 'en' });
    expect(result).toMatchObject({ ok: false, failure: { code: 'unavailable' } });
    if (!result.ok) expect(result.failure.description).not.toContain(KEY);
  });
});
