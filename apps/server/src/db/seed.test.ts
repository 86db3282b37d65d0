import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import {
  createTestPglite,
  createTestSchema,
  dropTestSchema,
  FIXTURE_SEED_DIR,
  FIXTURE_WEB_DIST,
  REPO_ROOT,
  TEST_DATABASES,
} from '../testing/test-app.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { SeedError, seedDatabase, toSearchText } from './seed.ts';
import type { DB } from './schema.ts';

const TABLES: (keyof DB)[] = [
  'products',
  'product_links',
  'promo_codes',
  'occupations',
  'pep_positions',
  'branches',
  'post_offices',
  'addresses',
  'postal_geo',
];

async function rowCounts(db: import('./database.ts').Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe.each(TEST_DATABASES)('seeding on $name', (database) => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const s of schemas) await dropTestSchema(database.databaseUrl, s);
  });

  it('starting the server twice leaves the same rows (idempotent)', async () => {
    // PGlite: the default on-disk database in a temporary DATA_DIR; PostgreSQL: one schema for both starts.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'omo-seed-'));
    const schema = database.name === 'postgres' ? await createTestSchema(database.databaseUrl) : undefined;
    if (schema) schemas.push(schema);
    const config = parseConfig(
      {
        APP_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SEED_DIR: FIXTURE_SEED_DIR,
        WEB_DIST: FIXTURE_WEB_DIST,
        ...(database.name === 'postgres' ? { DATABASE_URL: database.databaseUrl } : {}),
      },
      REPO_ROOT,
    );
    const counts: Record<string, number>[] = [];
    for (let start = 0; start < 2; start++) {
      const app = await buildApp(config, schema ? { databaseSchema: schema } : {});
      await app.ready();
      counts.push(await rowCounts(app.db));
      if (start === 0) expect(app.dbKind).toBe(database.name === 'postgres' ? 'postgres' : 'pglite-disk');
      await app.close();
    }
    expect(counts[0]).toEqual({
      products: 3,
      product_links: 3,
      promo_codes: 1,
      occupations: 3,
      pep_positions: 2,
      branches: 3,
      post_offices: 1,
      addresses: 3,
      postal_geo: 3,
    });
    expect(counts[1]).toEqual(counts[0]);
    if (database.name === 'pglite') expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  }, 120_000);
});

describe('seedDatabase', () => {
  async function freshDb() {
    const handle = await openDatabase({
      databaseUrl: 'memory://',
      dataDir: '',
      pglite: await createTestPglite(),
    });
    await migrateToLatest(handle.db);
    return handle;
  }

  it('updates changed rows and deletes rows a file no longer has', async () => {
    const handle = await freshDb();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'omo-seed-'));
      cpSync(FIXTURE_SEED_DIR, dir, { recursive: true });
      await seedDatabase(handle.db, dir);
      writeFileSync(
        path.join(dir, 'occupations.json'),
        JSON.stringify([{ code: '0011', name: 'Legislators (renamed)' }]),
      );
      const report = await seedDatabase(handle.db, dir);
      expect(report.occupations).toBe(1);
      const rows = await handle.db.selectFrom('occupations').selectAll().execute();
      expect(rows).toEqual([{ code: '0011', name: 'Legislators (renamed)', name_fr: null, position: 0 }]);
      expect(await rowCounts(handle.db)).toMatchObject({ products: 3, branches: 3 });
    } finally {
      await handle.close();
    }
  });

  it('skips files unchanged since they were last loaded, and loads a changed one again', async () => {
    const handle = await freshDb();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'omo-seed-'));
      cpSync(FIXTURE_SEED_DIR, dir, { recursive: true });
      const first = await seedDatabase(handle.db, dir);
      expect(first.products).toBe(3);
      const before = await rowCounts(handle.db);
      expect(await seedDatabase(handle.db, dir)).toEqual({});
      expect(await rowCounts(handle.db)).toEqual(before);
      writeFileSync(
        path.join(dir, 'occupations.json'),
        JSON.stringify([{ code: '0011', name: 'Legislators' }]),
      );
      expect(await seedDatabase(handle.db, dir)).toEqual({ occupations: 1 });
    } finally {
      await handle.close();
    }
  });

  it('skips missing files', async () => {
    const handle = await freshDb();
    try {
      const report = await seedDatabase(handle.db, mkdtempSync(path.join(tmpdir(), 'omo-empty-')));
      expect(report).toEqual({});
    } finally {
      await handle.close();
    }
  });

  it('refuses a product that does not match productOfferingSchema, naming the file', async () => {
    const handle = await freshDb();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'omo-bad-'));
      writeFileSync(path.join(dir, 'products.json'), JSON.stringify([{ productID: '1', productCode: 'X' }]));
      await expect(seedDatabase(handle.db, dir)).rejects.toThrow(SeedError);
      await expect(seedDatabase(handle.db, dir)).rejects.toThrow(/products\.json/);
      writeFileSync(path.join(dir, 'products.json'), '{ not json');
      await expect(seedDatabase(handle.db, dir)).rejects.toThrow(/not valid JSON/);
    } finally {
      await handle.close();
    }
  });

  it('loads the repository data folder as it stands', async () => {
    const handle = await freshDb();
    try {
      const report = await seedDatabase(handle.db, path.join(REPO_ROOT, 'data'));
      if (existsSync(path.join(REPO_ROOT, 'data', 'products.json')))
        expect(report.products).toBeGreaterThan(0);
      const counts = await rowCounts(handle.db);
      for (const [table, n] of Object.entries(report)) expect(counts[table], table).toBe(n);
    } finally {
      await handle.close();
    }
  });

  it('builds accent-free search text', () => {
    expect(toSearchText('12', '1000', 'Rue Sherbrooke O', 'Montréal', 'QC', 'H3A 3G4')).toBe(
      '12 1000 rue sherbrooke o montreal qc h3a 3g4',
    );
  });
});
