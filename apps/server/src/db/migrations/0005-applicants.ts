/**
 * Applications, applicants and sessions. An application (the products, the reference code, the primary's
 * product answers) has one or two applicants (primary, joint), each with their own credentials, answers,
 * phone verification, identity state and sessions. A session row binds the SHA-256 of a cookie token to
 * one applicant. Drafts of the earlier one-row model are discarded: they held no finished application.
 */
import { sql, type Kysely } from 'kysely';
import { contactColumns } from '../migration-parts.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('applications').ifExists().execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // The 8 random characters of the applicants' reference numbers (prefix + code + P or J).
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('product_ids', 'jsonb', (c) => c.notNull())
    .addColumn('sweep_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('promo_code', 'text')
    .addColumn('referral_code', 'text')
    .addColumn('uses_id_provider', 'boolean', (c) => c.notNull())
    .addColumn('product_choice', 'jsonb')
    .addColumn('account_usage', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('applicants')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('primary', 'joint')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(contactColumns)
    .addColumn('sin_ciphertext', 'text')
    .addColumn('sin_last3', 'text')
    .addColumn('sin_skipped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('identity', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"status":"notStarted"}'::jsonb`))
    .addColumn('legal_terms', 'jsonb')
    .addColumn('review_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('terms_accepted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('applicants_application_role_key', ['application_id', 'role'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'uuid', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_applicant_idx').on('sessions').column('applicant_id').execute();

  await db.schema.alterTable('phone_send_events').renameColumn('application_id', 'applicant_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('phone_send_events').renameColumn('applicant_id', 'application_id').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('applicants').execute();
  await db.schema.dropTable('applications').execute();
}
