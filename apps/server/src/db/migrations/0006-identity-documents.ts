/**
 * Document verification: the sandbox provider's workflow runs (the real provider keeps its own) and the
 * images its capture page receives, encrypted (AES-256-GCM; associated data: the applicant id and the
 * side). Images go with their applicant (cascade) and are deleted when the application ends.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'uuid', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('document_runs_applicant_idx')
    .on('document_runs')
    .column('applicant_id')
    .execute();

  await db.schema
    .createTable('identity_documents')
    .addColumn('applicant_id', 'uuid', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('front', 'back', 'selfie')`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('ciphertext', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('identity_documents_pkey', ['applicant_id', 'side'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_documents').execute();
  await db.schema.dropTable('document_runs').execute();
}
