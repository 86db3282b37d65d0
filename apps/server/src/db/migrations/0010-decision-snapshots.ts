/**
 * The answers a decision is taken from, frozen when a submission claims it: one row per application and
 * round (the primary's submission, the co-applicant's, the primary's alone), written in the claim's
 * transaction and never changed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('decision_snapshots')
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('round', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('decision_snapshots_pk', ['application_id', 'round'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('decision_snapshots').execute();
}
