/**
 * The staff queue: every application that needs a person, with why (omo_staff_reason, migration 0015),
 * its age against the reason's target, its assignee. Filters: reason, state of the decision, product,
 * older than N hours, assigned to me. Search: a reference number (the ref_code's unique index) or an
 * e-mail address (its keyed digest, application_email_digests: addresses are never scanned in clear).
 * Keyset pagination on (submitted_at, id), both directions, through the partial indexes of 0015, so a
 * page costs the same at a million applications as at ten.
 */
import {
  DEFAULT_REFERENCE_PREFIX,
  QUEUE_REASONS,
  QUEUE_TARGET_HOURS,
  REFERENCE_CODE_PATTERN,
  staffCaseStateOf,
  type QueueReason,
  type StaffQueueRow,
} from '@omo/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { AnswerDigests } from '../../lib/crypto.ts';
import { toDecision } from '../application/repository.ts';
import { emailSearchDigest } from '../decision/service.ts';

export const QUEUE_PAGE_SIZE = 50;

export const queueQuerySchema = z.object({
  reason: z.enum(QUEUE_REASONS as [QueueReason, ...QueueReason[]]).optional(),
  state: z.enum(['deciding', 'pending', 'decided']).optional(),
  product: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,20}$/)
    .optional(),
  olderThanHours: z.coerce.number().int().min(0).max(100_000).optional(),
  mine: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(254).optional(),
  order: z.enum(['oldest', 'newest']).default('oldest'),
  /** The last row of the previous page: `<submitted_at ISO>_<id>`. */
  after: z
    .string()
    .regex(/^[0-9T:.Z+-]{20,35}_[0-9a-f-]{36}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(QUEUE_PAGE_SIZE),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export type QueueRow = StaffQueueRow;

export interface QueuePage {
  rows: QueueRow[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
}

/** One page of the queue as `subject` (the signed-in staff member) asks for it. */
export async function readQueue(
  db: Database,
  digests: AnswerDigests,
  query: QueueQuery,
  subject: string,
  now: Date = new Date(),
): Promise<QueuePage> {
  const reasonExpr = sql<string>`omo_staff_reason(a.decision)`;
  let select = db
    .selectFrom('applications as a')
    .leftJoin('staff_assignments as s', 's.application_id', 'a.id')
    .select([
      'a.id',
      'a.ref_code',
      'a.decision',
      'a.product_ids',
      'a.submitted_at',
      's.staff_subject',
      's.staff_name',
      reasonExpr.as('reason'),
    ])
    .where(reasonExpr, 'is not', null);
  if (query.reason) select = select.where(reasonExpr, '=', query.reason);
  if (query.state) select = select.where(sql<string>`a.decision->>'state'`, '=', query.state);
  if (query.product)
    select = select.where(sql<boolean>`a.product_ids @> ${JSON.stringify([query.product])}::jsonb`);
  if (query.olderThanHours !== undefined) {
    select = select.where('a.submitted_at', '<=', new Date(now.getTime() - query.olderThanHours * 3_600_000));
  }
  if (query.mine === 'true') select = select.where('s.staff_subject', '=', subject);
  const q = query.q?.trim();
  if (q) {
    const ref = q.toUpperCase();
    if (REFERENCE_CODE_PATTERN().test(ref)) {
      select = select.where('a.ref_code', '=', ref.slice(DEFAULT_REFERENCE_PREFIX.length, -1));
    } else if (q.includes('@')) {
      const digest = emailSearchDigest(digests, q);
      select = select.where('a.id', 'in', (eb) =>
        eb.selectFrom('application_email_digests').select('application_id').where('digest', '=', digest),
      );
    } else {
      // Only a whole reference number or e-mail address is searched (no partial scans).
      return { rows: [], next: null };
    }
  }
  const newest = query.order === 'newest';
  if (query.after) {
    const cut = query.after.lastIndexOf('_');
    const at = new Date(query.after.slice(0, cut));
    const id = query.after.slice(cut + 1);
    select = select.where(
      sql<boolean>`(a.submitted_at, a.id) ${sql.raw(newest ? '<' : '>')} (${at}, ${id}::uuid)`,
    );
  }
  const rows = await select
    .orderBy('a.submitted_at', newest ? 'desc' : 'asc')
    .orderBy('a.id', newest ? 'desc' : 'asc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit).map((r): QueueRow => {
    const reason = r.reason as QueueReason;
    const submittedAt = r.submitted_at ? new Date(r.submitted_at) : now;
    const ageHours = Math.max(0, Math.floor((now.getTime() - submittedAt.getTime()) / 3_600_000));
    const targetHours = QUEUE_TARGET_HOURS[reason];
    const decision = toDecision(r.decision);
    return {
      applicationId: r.id,
      reference: `${DEFAULT_REFERENCE_PREFIX}${r.ref_code}P`,
      reason,
      reviewReason: decision?.reviewReason ?? null,
      state: staffCaseStateOf(decision),
      productIds: (typeof r.product_ids === 'string' ? JSON.parse(r.product_ids) : r.product_ids) as string[],
      submittedAt: submittedAt.toISOString(),
      ageHours,
      targetHours,
      late: ageHours >= targetHours,
      assignee: r.staff_subject ? { subject: r.staff_subject, name: r.staff_name ?? '' } : null,
    };
  });
  const last = rows.length > query.limit ? page[page.length - 1] : undefined;
  return { rows: page, next: last ? `${last.submittedAt}_${last.applicationId}` : null };
}
