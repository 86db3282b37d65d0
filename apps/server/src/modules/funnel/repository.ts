/** Reads the funnel's events as the reports and the guard see them (the fields of FunnelEvent only). */
import type { DeviceClass, FunnelEvent, FunnelEventKind } from '@omo/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Events of a period: from its first hour, before `to` (both optional). */
interface EventPeriod {
  from?: Date | undefined;
  to?: Date | undefined;
}

export async function readFunnelEvents(db: Database, period: EventPeriod = {}): Promise<FunnelEvent[]> {
  let query = db.selectFrom('funnel_events').selectAll().orderBy('id');
  if (period.from) query = query.where('hour', '>=', period.from);
  if (period.to) query = query.where('hour', '<', period.to);
  const rows = await query.execute();
  return rows.map((row) => ({
    funnelId: row.funnel_id,
    flow: row.flow,
    step: row.step,
    kind: row.kind as FunnelEventKind,
    detail: row.detail,
    device: row.device as DeviceClass | 'unknown',
    language: row.language,
    product: row.product,
    hour: (row.hour instanceof Date ? row.hour : new Date(row.hour)).toISOString(),
    elapsedSeconds: Number(row.elapsed_seconds),
    resumed: Boolean(row.resumed),
  }));
}

/**
 * Folds the events before `cutoff` (the start of a UTC day) into counts per day, step, kind, detail, device,
 * language and product (with the number of funnels), then deletes them; in one transaction, so a run
 * repeated or run by two processes counts each event once.
 * @returns the number of events folded
 */
export async function foldFunnelEvents(db: Database, cutoff: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('funnel_events')
      .select('id')
      .where('hour', '<', cutoff)
      .forUpdate()
      .execute();
    if (old.length === 0) return 0;
    await sql`
      insert into funnel_daily (day, flow, step, kind, detail, device, language, product, events, funnels)
      select (hour at time zone 'UTC')::date, flow, step, kind, detail, device, language, product,
             count(*)::int, count(distinct funnel_id)::int
      from funnel_events where hour < ${cutoff}
      group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (day, flow, step, kind, detail, device, language, product) do update
        set events = funnel_daily.events + excluded.events, funnels = funnel_daily.funnels + excluded.funnels
    `.execute(trx);
    await trx.deleteFrom('funnel_events').where('hour', '<', cutoff).execute();
    return old.length;
  });
}
