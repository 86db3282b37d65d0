/**
 * Canada Post's in-person ID results (issue 19 item 8, decision 0095). A signed notification (checked by
 * the provider adapter over the raw bytes: unsigned or wrongly signed → 401) names the request by its DSS
 * number. A verified result finishes the case through the staff service's recordInPersonId, the same code
 * as a staff member's "ID seen in person" (the decision continues, the member opens, the welcome e-mail
 * goes), recorded in the case log as done by Canada Post. Every notification is stored once by its id:
 * the same one received again is answered from the table and applied once (two at once are serialised by
 * the case's lock and the action's request id).
 */
import type { Database } from '../../db/database.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { InPersonIdProvider } from '../../providers/in-person-id/in-person-id.ts';
import type { StaffMember } from './auth.ts';
import type { StaffService } from './service.ts';
import { appendCaseLog } from './case-log.ts';

export type PostOfficeOutcome = 'recorded' | 'notVerified' | 'notAwaiting' | 'unknownRequest';

/** Canada Post in the case log: it acts as a reviewer does for this one action. */
export const CANADA_POST_ACTOR: StaffMember = {
  subject: 'provider:canada-post',
  name: 'Canada Post',
  email: '',
  role: 'reviewer',
  sessionId: 'notification',
  csrfToken: '',
};

export function createPostOfficeResults(deps: {
  db: Database;
  provider: Pick<InPersonIdProvider, 'readResultNotification'>;
  staff: Pick<StaffService, 'recordInPersonId'>;
}) {
  const { db, provider, staff } = deps;

  /** The application whose applicant's post-office request has this DSS number, if any. */
  async function applicationOf(dssNumber: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('id_verification_requests as r')
      .innerJoin('applicants as p', 'p.id', 'r.applicant_id')
      .select('p.application_id')
      .where('r.dss_number', '=', dssNumber)
      .executeTakeFirst();
    return row?.application_id;
  }

  return {
    /**
     * Receives one notification.
     * @throws HttpProblem 401 (unsigned, wrongly signed), 400 (signed but not a result)
     */
    async receive(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ outcome: PostOfficeOutcome; repeated: boolean }> {
      const read = provider.readResultNotification(rawBody, signature);
      if (!read.ok) {
        throw new HttpProblem(read.failure.code === 'unauthorized' ? 401 : 400, read.failure.message);
      }
      const result = read.value;
      const seen = await db
        .selectFrom('canada_post_notifications')
        .select('outcome')
        .where('notification_id', '=', result.notificationId)
        .executeTakeFirst();
      if (seen) return { outcome: seen.outcome as PostOfficeOutcome, repeated: true };

      const applicationId = await applicationOf(result.dssNumber);
      /** A case log entry of what Canada Post found, at the post office it names. */
      const logForStaff = (id: string, action: string, requestId?: string) =>
        appendCaseLog(db, {
          applicationId: id,
          staff: CANADA_POST_ACTOR,
          action,
          details: { postOffice: result.postOfficeName },
          ...(requestId ? { requestId } : {}),
        });
      let outcome: PostOfficeOutcome = 'unknownRequest';
      if (applicationId && result.result === 'notVerified') {
        // The case stays with staff: the log says what Canada Post found.
        outcome = 'notVerified';
        await logForStaff(applicationId, 'inPersonIdNotVerified', `canada-post-${result.notificationId}`);
      } else if (applicationId) {
        try {
          await staff.recordInPersonId(
            applicationId,
            CANADA_POST_ACTOR,
            `canada-post-${result.notificationId}`,
            {
              idType: result.idType,
              idNumber: result.idNumber,
              expiry: result.expiry,
              issuingProvince: result.issuingProvince,
              place: 'postOffice',
              placeName: result.postOfficeName,
            },
          );
          outcome = 'recorded';
        } catch (error) {
          // Staff recorded it first, or the case moved on: nothing more to do.
          if (!(error instanceof HttpProblem && error.statusCode === 409)) throw error;
          outcome = 'notAwaiting';
          // Staff see that the result came and was not applied.
          await logForStaff(applicationId, 'inPersonIdNotApplied');
        }
      }
      const stored = await db
        .insertInto('canada_post_notifications')
        .values({
          notification_id: result.notificationId,
          dss_number: result.dssNumber,
          result: result.result,
          application_id: applicationId ?? null,
          outcome,
        })
        .onConflict((oc) => oc.column('notification_id').doNothing())
        .returning('outcome')
        .executeTakeFirst();
      return { outcome, repeated: !stored };
    },
  };
}

export type PostOfficeResults = ReturnType<typeof createPostOfficeResults>;
