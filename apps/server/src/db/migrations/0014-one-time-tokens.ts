/**
 * One table of one-time tokens (decision 0068): each row is the hash of a secret sent in a link or a
 * code, its purpose, what it is bound to (an application and/or an applicant, deleted with them), when it
 * stops working, when it was used (single-use purposes), when a newer one ended it, and the wrong entries
 * made against it (codes). The joint invitation's three secrets move here from `joint_invitations` (the
 * joint code, the apply-as-single code and the e-mail code), which keeps the invitation itself.
 *
 * With it, coming back later (decision 0068): `reminder_consents` holds the applicants who asked for
 * reminders (when, when they unsubscribed, how many reminders and whether the draft's end notice were
 * sent), deleted with the applicant; `funnels.resumed_at` marks a funnel that came back through a link.
 */
import { sql, type Kysely } from 'kysely';

const APPLY_AS_SINGLE_DAYS = 14;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('application_id', 'uuid', (c) => c.references('applications.id').onDelete('cascade'))
    .addColumn('applicant_id', 'uuid', (c) => c.references('applicants.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('one_time_tokens_bound', sql`application_id is not null or applicant_id is not null`)
    .execute();
  await db.schema
    .createIndex('one_time_tokens_hash_idx')
    .on('one_time_tokens')
    .column('token_hash')
    .execute();
  await db.schema
    .createIndex('one_time_tokens_application_idx')
    .on('one_time_tokens')
    .columns(['application_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('one_time_tokens_applicant_idx')
    .on('one_time_tokens')
    .columns(['applicant_id', 'purpose'])
    .execute();

  // The data: every invitation's joint code, apply-as-single code and live e-mail code, with their hashes.
  await sql`
    insert into one_time_tokens (id, purpose, token_hash, application_id, created_at, expires_at)
    select gen_random_uuid(), 'jointInvitation', code_hash, application_id, created_at, expires_at
    from joint_invitations`.execute(db);
  await sql`
    insert into one_time_tokens
      (id, purpose, token_hash, application_id, applicant_id, created_at, expires_at, used_at)
    select gen_random_uuid(), 'applyAsSingle', j.single_code_hash, j.application_id, p.id,
      coalesce(j.expired_at, j.expires_at),
      coalesce(j.expired_at, j.expires_at) + ${sql.lit(`${APPLY_AS_SINGLE_DAYS} days`)}::interval,
      j.single_used_at
    from joint_invitations j
    left join applicants p on p.application_id = j.application_id and p.role = 'primary'
    where j.single_code_hash is not null`.execute(db);
  await sql`
    insert into one_time_tokens (id, purpose, token_hash, application_id, created_at, expires_at, tries)
    select gen_random_uuid(), 'jointEmailCode', email_code_hash, application_id,
      email_code_expires_at - interval '10 minutes', email_code_expires_at, email_code_tries
    from joint_invitations
    where email_code_hash is not null and email_code_expires_at is not null`.execute(db);

  await db.schema
    .createTable('reminder_consents')
    .addColumn('applicant_id', 'uuid', (c) => c.primaryKey().references('applicants.id').onDelete('cascade'))
    .addColumn('consented_at', 'timestamptz', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('end_notice_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('funnels').addColumn('resumed_at', 'timestamptz').execute();

  await db.schema
    .alterTable('joint_invitations')
    .dropColumn('code_hash')
    .dropColumn('single_code_hash')
    .dropColumn('single_used_at')
    .dropColumn('email_code_hash')
    .dropColumn('email_code_expires_at')
    .dropColumn('email_code_tries')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('joint_invitations')
    .addColumn('code_hash', 'text')
    .addColumn('single_code_hash', 'text')
    .addColumn('single_used_at', 'timestamptz')
    .addColumn('email_code_hash', 'text')
    .addColumn('email_code_expires_at', 'timestamptz')
    .addColumn('email_code_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('funnels').dropColumn('resumed_at').execute();
  await db.schema.dropTable('reminder_consents').execute();
  await db.schema.dropTable('one_time_tokens').execute();
}
