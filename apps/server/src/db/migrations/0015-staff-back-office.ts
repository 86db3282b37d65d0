/**
 * The staff back office (decisions 0071, 0072):
 * - staff_sessions: a signed-in staff member's session (the SHA-256 of its cookie token), with the role
 *   the OpenID provider's claims gave and the session's CSRF token;
 * - case_log: who did what to which application, when, from which session, with a note. Append-only: a
 *   trigger refuses UPDATE, DELETE and TRUNCATE, so neither the code nor the application's database user
 *   can change it. No foreign key: the log outlives the application (FINTRAC record keeping, 0071);
 * - staff_assignments: who works on a case now;
 * - in_person_checks: the ID a staff member saw in person (the number encrypted);
 * - application_email_digests: keyed digests of the applicants' e-mail addresses, so that staff search
 *   by e-mail without scanning addresses in clear;
 * - block_list: the credit union's internal block list (an entry removed stays, marked removed); its
 *   changes are logged in case_log with no application;
 * - omo_staff_reason(decision): why an application needs a person (null: it does not), indexed so that
 *   the queue's first page and its keyset pages stay fast at a million applications. Kept in step with
 *   packages/domain flows/staff.ts by a test.
 */
import { sql, type Kysely } from 'kysely';
import { staffReasonFunction } from '../migration-parts.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('case_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    /** Null for an entry about no application (the block list's changes). */
    .addColumn('application_id', 'uuid')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('staff_subject', 'text', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('staff_role', 'text', (c) => c.notNull())
    /** A short id of the staff session (a prefix of its token's hash), never the token. */
    .addColumn('staff_session', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    /** The client's id of the request: the same action repeated is answered, not done twice. */
    .addColumn('request_id', 'text')
    .execute();
  await db.schema
    .createIndex('case_log_application_idx')
    .on('case_log')
    .columns(['application_id', 'id'])
    .execute();
  await db.schema
    .createIndex('case_log_request_idx')
    .on('case_log')
    .columns(['application_id', 'action', 'request_id'])
    .unique()
    .execute();
  await sql`
    create function omo_case_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'case_log is append-only: % refused', tg_op using errcode = '42501';
    end
    $$`.execute(db);
  await sql`
    create trigger case_log_append_only before update or delete on case_log
    for each row execute function omo_case_log_append_only()`.execute(db);
  await sql`
    create trigger case_log_no_truncate before truncate on case_log
    for each statement execute function omo_case_log_append_only()`.execute(db);

  await db.schema
    .createTable('staff_assignments')
    .addColumn('application_id', 'uuid', (c) => c.primaryKey())
    .addColumn('staff_subject', 'text', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('staff_assignments_subject_idx')
    .on('staff_assignments')
    .columns(['staff_subject', 'application_id'])
    .execute();

  await db.schema
    .createTable('in_person_checks')
    .addColumn('applicant_id', 'uuid', (c) => c.primaryKey())
    .addColumn('application_id', 'uuid', (c) => c.notNull())
    .addColumn('id_type', 'text', (c) => c.notNull())
    .addColumn('id_number_ciphertext', 'text', (c) => c.notNull())
    .addColumn('expiry', 'date', (c) => c.notNull())
    .addColumn('issuing_province', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('place_name', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('application_email_digests')
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('application_email_digests_pk', ['digest', 'application_id'])
    .execute();

  await db.schema
    .createTable('block_list')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'date')
    /** Lower-cased, accent-free "first last" the decision matches. */
    .addColumn('match_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .addColumn('removed_by', 'text')
    .addColumn('removal_reason', 'text')
    .execute();
  await db.schema.createIndex('block_list_match_idx').on('block_list').column('match_name').execute();

  await staffReasonFunction('create', '').execute(db);
  await sql`
    create index applications_staff_queue_idx on applications (submitted_at, id)
    where omo_staff_reason(decision) is not null`.execute(db);
  await sql`
    create index applications_staff_reason_idx on applications (omo_staff_reason(decision), submitted_at, id)
    where omo_staff_reason(decision) is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_staff_reason_idx`.execute(db);
  await sql`drop index if exists applications_staff_queue_idx`.execute(db);
  await sql`drop function if exists omo_staff_reason(jsonb)`.execute(db);
  for (const table of [
    'block_list',
    'application_email_digests',
    'in_person_checks',
    'staff_assignments',
    'case_log',
    'staff_sessions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function if exists omo_case_log_append_only()`.execute(db);
}
