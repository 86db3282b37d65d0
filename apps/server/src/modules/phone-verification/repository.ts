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

/** The hourly send ceilings (PHONE_SEND_LIMIT_*). */
export interface SendCeilings {
  perIpPerHour: number;
  perNumberPerHour: number;
  perApplicantPerHour: number;
}

/** The window of every send ceiling: a send event older than this counts for nothing. */
export const SEND_WINDOW_MS = 60 * 60 * 1000;

export function createSendEventRepository(db: Database) {
  const repository = {
    /**
     * Records the attempt and answers its id, or, when a ceiling is passed, forgets it and answers which
     * ceiling refused it (a refused attempt counts toward no ceiling).
     */
    async reserve(
      event: NewSendEvent,
      limits: SendCeilings,
    ): Promise<{ id: number } | { refusedBy: 'ip' | 'number' | 'applicant' }> {
      const id = await repository.create(event);
      const counts = await repository.countSince(new Date(event.at.getTime() - SEND_WINDOW_MS), event);
      const refusedBy =
        counts.byNumber > limits.perNumberPerHour
          ? 'number'
          : counts.byApplicant > limits.perApplicantPerHour
            ? 'applicant'
            : counts.byIp > limits.perIpPerHour
              ? 'ip'
              : null;
      if (refusedBy === null) return { id };
      await db.deleteFrom('phone_send_events').where('id', '=', id).execute();
      return { refusedBy };
    },

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
  return repository;
}
