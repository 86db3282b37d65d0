import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

describe.each(TEST_DATABASES)('catalogue routes on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the products ordered by displayOrder', async () => {
    const res = await t.app.inject('/api/omo/OnlineAccountList');
    expect(res.statusCode).toBe(200);
    const products = res.json<{ productID: string; displayOrder: number; fr: { description: string } }[]>();
    expect(products.map((p) => p.productID)).toEqual(['2001', '2002', '2003']);
    expect(products[0]!.fr.description).toBe('Test Chequing (fr)');
  });

  it('finds products by id, in the order asked', async () => {
    const res = await t.app.inject('/api/omo/GetProduct?prodCodes=2003;2001');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ productID: string }[]>().map((p) => p.productID)).toEqual(['2003', '2001']);
  });

  it('finds products by product code, comma-separated, case-insensitive, each once', async () => {
    const res = await t.app.inject('/api/omo/GetProduct?prodCodes=sav-tst,GIC-TST,2002');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ productID: string }[]>().map((p) => p.productID)).toEqual(['2002', '2003']);
  });

  it('answers an empty list for unknown ids (the web decides /error/3)', async () => {
    const res = await t.app.inject('/api/omo/GetProduct?prodCodes=9999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each(['/api/omo/GetProduct', '/api/omo/GetProduct?prodCodes=', '/api/omo/GetProduct?prodCodes=;%20,'])(
    '%s: 400 problem details saying prodCodes cannot be null',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 400,
        title: 'Bad Request',
        detail: "The parameter 'prodCodes' cannot be null.",
        instance: '/api/omo/GetProduct',
      });
    },
  );

  /** The list a GET answers, once it answered 200. */
  const listAt = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    return res.json<unknown>();
  };

  it('lists the occupations in file order with their French names', async () => {
    expect(await listAt('/api/omo/GetOccupationList')).toEqual([
      {
        code: '2173',
        name: 'Software engineers and designers',
        nameFr: 'Ingénieurs et concepteurs en logiciel',
      },
      { code: '0011', name: 'Legislators', nameFr: 'Membres des corps législatifs' },
      { code: '9999', name: 'Student' },
    ]);
  });

  it('lists the politically exposed positions', async () => {
    expect(await listAt('/api/omo/GetPepPositionList')).toEqual([
      {
        code: 'D01',
        name: 'Governor General of Canada',
        nameFr: 'Gouverneur général du Canada',
        category: 'domestic',
      },
      {
        code: 'F01',
        name: 'Head of state or government',
        nameFr: "Chef d'État ou de gouvernement",
        category: 'foreign',
      },
    ]);
  });

  it('ClearCache (a POST) answers 204 and the next read comes from the database again', async () => {
    await t.app.inject('/api/omo/OnlineAccountList');
    await t.app.db.updateTable('products').set({ display_order: 0 }).where('id', '=', '2003').execute();
    const cached = await t.app.inject('/api/omo/OnlineAccountList');
    expect(cached.json<{ productID: string }[]>()[0]!.productID).toBe('2001');

    expect((await t.app.inject('/api/omo/ClearCache')).statusCode).toBe(404);
    const clear = await t.app.inject({ method: 'POST', url: '/api/omo/ClearCache' });
    expect(clear.statusCode).toBe(204);
    expect(clear.body).toBe('');
    expect(t.app.cache.size).toBe(0);

    const fresh = await t.app.inject('/api/omo/OnlineAccountList');
    expect(fresh.json<{ productID: string }[]>()[0]!.productID).toBe('2003');
    await t.app.db.updateTable('products').set({ display_order: 3 }).where('id', '=', '2003').execute();
    await t.app.inject({ method: 'POST', url: '/api/omo/ClearCache' });
  });

  describe.each([
    ['/api/omo/OnlineAccountList'],
    ['/api/omo/GetProduct?prodCodes=2003;2001'],
    ['/api/omo/GetOccupationList'],
    ['/api/omo/GetPepPositionList'],
  ])('%s: prepared answers', (url) => {
    it('sends brotli to a browser, gzip to a client without brotli, and plain JSON otherwise, all alike', async () => {
      const plain = await t.app.inject(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);

      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

      for (const accept of ['gzip', 'br;q=0, gzip;q=0.5', 'deflate, gzip']) {
        const gz = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(gz.headers['content-encoding'], accept).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
      }
      for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const none = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(none.headers['content-encoding'], accept).toBeUndefined();
        expect(none.body).toBe(plain.body);
      }
    });

    it('names the answer by an ETag and answers 304 without a body when the client has it', async () => {
      const first = await t.app.inject(url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');

      for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
        const again = await t.app.inject({
          url,
          headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' },
        });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers.vary).toMatch(/accept-encoding/i);
      }
      const stale = await t.app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });
  });

  it('GetProduct: a different choice of products is a different answer with its own ETag', async () => {
    const one = await t.app.inject('/api/omo/GetProduct?prodCodes=2003;2001');
    const reordered = await t.app.inject('/api/omo/GetProduct?prodCodes=2001;2003');
    const sameProducts = await t.app.inject('/api/omo/GetProduct?prodCodes=GIC-TST,2001,9999');
    expect(reordered.headers.etag).not.toBe(one.headers.etag);
    expect(sameProducts.headers.etag).toBe(one.headers.etag);
    expect(sameProducts.body).toBe(one.body);
  });

  it('ClearCache: a GetProduct query answered before is read from the database again', async () => {
    const url = '/api/omo/GetProduct?prodCodes=2001';
    const before = await t.app.inject(url);
    const description = before.json<{ description: string }[]>()[0]!.description;
    const rename = (to: string) =>
      t.app.db
        .updateTable('products')
        .set({ data: sql`jsonb_set(data, '{description}', to_jsonb(${to}::text))` })
        .where('id', '=', '2001')
        .execute();
    await rename('Renamed Chequing');
    try {
      expect((await t.app.inject(url)).body).toBe(before.body);
      await t.app.inject({ method: 'POST', url: '/api/omo/ClearCache' });
      const after = await t.app.inject(url);
      expect(after.json<{ description: string }[]>()[0]!.description).toBe('Renamed Chequing');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await rename(description);
      await t.app.inject({ method: 'POST', url: '/api/omo/ClearCache' });
    }
  });

  it('ClearCache: the list answered afterwards has a new ETag, and the old one no longer answers 304', async () => {
    const before = await t.app.inject('/api/omo/OnlineAccountList');
    await t.app.db.updateTable('products').set({ display_order: 0 }).where('id', '=', '2003').execute();
    await t.app.inject({ method: 'POST', url: '/api/omo/ClearCache' });
    try {
      const after = await t.app.inject({
        url: '/api/omo/OnlineAccountList',
        headers: { 'if-none-match': before.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json<{ productID: string }[]>()[0]!.productID).toBe('2003');
    } finally {
      await t.app.db.updateTable('products').set({ display_order: 3 }).where('id', '=', '2003').execute();
      await t.app.inject({ method: 'POST', url: '/api/omo/ClearCache' });
    }
  });
});
