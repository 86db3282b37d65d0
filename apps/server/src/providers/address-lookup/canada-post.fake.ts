/**
 * A local fake of Canada Post AddressComplete for the adapter's tests: node:http on 127.0.0.1 (random
 * port) answering Find v2.10 and Retrieve v2.11 in json3 shape from a tiny fixed data set. Errors come
 * as an Error item with HTTP 200, like the vendor: an unknown key → 2, the keys 'OUT-OF-CREDIT' → 3 and
 * 'DAILY-LIMIT' → 8, the search term 'boom' → -1, an unknown Retrieve Id → 1001.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADDRESS_COMPLETE_ERRORS, canadianRetrieveItem } from './address-lookup.ts';
import { FIND_PATH, RETRIEVE_PATH } from './canada-post.ts';

export interface FakeCanadaPost {
  baseUrl: string;
  /** Query parameters of every request, in order. */
  requests: { path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

/** What the fake's Find answers for any term: a container, then an address. */
export const FIND_ITEMS = [
  {
    Id: 'CA|CP|B|0000290',
    Text: '290 Bremner Blvd',
    Highlight: '0-3,4-11',
    Cursor: 0,
    Description: 'Toronto, ON M5V 3L9 - 2 Addresses',
    Next: 'Find',
  },
  {
    Id: 'CA|CP|ENG|0000111',
    Text: '111 Wellington St',
    Highlight: '0-3;',
    Cursor: 0,
    Description: 'Ottawa, ON K1A 0A9',
    Next: 'Retrieve',
  },
];

const UNIT_ITEMS = ['101', '102'].map((unit) => ({
  Id: `CA|CP|ENG|0290${unit}`,
  Text: `${unit}-290 Bremner Blvd`,
  Highlight: '4-7;',
  Cursor: 0,
  Description: 'Toronto, ON M5V 3L9',
  Next: 'Retrieve',
}));

const RETRIEVE_ITEM = canadianRetrieveItem({
  Id: 'CA|CP|ENG|0000111',
  DomesticId: '0000111',
  Language: 'ENG',
  LanguageAlternatives: 'ENG,FRE',
  SubBuilding: '',
  BuildingNumber: '111',
  Street: 'Wellington St',
  City: 'Ottawa',
  Line1: '111 Wellington St',
  ProvinceCode: 'ON',
  ProvinceName: 'Ontario',
  PostalCode: 'K1A 0A9',
});

export async function startFakeCanadaPost(validKey: string): Promise<FakeCanadaPost> {
  const requests: FakeCanadaPost['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const send = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (code: string) => send({ Items: [ADDRESS_COMPLETE_ERRORS[code]] });
    if (query.Key === 'OUT-OF-CREDIT') return error('3');
    if (query.Key === 'DAILY-LIMIT') return error('8');
    if (query.Key !== validKey) return error('2');
    if (req.method !== 'GET') return send({ Message: 'Method not allowed' }, 405);
    if (url.pathname === FIND_PATH) {
      if (query.SearchTerm === 'boom') return error('-1');
      if (query.LastId === 'CA|CP|B|0000290') return send({ Items: UNIT_ITEMS });
      return send({ Items: FIND_ITEMS.slice(0, Number(query.MaxSuggestions ?? 7)) });
    }
    if (url.pathname === RETRIEVE_PATH) {
      if (query.Id !== RETRIEVE_ITEM.Id) return error('1001');
      return send({ Items: [RETRIEVE_ITEM] });
    }
    return send({ Message: 'Not found' }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
