/**
 * The co-applicant's e-mail code: before the co-applicant's profile is made, a 6-digit code is e-mailed to
 * the invited address. Only its hash is kept, with when it stops working, the wrong entries made with it,
 * and how many codes the invitation has sent.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('joint_invitations')
    .addColumn('email_code_hash', 'text')
    .addColumn('email_code_expires_at', 'timestamptz')
    .addColumn('email_code_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_codes_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('joint_invitations')
    .dropColumn('email_code_hash')
    .dropColumn('email_code_expires_at')
    .dropColumn('email_code_tries')
    .dropColumn('email_codes_sent')
    .execute();
}
