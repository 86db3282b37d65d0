/**
 * The decision and what it creates. An application holds its decision (typed state, outcome, the stored
 * save response's inputs) and the applicants their language. A member is made at most once per applicant
 * (unique applicant_id) and holds one account per product (unique member/product): a retried or racing
 * decision finds them rather than making new ones. The in-person ID request (branch or post office) is one
 * per applicant. Each outcome is reported once (outcome_reports, unique application). E-mails are written
 * once per key (email_deliveries) before the job that sends them.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('decision', 'jsonb')
    .addColumn('submitted_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('applicants')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'fr')`),
    )
    .execute();

  // Member numbers come from a sequence: unique across processes, never reused.
  await sql`create sequence member_number_seq start with 100001`.execute(db);
  await sql`create sequence account_number_seq start with 5000001`.execute(db);

  await db.schema
    .createTable('members')
    .addColumn('member_number', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'uuid', (c) =>
      c.notNull().unique().references('applicants.id').onDelete('restrict'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('members_email_idx').on('members').column('email').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('account_number', 'text', (c) => c.primaryKey())
    .addColumn('member_number', 'text', (c) => c.notNull().references('members.member_number'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('accounts_member_product_key', ['member_number', 'product_id'])
    .execute();

  await db.schema
    .createTable('id_verification_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'uuid', (c) =>
      c.notNull().unique().references('applicants.id').onDelete('cascade'),
    )
    // The post-office record (CanadaPostCreate): the barcode's text and the chosen post office.
    .addColumn('dss_number', 'text')
    .addColumn('post_office_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('outcome_reports')
    .addColumn('application_id', 'uuid', (c) =>
      c.primaryKey().references('applications.id').onDelete('cascade'),
    )
    .addColumn('report', 'text', (c) =>
      c.notNull().check(sql`report in ('pending', 'unsuccessful', 'complete')`),
    )
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('email_deliveries')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'uuid', (c) => c.references('applicants.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_deliveries').execute();
  await db.schema.dropTable('outcome_reports').execute();
  await db.schema.dropTable('id_verification_requests').execute();
  await db.schema.dropTable('accounts').execute();
  await db.schema.dropTable('members').execute();
  await sql`drop sequence account_number_seq`.execute(db);
  await sql`drop sequence member_number_seq`.execute(db);
  await db.schema.alterTable('applicants').dropColumn('language').execute();
  await db.schema.alterTable('applications').dropColumn('submitted_at').dropColumn('decision').execute();
}
