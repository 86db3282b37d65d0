/**
 * The funnel (decision 0056): `funnels` ties an applicant to a random funnel id while the applicant exists
 * (deleted with them), with when the funnel started and the device class last seen; `funnel_events` holds
 * the events, keyed by the funnel id alone, kept FUNNEL_RETENTION_DAYS; `funnel_daily` the counts per day
 * they are folded into then. No column may hold an answer, a name, an address, an e-mail, a phone or an IP.
 */
import type { Kysely } from 'kysely';
import { requiredTextColumns } from '../migration-parts.ts';

/** What an event and a day's count are told apart by (as this migration wrote them). */
const DIMENSIONS = ['flow', 'step', 'kind', 'detail', 'device', 'language', 'product'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funnels')
    .addColumn('applicant_id', 'uuid', (c) => c.primaryKey().references('applicants.id').onDelete('cascade'))
    .addColumn('funnel_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('funnel_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('funnel_id', 'uuid', (c) => c.notNull())
    .$call(requiredTextColumns(DIMENSIONS))
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('elapsed_seconds', 'integer', (c) => c.notNull())
    .addColumn('resumed', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('funnel_events_hour_idx').on('funnel_events').column('hour').execute();
  await db.schema
    .createTable('funnel_daily')
    .addColumn('day', 'date', (c) => c.notNull())
    .$call(requiredTextColumns(DIMENSIONS))
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('funnels', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_daily_pk', ['day', ...DIMENSIONS])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funnel_daily').execute();
  await db.schema.dropTable('funnel_events').execute();
  await db.schema.dropTable('funnels').execute();
}
