/**
 * Send events of phone verification (migration 0003): one row per attempt to send a code, successful
 * or not. They feed the hourly ceilings per client IP, per number and per applicant (SMS pumping), and
 * are deleted once older than that hour (the retention job).
 */
import type { Database } from '../../db/database.ts';

interface NewSendEvent {
  applicantId: string;
  ip: string;
  /** E.164. */
  to: string;
  channel: 'sms' | 'call';
  at: Date;
}

export function createSendEventRepository(db: Database) {
  return {
    /** Records an attempt before it is made (so concurrent attempts count); returns its id. */
    async create(event: NewSendEvent): Promise<number> {
      const row = await db
        .insertInto('phone_send_events')
        .values({
          applicant_id: event.applicantId,
          ip: event.ip,
          to: event.to,
          channel: event.channel,
          sid: null,
          succeeded: false,
          created_at: event.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async markSent(id: number, sid: string): Promise<void> {
      await db.updateTable('phone_send_events').set({ succeeded: true, sid }).where('id', '=', id).execute();
    },

    /** Attempts since `since` from this IP, to this number and by this applicant. */
    async countSince(
      since: Date,
      event: Pick<NewSendEvent, 'ip' | 'to' | 'applicantId'>,
    ): Promise<{ byIp: number; byNumber: number; byApplicant: number }> {
      const count = (column: 'ip' | 'to' | 'applicant_id', value: string) =>
        db
          .selectFrom('phone_send_events')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(column, '=', value)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n));
      const [byIp, byNumber, byApplicant] = await Promise.all([
        count('ip', event.ip),
        count('to', event.to),
        count('applicant_id', event.applicantId),
      ]);
      return { byIp, byNumber, byApplicant };
    },

    /** Deletes the attempts made before `before` (none of the ceilings counts them any more). */
    async deleteBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('phone_send_events')
        .where('created_at', '<=', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
