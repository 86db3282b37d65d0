import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../testing/test-app.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe('PGlite dialect', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: 'memory://', dataDir: '', pglite: await createTestPglite() });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reports affected rows and returns rows', async () => {
    const insert = await handle.db
      .insertInto('postal_geo')
      .values([
        { fsa: 'A1A', latitude: 47.5, longitude: -52.7 },
        { fsa: 'B2B', latitude: 44.6, longitude: -63.6 },
      ])
      .executeTakeFirst();
    expect(insert.numInsertedOrUpdatedRows).toBe(2n);
    const update = await handle.db
      .updateTable('postal_geo')
      .set({ latitude: 0 })
      .where('fsa', '=', 'A1A')
      .executeTakeFirst();
    expect(update.numUpdatedRows).toBe(1n);
    const rows = await handle.db.selectFrom('postal_geo').selectAll().orderBy('fsa').execute();
    expect(rows).toEqual([
      { fsa: 'A1A', latitude: 0, longitude: -52.7 },
      { fsa: 'B2B', latitude: 44.6, longitude: -63.6 },
    ]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('postal_geo').values({ fsa: 'C3C', latitude: 1, longitude: 1 }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const row = await handle.db
      .selectFrom('postal_geo')
      .select('fsa')
      .where('fsa', '=', 'C3C')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('serialises concurrent transactions on the single connection', async () => {
    const order: string[] = [];
    await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        handle.db.transaction().execute(async (trx) => {
          order.push(`start ${name}`);
          await sql`select pg_sleep(0.01)`.execute(trx);
          order.push(`end ${name}`);
        }),
      ),
    );
    expect(order).toEqual(['start one', 'end one', 'start two', 'end two', 'start three', 'end three']);
  });

  it('has the migration recorded once', async () => {
    const again = await migrateToLatest(handle.db);
    expect(again.results).toEqual([]);
  });
});
