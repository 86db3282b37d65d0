// A new data folder starts from the build's template of the embedded database: the schema and the seed
// are there before the start migrates and seeds, which then have nothing left to do; a folder that holds
// a database already is opened as it is.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SEED_DIR } from '../testing/test-app.ts';
import { openDatabase } from './database.ts';
import { MIGRATIONS, migrateToLatest } from './migrate.ts';
import { seedDatabase } from './seed.ts';
import { readPgliteTemplate, writePgliteTemplate } from './template.ts';

describe('the embedded database template', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'omo-template-'));
  const file = path.join(folder, 'template.tar.gz');

  it('starts a new data folder migrated and seeded; an existing folder is left as it is', async () => {
    await writePgliteTemplate(file, FIXTURE_SEED_DIR);
    const dataDir = path.join(folder, 'data');
    const opened = await openDatabase({
      databaseUrl: undefined,
      dataDir,
      template: () => readPgliteTemplate(file),
    });
    try {
      const products = await opened.db.selectFrom('products').select('id').execute();
      expect(products.length).toBeGreaterThan(0);
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(opened.db);
      expect(migrations.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
      await migrateToLatest(opened.db);
      expect(await seedDatabase(opened.db, FIXTURE_SEED_DIR)).toEqual({});
      await opened.db
        .insertInto('promo_codes')
        .values({ code: 'KEPT', data: JSON.stringify({ kept: true }) })
        .execute();
    } finally {
      await opened.close();
    }

    const again = await openDatabase({
      databaseUrl: undefined,
      dataDir,
      template: () => readPgliteTemplate(file),
    });
    try {
      const kept = await again.db
        .selectFrom('promo_codes')
        .select('code')
        .where('code', '=', 'KEPT')
        .execute();
      expect(kept).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('is not there when the build made none: initdb as before', async () => {
    expect(await readPgliteTemplate(path.join(folder, 'missing.tar.gz'))).toBeUndefined();
    expect(await readPgliteTemplate(undefined)).toBeUndefined();
  });
});
