/**
 * Draft applications (issue 3, design.md §3): one row per applicant from 'Create your profile' on, bound to
 * the browser by the SHA-256 of its session token. Sensitive columns: `password_hash` (argon2id, never the
 * password) and `sin_ciphertext` (AES-256-GCM; only `sin_last3` in clear). JSON columns hold the validated
 * form values of each step; `phone_state` holds the phone-verification status and counters.
 */
import { sql, type Kysely } from 'kysely';
import { contactColumns } from '../migration-parts.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('applications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('session_hash', 'text', (c) => c.notNull().unique())
    .addColumn('app_ref_no', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) =>
      c
        .notNull()
        .defaultTo('single')
        .check(sql`flow in ('single', 'joint')`),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('promo_code', 'text')
    .addColumn('referral_code', 'text')
    .addColumn('consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('product_ids', 'jsonb', (c) => c.notNull())
    .addColumn('sweep_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('skip_alloy', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(contactColumns)
    .addColumn('term_choice', 'jsonb')
    .addColumn('sin_ciphertext', 'text')
    .addColumn('sin_last3', 'text')
    .addColumn('completed_steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('applications_app_ref_no_idx')
    .on('applications')
    .column('app_ref_no')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('applications').ifExists().execute();
}
