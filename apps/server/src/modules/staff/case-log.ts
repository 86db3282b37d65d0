/**
 * The case log: who did what to which application, when, from which staff session, with a note. The code
 * only appends and reads (there is no update or delete here), and on the database a trigger refuses
 * UPDATE, DELETE and TRUNCATE of `case_log` (migration 0015). Kept as FINTRAC record keeping asks
 * (decision 0071).
 */
import type { StaffCaseLogEntry } from '@omo/domain';
import type { Database } from '../../db/database.ts';
import type { StaffMember } from './auth.ts';

/** An entry as the log keeps it: what staff read, and the action's details. */
export interface CaseLogEntry extends StaffCaseLogEntry {
  details: Record<string, unknown>;
}

/** Appends one entry (in the caller's transaction when given). */
export async function appendCaseLog(
  db: Database,
  entry: {
    /** Null for a change that concerns no application (the block list). */
    applicationId: string | null;
    /** A staff member, or who else acted (the applicant answering, a provider's notification). */
    staff: Pick<StaffMember, 'subject' | 'name' | 'sessionId'> & { role: string };
    action: string;
    note?: string | null;
    details?: Record<string, unknown>;
    requestId?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('case_log')
    .values({
      application_id: entry.applicationId,
      staff_subject: entry.staff.subject,
      staff_name: entry.staff.name,
      staff_role: entry.staff.role,
      staff_session: entry.staff.sessionId,
      action: entry.action,
      note: entry.note ?? null,
      details: JSON.stringify(entry.details ?? {}),
      request_id: entry.requestId ?? null,
    })
    .execute();
}

/** True when this request (by its client id) already did this action to the application. */
export async function wasDone(
  db: Database,
  applicationId: string,
  action: string,
  requestId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('case_log')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('action', '=', action)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An application's log, oldest first. */
export async function readCaseLog(db: Database, applicationId: string): Promise<CaseLogEntry[]> {
  const rows = await db
    .selectFrom('case_log')
    .select(['id', 'at', 'staff_name', 'staff_role', 'staff_session', 'action', 'note', 'details'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: new Date(r.at).toISOString(),
    staffName: r.staff_name,
    staffRole: r.staff_role,
    staffSession: r.staff_session,
    action: r.action,
    note: r.note,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
  }));
}
