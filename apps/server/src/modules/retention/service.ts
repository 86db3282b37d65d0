/**
 * Personal data kept no longer than it is needed (decision 0044). One run, hourly through the job queue,
 * deletes:
 * - phone send events older than the hour every send ceiling counts over (client IPs and numbers);
 * - sessions idle longer than SESSION_IDLE_MINUTES (they no longer reach anything);
 * - drafts never submitted and untouched for DRAFT_RETENTION_DAYS, with their applicants, sessions,
 *   identity photos and document runs (the foreign keys cascade) and e-mails; never one with a member;
 * - any identity photo 365 days after it was taken, as the consent to the photos promises (a decision
 *   deletes its application's photos at once: decision/service.ts);
 * - the sandbox phone provider's verifications a day after they expired (a code past its expiry is only
 *   ever told 'expired'), and the outbox's messages (the sandbox's texts and calls, and e-mails when no
 *   SMTP server is set) after DRAFT_RETENTION_DAYS, the life of the draft they were sent for.
 * - funnel events (no personal data) after FUNNEL_RETENTION_DAYS, folded first into counts per day
 *   (decision 0056).
 * Submitted and decided applications, their applicants, members and accounts are kept. Every step is a
 * delete by age, so a run repeated or run by two processes at once does no harm.
 */
import { applicantIdsOf, type Database } from '../../db/database.ts';
import type { Clock } from '../../providers/clock.ts';
import { createSendEventRepository, SEND_WINDOW_MS } from '../phone-verification/repository.ts';
import { foldFunnelEvents } from '../funnel/repository.ts';

export const RETENTION_QUEUE = 'retention';
/** Every hour, at 17 minutes past (UTC). */
export const RETENTION_CRON = '17 * * * *';
/** The consent to the photos: never kept more than 365 days. */
const PHOTO_MAX_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Drafts deleted per statement, so one run never holds a long lock. */
const BATCH = 200;

interface RetentionServiceDeps {
  db: Database;
  clock: Clock;
  draftRetentionDays: number;
  sessionIdleMinutes: number;
  funnelRetentionDays: number;
}

/** What one run deleted. */
interface RetentionReport {
  sendEvents: number;
  sessions: number;
  drafts: number;
  photos: number;
  sandboxVerifications: number;
  sandboxMessages: number;
  funnelEvents: number;
}

export function createRetentionService(deps: RetentionServiceDeps) {
  const { db, clock } = deps;
  const sendEvents = createSendEventRepository(db);
  const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

  /** Ids of drafts never submitted, with no activity (their own, their applicants', their sessions') since `cutoff`. */
  function abandonedDrafts(cutoff: Date) {
    return db
      .selectFrom('applications as a')
      .select('a.id')
      .where('a.submitted_at', 'is', null)
      .where('a.decision', 'is', null)
      .where('a.updated_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('applicants as p')
              .leftJoin('sessions as s', 's.applicant_id', 'p.id')
              .leftJoin('members as m', 'm.applicant_id', 'p.id')
              .select('p.id')
              .whereRef('p.application_id', '=', 'a.id')
              .where((eb) =>
                eb.or([
                  eb('p.updated_at', '>=', cutoff),
                  eb('s.last_seen_at', '>=', cutoff),
                  eb('m.member_number', 'is not', null),
                ]),
              ),
          ),
        ),
      )
      .limit(BATCH);
  }

  async function purgeDrafts(now: Date): Promise<number> {
    const cutoff = before(now, deps.draftRetentionDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const ids = (await abandonedDrafts(cutoff).execute()).map((r) => r.id);
      if (ids.length === 0) return deleted;
      await db.transaction().execute(async (trx) => {
        // E-mails would outlive their applicant (set null): they go with it.
        await trx
          .deleteFrom('email_deliveries')
          .where('applicant_id', 'in', applicantIdsOf(trx, ids))
          .execute();
        // Applicants, sessions, photos, document runs and ID requests follow (on delete cascade).
        await trx.deleteFrom('applications').where('id', 'in', ids).execute();
      });
      deleted += ids.length;
      if (ids.length < BATCH) return deleted;
    }
  }

  async function purgePhotos(now: Date): Promise<number> {
    const result = await db
      .deleteFrom('identity_documents')
      .where('created_at', '<', before(now, PHOTO_MAX_DAYS * DAY_MS))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  return {
    /** One run of every rule; returns what it deleted. */
    async run(): Promise<RetentionReport> {
      const now = clock.now();
      const sendEventCount = await sendEvents.deleteBefore(before(now, SEND_WINDOW_MS));
      const sessions = await db
        .deleteFrom('sessions')
        .where('last_seen_at', '<', before(now, deps.sessionIdleMinutes * 60_000))
        .executeTakeFirst();
      const drafts = await purgeDrafts(now);
      const photos = await purgePhotos(now);
      const sandboxVerifications = await db
        .deleteFrom('phone_verifications')
        .where('expires_at', '<', before(now, DAY_MS))
        .executeTakeFirst();
      const sandboxMessages = await db
        .deleteFrom('outbox')
        .where('sent_at', '<', before(now, deps.draftRetentionDays * DAY_MS))
        .executeTakeFirst();
      // Whole UTC days, so that each day's funnels are counted in one fold.
      const funnelCutoff = new Date(
        Math.floor(before(now, deps.funnelRetentionDays * DAY_MS).getTime() / DAY_MS) * DAY_MS,
      );
      const funnelEvents = await foldFunnelEvents(db, funnelCutoff);
      return {
        funnelEvents,
        sendEvents: sendEventCount,
        sessions: Number(sessions.numDeletedRows),
        drafts,
        photos,
        sandboxVerifications: Number(sandboxVerifications.numDeletedRows),
        sandboxMessages: Number(sandboxMessages.numDeletedRows),
      };
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
