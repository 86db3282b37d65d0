/**
 * Phone verification: the sandbox provider's verifications (only the HMAC of the code is kept) and the
 * send events the service counts for the per-IP and per-number ceilings (SMS pumping) and to find an
 * application's current verification. No foreign key to applications: the sandbox table belongs to the
 * provider, and send events outlive a discarded draft on purpose (the ceilings must still count them).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_verifications')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('phone_verifications_to_status_idx')
    .on('phone_verifications')
    .columns(['to', 'status'])
    .execute();

  await db.schema
    .createTable('phone_send_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('sid', 'text')
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('phone_send_events_ip_idx')
    .on('phone_send_events')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('phone_send_events_to_idx')
    .on('phone_send_events')
    .columns(['to', 'created_at'])
    .execute();
  await db.schema
    .createIndex('phone_send_events_application_idx')
    .on('phone_send_events')
    .columns(['application_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_send_events').ifExists().execute();
  await db.schema.dropTable('phone_verifications').ifExists().execute();
}
