// A new data folder starts from the build's template of the embedded database: the app started once and
// closed, so the schema, the seed and the job queue's queues and schedules are there before the first
// start, which then has nothing left to make; a folder that holds a database already is opened as it is.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';
import { openDatabase, type Database } from './database.ts';
import { MIGRATIONS } from './migrate.ts';
import { copyPgliteTemplate, writePgliteTemplate } from './template.ts';

/** Starts the app on a data folder of the embedded database, and closes it. */
async function startAndClose(dataDir: string): Promise<void> {
  const app = await buildApp(testConfig({ name: 'pglite', databaseUrl: '' }, { DATA_DIR: dataDir }));
  await app.close();
}

async function queueNames(db: Database): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from pgboss.queue order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

async function scheduleNames(db: Database): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from pgboss.schedule order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

describe('the embedded database template', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'omo-template-'));
  const template = path.join(folder, 'template');

  it('holds a started database and nothing else of its data folder', async () => {
    await writePgliteTemplate(template, startAndClose);
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(template, 'postmaster.pid'))).toBe(false);
    // The folder it was started in (with its SIN key file) is gone.
    expect(readdirSync(folder)).toEqual(['template']);
  }, 120_000);

  it('starts a new data folder with everything a start makes; an existing folder is left as it is', async () => {
    const dataDir = path.join(folder, 'data');
    const opened = await openDatabase({ databaseUrl: undefined, dataDir, template });
    let queues: string[];
    let schedules: string[];
    try {
      const products = await opened.db.selectFrom('products').select('id').execute();
      expect(products.length).toBeGreaterThan(0);
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(opened.db);
      expect(migrations.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
      queues = await queueNames(opened.db);
      expect(queues).toEqual(expect.arrayContaining(['email.send', 'decision.finish', 'retention']));
      schedules = await scheduleNames(opened.db);
      expect(schedules).toEqual(expect.arrayContaining(['retention', 'reminders.sweep', 'joint.sweep']));
      await opened.db
        .insertInto('promo_codes')
        .values({ code: 'KEPT', data: JSON.stringify({ kept: true }) })
        .execute();
    } finally {
      await opened.close();
    }

    // A start on it makes no queue or schedule the template lacks.
    await startAndClose(dataDir);
    const again = await openDatabase({ databaseUrl: undefined, dataDir, template });
    try {
      expect(await queueNames(again.db)).toEqual(queues);
      expect(await scheduleNames(again.db)).toEqual(schedules);
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

  it('is not copied over a folder that holds something, nor when the build made none', () => {
    const occupied = path.join(folder, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'note.txt'), 'kept');
    expect(copyPgliteTemplate(template, occupied)).toBe(false);
    expect(readdirSync(occupied)).toEqual(['note.txt']);
    expect(copyPgliteTemplate(path.join(folder, 'missing'), path.join(folder, 'new'))).toBe(false);
    expect(copyPgliteTemplate(undefined, path.join(folder, 'new'))).toBe(false);
    expect(existsSync(path.join(folder, 'new'))).toBe(false);
    // A copy lands whole: nothing is left under another name.
    expect(copyPgliteTemplate(template, path.join(folder, 'new'))).toBe(true);
    expect(readdirSync(folder).filter((name) => name.includes('partial'))).toEqual([]);
  });
});
