/**
 * The members omo opened in a real core, kept in our database (the `members` table the sandbox fills
 * too): the existing-membership check by e-mail reads it.
 */
import type { Database } from '../../db/database.ts';
import type { MemberRegistry } from './fineract.ts';

export function createMemberRegistry(db: Database): MemberRegistry {
  return {
    async record({ applicantId, email, memberNumber }) {
      await db
        .insertInto('members')
        .values({ member_number: memberNumber, applicant_id: applicantId, email: email.toLowerCase() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    async hasEmail(email, exceptApplicantId) {
      const row = await db
        .selectFrom('members')
        .select('member_number')
        .where('email', '=', email.toLowerCase())
        .where('applicant_id', '!=', exceptApplicantId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
