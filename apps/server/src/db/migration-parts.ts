/**
 * Parts that more than one migration writes. Migrations that have run use them: a change here changes
 * what those migrations did, so these stay as they are (a new migration writes its own).
 */
import { sql, type CreateTableBuilder } from 'kysely';

/** An applicant's answers to the personal, phone and address steps (applications, then applicants). */
export function contactColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('personal_info', 'jsonb')
    .addColumn('phone_number', 'text')
    .addColumn('phone_type', 'text')
    .addColumn('phone_verified', 'boolean')
    .addColumn('phone_state', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('address', 'jsonb');
}

/** Required text columns, in the order given. */
export function requiredTextColumns(names: readonly string[]) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    names.reduce<CreateTableBuilder<TB, string>>(
      (t, name) => t.addColumn(name, 'text', (c) => c.notNull()),
      table,
    );
}

/**
 * The staff queue's reason of a decision (omo_staff_reason), as 0015 created it; `askedLine` is the
 * line 0017 added before the outcomes (with its indentation and end of line), or '' for none.
 */
export function staffReasonFunction(create: 'create' | 'create or replace', askedLine: string) {
  return sql.raw(`
    ${create} function omo_staff_reason(decision jsonb) returns text
    language sql immutable parallel safe as $$
      select case
        when decision is null then null
        when decision->>'state' in ('deciding', 'pending') then 'decisionProcessing'
${askedLine}        else case decision->>'outcome'
          when 'failed' then 'decisionFailed'
          when 'inPerson' then 'inPersonId'
          when 'jointComplete' then 'inPersonId'
          when 'heldForReview' then 'heldForReview'
          when 'blocked' then 'blockListHit'
          when 'primaryComplete' then 'jointInvitation'
          when 'savingsOffer' then 'waitingOnApplicant'
        end
      end
    $$`);
}
