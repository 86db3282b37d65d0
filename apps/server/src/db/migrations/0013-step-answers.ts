/**
 * Answers stored by step: one row per application, applicant and step id, the answer as jsonb (its shape
 * is the step's contract, packages/domain flows/steps.ts). An answer of the application (the products'
 * confirmation, the accounts' usage) is the primary applicant's row. The SIN step's answer holds the SIN
 * sealed ({ isSkipped: false, ciphertext, last3 }) or { isSkipped: true }. Today's columns move here and
 * are dropped; the decision snapshots (whole applicant records) are untouched and read as before.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_answers')
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('applicant_id', 'uuid', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('step_answers_pk', ['application_id', 'applicant_id', 'step_id'])
    .execute();
  await db.schema
    .createIndex('step_answers_applicant_idx')
    .on('step_answers')
    .column('applicant_id')
    .execute();

  const byApplicant = (stepId: string, answer: string, where: string) =>
    sql`insert into step_answers (application_id, applicant_id, step_id, answer, updated_at)
        select p.application_id, p.id, ${sql.lit(stepId)}, ${sql.raw(answer)}, p.updated_at
        from applicants p where ${sql.raw(where)}`.execute(db);
  await byApplicant('personalinfo', 'p.personal_info', 'p.personal_info is not null');
  await byApplicant('address', 'p.address', 'p.address is not null');
  await byApplicant('legalterms', 'p.legal_terms', 'p.legal_terms is not null');
  await byApplicant('reviewapplication', "'true'::jsonb", 'p.review_consent');
  await byApplicant(
    'sin',
    "jsonb_build_object('isSkipped', false, 'ciphertext', p.sin_ciphertext, 'last3', p.sin_last3)",
    'p.sin_ciphertext is not null',
  );
  await byApplicant(
    'sin',
    `jsonb_build_object('isSkipped', true)`,
    'p.sin_skipped and p.sin_ciphertext is null',
  );
  const byApplication = (stepId: string, column: string) =>
    sql`insert into step_answers (application_id, applicant_id, step_id, answer, updated_at)
        select a.id, p.id, ${sql.lit(stepId)}, ${sql.ref(`a.${column}`)}, a.updated_at
        from applications a join applicants p on p.application_id = a.id and p.role = 'primary'
        where ${sql.ref(`a.${column}`)} is not null`.execute(db);
  await byApplication('confirmproducts', 'product_choice');
  await byApplication('finalizeaccount', 'account_usage');

  await db.schema
    .alterTable('applicants')
    .dropColumn('personal_info')
    .dropColumn('address')
    .dropColumn('legal_terms')
    .dropColumn('review_consent')
    .dropColumn('sin_ciphertext')
    .dropColumn('sin_last3')
    .dropColumn('sin_skipped')
    .execute();
  await db.schema
    .alterTable('applications')
    .dropColumn('product_choice')
    .dropColumn('account_usage')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applicants')
    .addColumn('personal_info', 'jsonb')
    .addColumn('address', 'jsonb')
    .addColumn('legal_terms', 'jsonb')
    .addColumn('review_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sin_ciphertext', 'text')
    .addColumn('sin_last3', 'text')
    .addColumn('sin_skipped', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('product_choice', 'jsonb')
    .addColumn('account_usage', 'jsonb')
    .execute();
  await sql`update applicants p set
      personal_info = (select answer from step_answers s where s.applicant_id = p.id and s.step_id = 'personalinfo'),
      address = (select answer from step_answers s where s.applicant_id = p.id and s.step_id = 'address'),
      legal_terms = (select answer from step_answers s where s.applicant_id = p.id and s.step_id = 'legalterms'),
      review_consent = exists (select 1 from step_answers s where s.applicant_id = p.id and s.step_id = 'reviewapplication'),
      sin_ciphertext = (select answer->>'ciphertext' from step_answers s where s.applicant_id = p.id and s.step_id = 'sin'),
      sin_last3 = (select answer->>'last3' from step_answers s where s.applicant_id = p.id and s.step_id = 'sin'),
      sin_skipped = coalesce((select (answer->>'isSkipped')::boolean from step_answers s where s.applicant_id = p.id and s.step_id = 'sin'), false)`.execute(
    db,
  );
  await sql`update applications a set
      product_choice = (select answer from step_answers s where s.application_id = a.id and s.step_id = 'confirmproducts'),
      account_usage = (select answer from step_answers s where s.application_id = a.id and s.step_id = 'finalizeaccount')`.execute(
    db,
  );
  await db.schema.dropTable('step_answers').execute();
}
