/**
 * Reminders to finish a draft (decision 0068), only to applicants who ticked the optional box asking for
 * them on 'Create your profile' (Canada's anti-spam law: express consent), until they unsubscribe (one
 * click on the link of any reminder) or the draft is submitted or deleted. A sweep on the job queue sends
 * reminder k once the draft has been idle REMINDER_DELAYS[k], and announces the draft's end once,
 * DRAFT_END_NOTICE_DAYS before DRAFT_RETENTION_DAYS of idleness delete it. Each e-mail carries a fresh
 * resume link and an unsubscribe link (one-time tokens). Each send is claimed by a compare-and-set, so a
 * repeated or concurrent sweep sends nothing twice.
 */
import { applicantStateOf, RESUME_ROUTES, type Language } from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../providers/clock.ts';
import { findApplicantContext, toDecision } from '../application/repository.ts';
import type { MailService } from '../mail/service.ts';
import { issueToken, verifyLink } from '../tokens/service.ts';

/** The sweep's queue and schedule (every 10 minutes, UTC). */
export const REMINDER_SWEEP_QUEUE = 'reminders.sweep';
export const REMINDER_SWEEP_CRON = '*/10 * * * *';
/** The draft's end is announced this many days before it. */
export const DRAFT_END_NOTICE_DAYS = 3;
/** An unsubscribe link works this long (the law asks for at least 60 days). */
const UNSUBSCRIBE_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReminderServiceDeps {
  db: Database;
  mail: Pick<MailService, 'queue'>;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'draftRetentionDays' | 'reminderDelaysMs'>;
  log: FastifyBaseLogger;
}

/** The day an e-mail writes. */
function dayOf(date: Date, language: Language): string {
  return date.toLocaleDateString(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'America/Toronto',
  });
}

export function createReminderService(deps: ReminderServiceDeps) {
  const { db, mail, clock, config, log } = deps;

  /** Sends one reminder or the end notice, with a fresh resume link and an unsubscribe link. */
  async function send(
    trx: Database,
    applicantId: string,
    kind: 'resumeReminder' | 'draftEnding',
    endsAt: Date,
    now: Date,
    language: Language,
  ): Promise<void> {
    const context = await findApplicantContext(trx, applicantId);
    if (!context) return;
    const { applicant } = context;
    const link = await issueToken(trx, 'resumeLink', {
      applicationId: applicant.applicationId,
      applicantId,
      now,
      expiresAt: new Date(now.getTime() + config.draftRetentionDays * DAY_MS),
    });
    const unsubscribe = await issueToken(trx, 'reminderUnsubscribe', {
      applicantId,
      now,
      expiresAt: new Date(now.getTime() + UNSUBSCRIBE_DAYS * DAY_MS),
    });
    const common = {
      firstName: applicant.personalInfo?.firstName ?? '',
      link: `${config.publicUrl}${RESUME_ROUTES.open}?token=${link.secret}`,
      unsubscribe: `${config.publicUrl}${RESUME_ROUTES.unsubscribe}?token=${unsubscribe.secret}`,
    };
    const base = {
      key: `${kind}:${link.id}`,
      applicantId,
      to: applicant.email,
      language,
    };
    if (kind === 'draftEnding') {
      await mail.queue(trx, {
        ...base,
        template: 'draftEnding',
        params: { ...common, endsOn: dayOf(endsAt, language) },
      });
    } else {
      await mail.queue(trx, {
        ...base,
        template: 'resumeReminder',
        params: { ...common, days: config.draftRetentionDays },
      });
    }
  }

  return {
    /** The applicant ticked the box: reminders from now (again, if they had unsubscribed). */
    async consent(trx: Database, applicantId: string, language: Language): Promise<void> {
      await trx
        .insertInto('reminder_consents')
        .values({ applicant_id: applicantId, consented_at: clock.now(), language })
        .onConflict((oc) => oc.column('applicant_id').doUpdateSet({ unsubscribed_at: null, language }))
        .execute();
    },

    /** One click on a reminder's link: no more reminders. Unknown or ended tokens do nothing. */
    async unsubscribe(token: string): Promise<boolean> {
      const now = clock.now();
      const found = await verifyLink(db, 'reminderUnsubscribe', token, now);
      if (!found?.applicantId) return false;
      await db
        .updateTable('reminder_consents')
        .set({ unsubscribed_at: now })
        .where('applicant_id', '=', found.applicantId)
        .where('unsubscribed_at', 'is', null)
        .execute();
      return true;
    },

    /** The sweep (see the header). */
    async sweep(): Promise<{ reminded: number; noticed: number }> {
      const now = clock.now();
      const delays = config.reminderDelaysMs;
      let reminded = 0;
      let noticed = 0;
      const rows = await db
        .selectFrom('reminder_consents as r')
        .innerJoin('applicants as p', 'p.id', 'r.applicant_id')
        .innerJoin('applications as a', 'a.id', 'p.application_id')
        .select([
          'r.applicant_id',
          'r.reminders_sent',
          'r.end_notice_at',
          'r.language',
          'p.role',
          'a.decision',
        ])
        .select(
          sql<Date>`greatest(p.updated_at, a.updated_at,
            coalesce((select max(s.last_seen_at) from sessions s where s.applicant_id = p.id), p.updated_at))`.as(
            'last_activity',
          ),
        )
        .where('r.unsubscribed_at', 'is', null)
        .where('a.submitted_at', 'is', null)
        .execute();
      for (const row of rows) {
        if (applicantStateOf(row.role, toDecision(row.decision)) !== 'draft') continue;
        const idle = now.getTime() - new Date(row.last_activity).getTime();
        const endsAt = new Date(new Date(row.last_activity).getTime() + config.draftRetentionDays * DAY_MS);
        if (
          row.end_notice_at === null &&
          idle >= (config.draftRetentionDays - DRAFT_END_NOTICE_DAYS) * DAY_MS
        ) {
          const done = await db.transaction().execute(async (trx) => {
            const claimed = await trx
              .updateTable('reminder_consents')
              .set({ end_notice_at: now })
              .where('applicant_id', '=', row.applicant_id)
              .where('end_notice_at', 'is', null)
              .where('unsubscribed_at', 'is', null)
              .returning('applicant_id')
              .executeTakeFirst();
            if (claimed) await send(trx, row.applicant_id, 'draftEnding', endsAt, now, row.language);
            return Boolean(claimed);
          });
          if (done) noticed += 1;
          continue;
        }
        const next = delays[row.reminders_sent];
        if (next === undefined || idle < next) continue;
        const done = await db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('reminder_consents')
            .set({ reminders_sent: row.reminders_sent + 1 })
            .where('applicant_id', '=', row.applicant_id)
            .where('reminders_sent', '=', row.reminders_sent)
            .where('unsubscribed_at', 'is', null)
            .returning('applicant_id')
            .executeTakeFirst();
          if (claimed) await send(trx, row.applicant_id, 'resumeReminder', endsAt, now, row.language);
          return Boolean(claimed);
        });
        if (done) reminded += 1;
      }
      if (reminded + noticed > 0) log.info({ reminded, noticed }, 'reminders sent');
      return { reminded, noticed };
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
