/**
 * Joint invitations: one per application, made when the primary submits with a co-applicant named. Only
 * the SHA-256 of the joint code is kept (the code itself is only in the co-applicant's e-mail), with the
 * invited names and e-mail, when it ends, when the reminder and the end notice were sent, and the hash of
 * the apply-as-single code sent to the primary once it ended (usable once). Lookups are counted per code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('joint_invitations')
    .addColumn('application_id', 'uuid', (c) =>
      c.primaryKey().references('applications.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('single_code_hash', 'text', (c) => c.unique())
    .addColumn('single_used_at', 'timestamptz')
    .addColumn('lookups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lookups_since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('joint_invitations_expires_idx')
    .on('joint_invitations')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('joint_invitations').execute();
}
