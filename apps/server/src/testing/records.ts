/** The members the database holds, read as the tests count them. */
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
