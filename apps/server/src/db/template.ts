/**
 * A new data folder starts from a template of the embedded database (decision 0081): PostgreSQL's initdb,
 * the migrations and the seed, done once when the server is built, dumped to `dist/pglite-template.tar.gz`
 * and unpacked into the folder at its first start. The start still migrates and seeds as always, so a
 * template older than the code or the seed files only saves less work; nothing in it is secret.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest } from './migrate.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';
import { seedDatabase } from './seed.ts';

export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/** Makes the template: a migrated and seeded embedded database, dumped to `file`. */
export async function writePgliteTemplate(file: string, seedDir: string): Promise<void> {
  const pglite = new PGlite();
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
    await seedDatabase(db, seedDir);
    const dump = await pglite.dumpDataDir('gzip');
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await db.destroy();
  }
}

/** The template to unpack into a new data folder, when the build made one. */
export async function readPgliteTemplate(file: string | undefined): Promise<Blob | undefined> {
  if (!file || !existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}
