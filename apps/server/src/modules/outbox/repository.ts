/**
 * The outbox: every SMS, voice message and e-mail the sandbox providers "send" (design.md §4), kept so
 * that people and tests can read them back at GET /api/dev/outbox.
 */
import { randomUUID } from 'node:crypto';
import type { OutboxMessage } from '@omo/domain';
import type { Database } from '../../db/database.ts';

export interface NewOutboxMessage {
  channel: OutboxMessage['channel'];
  to: string;
  subject?: string | null;
  body: string;
  html?: string | null;
}

export interface OutboxRepository {
  create(message: NewOutboxMessage): Promise<OutboxMessage>;
  /** Messages newest first. */
  list(limit?: number): Promise<OutboxMessage[]>;
}

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function createOutboxRepository(db: Database): OutboxRepository {
  return {
    async create(message) {
      const row = await db
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          channel: message.channel,
          to: message.to,
          subject: message.subject ?? null,
          body: message.body,
          html: message.html ?? null,
        })
        .returning(['id', 'channel', 'to', 'subject', 'body', 'html', 'sent_at'])
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        channel: row.channel,
        to: row.to,
        subject: row.subject,
        body: row.body,
        html: row.html,
        sentAt: toIso(row.sent_at),
      };
    },
    async list(limit = 200) {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'channel', 'to', 'subject', 'body', 'html', 'sent_at'])
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to,
        subject: r.subject,
        body: r.body,
        html: r.html,
        sentAt: toIso(r.sent_at),
      }));
    },
  };
}
