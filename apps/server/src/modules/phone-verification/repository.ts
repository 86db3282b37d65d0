/**
 * Send events of phone verification (migration 0003): one row per attempt to send a code, successful
 * or not. They feed the per-IP and per-number hourly ceilings (SMS pumping) and keep the provider's sid
 * of each successful send (audit).
 */
import type { Database } from '../../db/database.ts';

export interface NewSendEvent {
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

    /** Attempts since `since` from this IP and to this number. */
    async countSince(since: Date, ip: string, to: string): Promise<{ byIp: number; byNumber: number }> {
      const [byIp, byNumber] = await Promise.all([
        db
          .selectFrom('phone_send_events')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('ip', '=', ip)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('phone_send_events')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('to', '=', to)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow(),
      ]);
      return { byIp: Number(byIp.n), byNumber: Number(byNumber.n) };
    },
  };
}

export type SendEventRepository = ReturnType<typeof createSendEventRepository>;
