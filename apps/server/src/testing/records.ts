/** What the database holds for an applicant, read back as the tests check it. */
import type { Database } from '../db/database.ts';

/** How many members were opened for the applicant. */
export async function memberCountOf(db: Database, applicantId: string): Promise<number> {
  const rows = await db
    .selectFrom('members')
    .select('member_number')
    .where('applicant_id', '=', applicantId)
    .execute();
  return rows.length;
}

/** The member numbers opened for the applicants of an application. */
export async function memberNumbersOfApplication(db: Database, applicationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('members')
    .innerJoin('applicants', 'applicants.id', 'members.applicant_id')
    .select('members.member_number')
    .where('applicants.application_id', '=', applicationId)
    .execute();
  return rows.map((r) => r.member_number);
}

/** The ids of the applicant with this e-mail address and of their application. */
export async function idsOf(
  db: Database,
  email: string,
): Promise<{ applicantId: string; applicationId: string }> {
  const row = await db
    .selectFrom('applicants')
    .select(['id', 'application_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { applicantId: row.id, applicationId: row.application_id };
}
