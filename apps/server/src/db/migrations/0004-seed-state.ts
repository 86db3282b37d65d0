/**
 * Seed bookkeeping: the SHA-256 of each seed file as last loaded, so a start whose files have not changed
 * skips re-writing their tables (a start on an existing data folder stays fast).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seed_state')
    .addColumn('file', 'text', (c) => c.primaryKey())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('loaded_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seed_state').execute();
}
