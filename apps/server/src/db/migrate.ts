/**
 * Runs the migrations at start. They are imported statically (not read from a folder) so that the
 * esbuild bundle carries them; add each new migration to MIGRATIONS, named NNNN-kebab-title.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-applications.ts';
import * as m0003 from './migrations/0003-phone-verification.ts';
import * as m0004 from './migrations/0004-seed-state.ts';
import * as m0005 from './migrations/0005-applicants.ts';
import * as m0006 from './migrations/0006-identity-documents.ts';
import * as m0007 from './migrations/0007-decisions.ts';
import * as m0008 from './migrations/0008-outbox-html.ts';
import * as m0009 from './migrations/0009-joint-invitations.ts';
import * as m0010 from './migrations/0010-decision-snapshots.ts';
import * as m0011 from './migrations/0011-joint-email-code.ts';
import * as m0012 from './migrations/0012-funnel-events.ts';
import * as m0013 from './migrations/0013-step-answers.ts';
import * as m0014 from './migrations/0014-one-time-tokens.ts';
import * as m0015 from './migrations/0015-staff-back-office.ts';
import * as m0016 from './migrations/0016-deposits.ts';
import * as m0017 from './migrations/0017-staff-questions-and-post-office-results.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-applications': m0002,
  '0003-phone-verification': m0003,
  '0004-seed-state': m0004,
  '0005-applicants': m0005,
  '0006-identity-documents': m0006,
  '0007-decisions': m0007,
  '0008-outbox-html': m0008,
  '0009-joint-invitations': m0009,
  '0010-decision-snapshots': m0010,
  '0011-joint-email-code': m0011,
  '0012-funnel-events': m0012,
  '0013-step-answers': m0013,
  '0014-one-time-tokens': m0014,
  '0015-staff-back-office': m0015,
  '0016-deposits': m0016,
  '0017-staff-questions-and-post-office-results': m0017,
};

/**
 * Brings the schema up to date; throws with the failing migration's error. `schema` (PostgreSQL) says
 * where the migration bookkeeping tables live: Kysely looks for them across every schema of the
 * database, so a database that holds other omo schemas (tests) must be told which one is ours.
 */
export async function migrateToLatest<T>(db: Kysely<T>, schema?: string): Promise<MigrationResultSet> {
  if (await isUpToDate(db, schema)) return { results: [] };
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: resultSet.error });
  }
  return resultSet;
}

/**
 * True when the migrations run are exactly ours: the migrator would do nothing, so its lock and its
 * introspection of the whole catalogue (most of a start on an existing data folder) are skipped. Any
 * difference (a new migration, one unknown to this version) goes to the migrator, which handles it.
 */
async function isUpToDate<T>(db: Kysely<T>, schema?: string): Promise<boolean> {
  const table = schema ? `${schema}.kysely_migration` : 'kysely_migration';
  const found = await sql<{ found: boolean }>`select to_regclass(${table}) is not null as found`.execute(db);
  if (!found.rows[0]?.found) return false;
  const run = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
  const names = new Set(run.rows.map((row) => row.name));
  const ours = Object.keys(MIGRATIONS);
  return names.size === ours.length && ours.every((name) => names.has(name));
}
