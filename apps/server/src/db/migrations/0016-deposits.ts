/**
 * First deposits received (issue 21): one row per opened account, written when a staff member matches an
 * incoming deposit to the member (by the member number its message carries) and marks it received.
 * Append-only, like the case log: a trigger refuses UPDATE, DELETE and TRUNCATE. The applications' member
 * numbers are indexed so that a reference finds its member at once.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposits')
    .addColumn('application_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('member_number', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    /** How the applicant said it would come (eTransfer, branch, later). */
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('staff_subject', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposits_pk', ['application_id', 'product_id'])
    .execute();
  await sql`
    create function omo_deposits_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'deposits is append-only: % refused', tg_op using errcode = '42501';
    end
    $$`.execute(db);
  await sql`
    create trigger deposits_append_only before update or delete on deposits
    for each row execute function omo_deposits_append_only()`.execute(db);
  await sql`
    create trigger deposits_no_truncate before truncate on deposits
    for each statement execute function omo_deposits_append_only()`.execute(db);
  await sql`create index applications_primary_member on applications ((decision->>'primaryCustNo'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_primary_member`.execute(db);
  await db.schema.dropTable('deposits').ifExists().execute();
  await sql`drop function if exists omo_deposits_append_only()`.execute(db);
}
