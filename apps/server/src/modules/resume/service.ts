/**
 * Coming back later (decision 0068). The applicant asks for a link to their draft (from inside the
 * application, or by e-mail address on /resume); the request is answered at once and the same way
 * whether or not a draft exists, and the work (finding the draft, issuing the link, queueing the
 * e-mail) runs off the request path as a job. The link (a resumeLink token: 256 random bits, bound to
 * the applicant, single use, working DRAFT_RETENTION_DAYS and never longer than the draft) opens a page
 * that sends a code to the phone verified in the application (the phone provider's code), or, when the
 * phone was not verified, to the e-mail (a resumeCode token). The right code spends the link and starts a
 * new session (rotation) at the step where the applicant left.
 *
 * Limits: RESUME_LINKS_PER_HOUR links per applicant (more requests send nothing, answered the same);
 * RESUME_LINK_ATTEMPTS codes sent and wrong codes per link, then the link ends; per IP, each call's
 * own rate limit (routes.ts).
 */
import {
  applicantStateOf,
  ONE_TIME_CODE_PATTERN,
  RESUME_CODE_MINUTES,
  RESUME_LINK_ATTEMPTS,
  RESUME_LINKS_PER_HOUR,
  RESUME_ROUTES,
  type Language,
  type ResumeOpenAnswer,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { Clock } from '../../providers/clock.ts';
import {
  toE164,
  type PhoneVerificationProvider,
} from '../../providers/phone-verification/phone-verification.ts';
import { validationProblem } from '../application/problems.ts';
import { findApplicantContext, type ApplicantContext } from '../application/repository.ts';
import { toApplicant, type MailService } from '../mail/service.ts';
import {
  checkCode,
  consumeToken,
  endTokens,
  issueToken,
  verifyLink,
  type TokenRow,
} from '../tokens/service.ts';

/** The queue of link requests: the work of a request, off its path. */
export const RESUME_LINK_QUEUE = 'resume.link';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A link request as queued: the session's applicant, or an e-mail address, and the page's language. */
export type ResumeLinkJob = ({ applicantId: string } | { email: string }) & { language: Language };

export interface ResumeServiceDeps {
  db: Database;
  mail: Pick<MailService, 'queue'>;
  jobs: { send(queue: string, data: object): Promise<void> };
  phone: PhoneVerificationProvider;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'contactPhone' | 'draftRetentionDays'>;
  log: FastifyBaseLogger;
  /** Where the applicant goes on: the derived nextPath of their application. */
  nextPathOf(context: ApplicantContext): Promise<string>;
  /** Counts the return in the funnel: by a link asked for, or a reminder's. */
  resumed(context: ApplicantContext, how: 'resumeLink' | 'reminder', nextPath: string): Promise<void>;
}

/** The unknown, used, ended or expired link: the page says so and offers a new one. */
const linkGone = () =>
  new HttpProblem(410, 'This link has expired or was already used. Ask for a new one.', {
    title: 'Link ended',
  });

/** The link has had its codes and wrong entries. */
const linkSpent = () =>
  new HttpProblem(429, 'Too many codes for this link. Ask for a new link.', { title: 'Too Many Requests' });

/** The phone the application verified, or undefined (the code then goes to the e-mail). */
function verifiedPhone({ applicant }: ApplicantContext): string | undefined {
  const verified = applicant.phoneVerified === true || applicant.phoneState.status === 'approved';
  return verified && applicant.phoneNumber ? toE164(applicant.phoneNumber) : undefined;
}

export function createResumeService(deps: ResumeServiceDeps) {
  const { db, mail, jobs, phone, clock, config, log } = deps;

  /** The most recent draft of an e-mail address, if any (a decided application has no way back here). */
  async function draftOfEmail(email: string): Promise<ApplicantContext | undefined> {
    const rows = await db
      .selectFrom('applicants')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .orderBy('updated_at', 'desc')
      .limit(5)
      .execute();
    for (const row of rows) {
      const context = await findApplicantContext(db, row.id);
      if (context && isDraft(context)) return context;
    }
    return undefined;
  }

  const isDraft = ({ applicant, application }: ApplicantContext) =>
    applicantStateOf(applicant.role, application.decision) === 'draft';

  /** The live link of a token, or the 410 problem. */
  async function liveLink(token: string): Promise<TokenRow & { applicantId: string }> {
    const link = await verifyLink(db, 'resumeLink', token, clock.now());
    if (!link?.applicantId) throw linkGone();
    return link as TokenRow & { applicantId: string };
  }

  /** Counts one attempt (a code sent, a wrong code) against the link; the last one ends it. */
  async function countAttempt(link: TokenRow): Promise<void> {
    const counted = await db
      .updateTable('one_time_tokens')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', link.id)
      .where('tries', '<', RESUME_LINK_ATTEMPTS)
      .returning('tries')
      .executeTakeFirst();
    if (!counted) throw linkSpent();
  }

  return {
    /** Queues a link request; the caller answers the same whatever it finds. */
    async requestLink(request: ResumeLinkJob): Promise<void> {
      await jobs.send(RESUME_LINK_QUEUE, request);
    },

    /**
     * The job of a link request: for a draft, within the applicant's hourly limit, issues a link (ending
     * the older ones) and e-mails it in the application's language. Anything else sends nothing.
     * @returns whether a link was sent
     */
    async sendLink(request: ResumeLinkJob): Promise<boolean> {
      const context =
        'applicantId' in request
          ? await findApplicantContext(db, request.applicantId)
          : await draftOfEmail(request.email);
      if (!context || !isDraft(context)) return false;
      const { applicant } = context;
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        // The applicant's row lock: two requests at once count one after the other.
        await trx.selectFrom('applicants').select('id').where('id', '=', applicant.id).forUpdate().execute();
        const recent = await trx
          .selectFrom('one_time_tokens')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('purpose', '=', 'resumeLink')
          .where('applicant_id', '=', applicant.id)
          .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
          .executeTakeFirstOrThrow();
        if (Number(recent.n) >= RESUME_LINKS_PER_HOUR) {
          log.info('resume link not sent: the hourly limit of the applicant');
          return false;
        }
        const { secret, id } = await issueToken(trx, 'resumeLink', {
          applicationId: applicant.applicationId,
          applicantId: applicant.id,
          now,
          expiresAt: new Date(now.getTime() + config.draftRetentionDays * DAY_MS),
        });
        await mail.queue(trx, {
          key: `resume-link:${id}`,
          ...toApplicant(applicant, request.language),
          template: 'resumeLink',
          params: {
            firstName: applicant.personalInfo?.firstName ?? '',
            link: `${config.publicUrl}${RESUME_ROUTES.open}?token=${secret}`,
            days: config.draftRetentionDays,
          },
        });
        return true;
      });
    },

    /**
     * The link's page opened: sends a code to the verified phone, else to the e-mail. Shows nothing of
     * the application.
     * @throws HttpProblem 410 for an unknown, used, ended or expired link; 429 once the link had its attempts
     */
    async openLink(token: string, language: Language): Promise<ResumeOpenAnswer> {
      const link = await liveLink(token);
      const context = await findApplicantContext(db, link.applicantId);
      if (!context) throw linkGone();
      await countAttempt(link);
      const to = verifiedPhone(context);
      if (to) {
        const sent = await phone.startVerification({
          to,
          channel: 'sms',
          locale: language,
        });
        if (sent.ok) {
          // The code of an earlier opening by e-mail no longer counts: the phone's does.
          await endTokens(db, 'resumeCode', { applicantId: context.applicant.id }, clock.now());
          return { channel: 'sms' };
        }
        log.warn({ failure: sent.failure.code }, 'resume code not sent by SMS: sent by e-mail');
      }
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        const { secret, id } = await issueToken(trx, 'resumeCode', {
          applicationId: context.applicant.applicationId,
          applicantId: context.applicant.id,
          now,
          expiresAt: new Date(now.getTime() + RESUME_CODE_MINUTES * 60_000),
        });
        await mail.queue(trx, {
          key: `resume-code:${id}`,
          ...toApplicant(context.applicant, language),
          template: 'resumeCode',
          params: {
            firstName: context.applicant.personalInfo?.firstName ?? '',
            code: secret,
            minutes: RESUME_CODE_MINUTES,
          },
        });
      });
      return { channel: 'email' };
    },

    /**
     * The code: right, it spends the link and answers the applicant (the route starts their session).
     * @throws HttpProblem 410 (link), 429 (attempts), 400 on `code` (missing, wrong, expired)
     */
    async verifyCode(token: string, code: string): Promise<{ applicantId: string; nextPath: string }> {
      const link = await liveLink(token);
      const context = await findApplicantContext(db, link.applicantId);
      if (!context) throw linkGone();
      const refuse = (key: string) => validationProblem([{ path: 'code', key }], config.contactPhone);
      const given = code.trim();
      if (!given) throw refuse('resumeCode.required');
      if (!ONE_TIME_CODE_PATTERN.test(given)) throw refuse('resumeCode.invalid');
      if (link.tries >= RESUME_LINK_ATTEMPTS) throw linkSpent();
      const applicantId = context.applicant.id;
      // An e-mailed code is live when the code went by e-mail; else the phone provider checks it.
      const live = await db
        .selectFrom('one_time_tokens')
        .select('id')
        .where('purpose', '=', 'resumeCode')
        .where('applicant_id', '=', applicantId)
        .where('used_at', 'is', null)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      let outcome: 'right' | 'wrong' | 'expired';
      const to = verifiedPhone(context);
      if (live || !to) {
        outcome = await checkCode(db, 'resumeCode', { applicantId }, given, new Date());
      } else {
        const checked = await phone.checkVerification({ to, code: given });
        outcome = checked.ok
          ? checked.value.status === 'approved'
            ? 'right'
            : checked.value.status === 'pending'
              ? 'wrong'
              : 'expired'
          : 'expired';
      }
      if (outcome !== 'right') {
        await countAttempt(link);
        throw refuse(outcome === 'wrong' ? 'resumeCode.invalid' : 'resumeCode.expired');
      }
      if (!(await consumeToken(db, link.id, clock.now()))) throw linkGone();
      const nextPath = await deps.nextPathOf(context);
      // A reminder's link is the one its e-mail was keyed on (reminders/service.ts).
      const fromReminder = await db
        .selectFrom('email_deliveries')
        .select('key')
        .where('key', 'in', [`resumeReminder:${link.id}`, `draftEnding:${link.id}`])
        .executeTakeFirst();
      await deps.resumed(context, fromReminder ? 'reminder' : 'resumeLink', nextPath);
      return { applicantId, nextPath };
    },
  };
}

export type ResumeService = ReturnType<typeof createResumeService>;
