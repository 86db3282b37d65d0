/**
 * Asking the applicant, and Canada Post's in-person results (issue 19, items 4 and 8):
 * - omo_staff_reason(decision) also answers 'waitingOnApplicant' while staff's question (decision.asked)
 *   waits for the applicant's answer (kept in step with packages/domain flows/staff.ts by a test); the
 *   queue's indexes are rebuilt with it;
 * - canada_post_notifications: every signed in-person result received, once by its notification id (a
 *   replay is answered from it, never applied twice). Append-only like the case log.
 */
import { sql, type Kysely } from 'kysely';
import { staffReasonFunction } from '../migration-parts.ts';

const reasonFunction = (askedFirst: boolean) =>
  staffReasonFunction(
    'create or replace',
    askedFirst ? `        when decision->'asked' is not null then 'waitingOnApplicant'\n` : '        \n',
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  await reasonFunction(true).execute(db);
  // The indexes hold the function's values: rebuilt with its new definition.
  await sql`reindex index applications_staff_queue_idx`.execute(db);
  await sql`reindex index applications_staff_reason_idx`.execute(db);

  await db.schema
    .createTable('canada_post_notifications')
    .addColumn('notification_id', 'text', (c) => c.primaryKey())
    .addColumn('dss_number', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    /** The application it finished, or null when none waited for it. */
    .addColumn('application_id', 'uuid')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create function omo_canada_post_notifications_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'canada_post_notifications is append-only: % refused', tg_op using errcode = '42501';
    end
    $$`.execute(db);
  await sql`
    create trigger canada_post_notifications_append_only before update or delete
    on canada_post_notifications
    for each row execute function omo_canada_post_notifications_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists canada_post_notifications_append_only on canada_post_notifications`.execute(
    db,
  );
  await db.schema.dropTable('canada_post_notifications').execute();
  await sql`drop function if exists omo_canada_post_notifications_append_only()`.execute(db);
  await reasonFunction(false).execute(db);
  await sql`reindex index applications_staff_queue_idx`.execute(db);
  await sql`reindex index applications_staff_reason_idx`.execute(db);
}
