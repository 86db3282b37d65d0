/**
 * Joint invitations. When the primary's part of a joint application is done, the co-applicant is
 * e-mailed a link with a joint code (256 bits, derived so that a reminder can send it again; a one-time
 * token of purpose jointInvitation, only its hash stored). The code works for JOINT_INVITATION_DAYS, for this application and this co-applicant,
 * and stops working once the co-applicant's round (or the primary's going on alone) has started. Lookups
 * are limited per IP (the route) and per code (here). A sweep e-mails the co-applicant a reminder two days
 * before the end and, once the invitation has ended, e-mails the primary a one-time link to go on alone.
 */
import {
  APPLY_AS_SINGLE_DAYS,
  canApplyAsSingle,
  canStartJointRound,
  FLOW_ERROR_ROUTES,
  invitationExpiresAt,
  invitationReminderAt,
  isAwaitingCoApplicant,
  isInvitationExpired,
  isInvitedName,
  JOINT_CODE_LOOKUPS_PER_HOUR,
  JOINT_EMAIL_CODE_MINUTES,
  JOINT_EMAIL_CODES_PER_INVITATION,
  JOINT_FLOW,
  JOINT_REMINDER_DAYS_BEFORE,
  pathOf,
  PUBLIC_ROUTES,
  type Decision,
  type JointCodeLookupResponse,
  type Language,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { verifyPassword, type LinkCodes } from '../../lib/crypto.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { Clock } from '../../providers/clock.ts';
import type { ApplicantContext } from '../application/repository.ts';
import { validationProblem } from '../application/problems.ts';
import { findApplicantByRole, toDecision } from '../application/repository.ts';
import { referenceNumberOf } from '../application/view.ts';
import { toApplicant, type MailService } from '../mail/service.ts';
import { checkCode, consumeToken, findLink, hasToken, issueToken, tokenState } from '../tokens/service.ts';

/** The queue of the sweep (reminders and ended invitations), scheduled and idempotent. */
export const JOINT_SWEEP_QUEUE = 'joint.sweep';

/** The type of applicant an apply-as-single link is for. */
const APPLY_AS_SINGLE_TYPE = 'primary';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The typed not-found of an unknown, used or ended code (spec 001 §7: 404 with the typed object). */
const notFound = () => new HttpProblem(404, 'No invitation matches this code.', { title: 'Not Found' });

/** The invitation's last day, as the e-mail writes it. */
function dayOf(date: Date, language: Language): string {
  return date.toLocaleDateString(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'America/Toronto',
  });
}

interface JointServiceDeps {
  db: Database;
  mail: Pick<MailService, 'queue'>;
  links: LinkCodes;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'contactPhone'>;
  log: FastifyBaseLogger;
}

/** The ended-invitation problem: the co-applicant goes to /error/5. */
const invitationEnded = () =>
  new HttpProblem(409, 'The invitation has ended.', {
    title: 'Invitation ended',
    nextPath: FLOW_ERROR_ROUTES.jointExpired,
  });

/** The invitation of an application: who was invited, and until when. */
async function findInvitation(db: Database, applicationId: string) {
  return db
    .selectFrom('joint_invitations')
    .select(['first_name', 'last_name', 'email', 'expires_at', 'created_at', 'language'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

/**
 * Checks the code e-mailed to the invited address (proof that the co-applicant holds it): right, unexpired
 * and within JOINT_EMAIL_CODE_TRIES; a wrong entry counts against the code. It stays valid until it expires.
 * @throws HttpProblem 400 on emailCode (missing, wrong, expired or tried too often)
 */
async function assertEmailCode(
  db: Database,
  applicationId: string,
  code: string | undefined,
  now: Date,
  contactPhone: string,
): Promise<void> {
  const refuse = (key: string) => validationProblem([{ path: 'emailCode', key }], contactPhone);
  if (!code || !/^\d{6}$/.test(code.trim())) throw refuse(code ? 'emailCode.invalid' : 'emailCode.required');
  // The token's check counts a wrong entry under the row's lock: parallel guesses cannot get past the tries.
  const checked = await checkCode(db, 'jointEmailCode', { applicationId }, code.trim(), now);
  if (checked === 'right') return;
  throw refuse(checked === 'wrong' ? 'emailCode.invalid' : 'emailCode.expired');
}

/**
 * Who may take the co-applicant's place of an invitation: whoever proves they hold the invited address
 * (the code e-mailed to it) with the invited e-mail as the profile's, and once a co-applicant has started,
 * only they may go on from another browser (with the password they chose): they are never replaced.
 * @param started the co-applicant who has started, unless it is the session's own
 * @param hasSession the session is the co-applicant's own
 * @returns the id of the co-applicant who goes on, or undefined when a new one may start
 * @throws HttpProblem 400 on the e-mail (not the invited one), the e-mail code, or the password (another
 *   person's start)
 */
export async function admitCoApplicant(
  db: Database,
  applicationId: string,
  given: { email: string; password: string; emailCode?: string | undefined },
  started: { id: string; passwordHash: string } | undefined,
  contactPhone: string,
  { hasSession = false }: { hasSession?: boolean } = {},
): Promise<string | undefined> {
  const invitation = await findInvitation(db, applicationId);
  if (!invitation || invitation.email.toLowerCase() !== given.email.trim().toLowerCase()) {
    throw validationProblem([{ path: 'email', key: 'email.notInvited' }], contactPhone);
  }
  // The co-applicant's own session (their profile again, after Back) has proved it already.
  if (!hasSession) await assertEmailCode(db, applicationId, given.emailCode, new Date(), contactPhone);
  if (!started) return undefined;
  if (await verifyPassword(started.passwordHash, given.password)) return started.id;
  throw validationProblem([{ path: 'password', key: 'password.jointStarted' }], contactPhone);
}

export function createJointService(deps: JointServiceDeps) {
  const { db, mail, links, clock, config, log } = deps;

  const jointLink = (code: string) =>
    `${config.publicUrl}${pathOf(JOINT_FLOW, 'getstarted')}?jointCode=${code}`;
  const singleLink = (code: string) =>
    `${config.publicUrl}${PUBLIC_ROUTES.applyAsSingle}?code=${code}&ApplicantType=${APPLY_AS_SINGLE_TYPE}`;

  /**
   * The invitation of a code with its application's decision and products, or undefined. The token is
   * found whatever its expiry: the invitation's own end answers 'ended', not 'unknown'.
   */
  async function findByCode(code: string) {
    const token = await findLink(db, 'jointInvitation', code);
    if (!token?.applicationId || token.usedAt || token.endedAt) return undefined;
    return db
      .selectFrom('joint_invitations as j')
      .innerJoin('applications as a', 'a.id', 'j.application_id')
      .select(['j.application_id', 'j.expires_at', 'j.first_name', 'j.last_name', 'j.email'])
      .select(['a.decision', 'a.product_ids'])
      .where('j.application_id', '=', token.applicationId)
      .executeTakeFirst();
  }

  /** Issues the primary's apply-as-single link: it works once, APPLY_AS_SINGLE_DAYS from now. */
  async function issueApplyAsSingle(
    trx: Database,
    applicationId: string,
    applicantId: string,
    code: string,
    now: Date,
  ) {
    await issueToken(trx, 'applyAsSingle', {
      applicationId,
      applicantId,
      secret: code,
      now,
      expiresAt: new Date(now.getTime() + APPLY_AS_SINGLE_DAYS * DAY_MS),
    });
  }

  /**
   * The application a co-applicant's profile joins through the code.
   * @throws HttpProblem 404 for an unknown or used code; 409 (nextPath /error/5) once it has ended
   */
  async function applicationOfCode(code: string): Promise<string> {
    const row = await findByCode(code);
    if (!row || !canStartJointRound(toDecision(row.decision))) throw notFound();
    if (isInvitationExpired(new Date(row.expires_at), clock.now())) throw invitationEnded();
    return row.application_id;
  }

  return {
    /**
     * Invites the co-applicant the primary named (in the transaction that stores the primary's part):
     * once per application.
     */
    async invite(trx: Database, { application, applicant }: ApplicantContext): Promise<void> {
      const info = applicant.personalInfo;
      if (info?.hasJointApp !== 'yes' || !info.jointEmail) return;
      const createdAt = clock.now();
      const expiresAt = invitationExpiresAt(createdAt);
      const code = links.code('joint', application.id, createdAt);
      const inserted = await trx
        .insertInto('joint_invitations')
        .values({
          application_id: application.id,
          first_name: info.jointFirstName ?? '',
          last_name: info.jointLastName ?? '',
          email: info.jointEmail.toLowerCase(),
          language: applicant.language,
          created_at: createdAt,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.column('application_id').doNothing())
        .returning('application_id')
        .executeTakeFirst();
      if (!inserted) return;
      await issueToken(trx, 'jointInvitation', {
        applicationId: application.id,
        secret: code,
        now: createdAt,
        expiresAt,
      });
      await mail.queue(trx, {
        key: `joint-invitation:${application.id}`,
        applicantId: applicant.id,
        to: info.jointEmail,
        template: 'jointInvitation',
        language: applicant.language,
        params: {
          firstName: info.jointFirstName ?? '',
          inviterFirstName: info.firstName,
          link: jointLink(code),
          expiresOn: dayOf(expiresAt, applicant.language),
        },
      });
    },

    /**
     * POST JointInvitation/Resend: the primary sends the invitation again, to the same or a corrected
     * e-mail address, while the co-applicant has not started (checked under the application row's lock).
     * The link stays the same; a corrected address replaces the invited one.
     * @throws HttpProblem 403 to anyone but the primary; 409 once the co-applicant started or the invitation ended
     */
    async resendInvitation({ application, applicant }: ApplicantContext, email: string): Promise<void> {
      if (applicant.role !== 'primary') throw new HttpProblem(403, 'Only the primary applicant invites.');
      await db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('applications')
          .select(['id', 'decision'])
          .where('id', '=', application.id)
          .forUpdate()
          .executeTakeFirst();
        const invitation = await findInvitation(trx, application.id);
        const started = await findApplicantByRole(trx, application.id, 'joint');
        const now = clock.now();
        if (
          !locked ||
          !invitation ||
          started ||
          !canStartJointRound(toDecision(locked.decision)) ||
          isInvitationExpired(new Date(invitation.expires_at), now)
        ) {
          throw new HttpProblem(
            409,
            'The invitation can no longer be sent: the co-applicant started, or it ended.',
            {
              title: 'Conflict',
            },
          );
        }
        const to = email.trim().toLowerCase();
        await trx
          .updateTable('joint_invitations')
          .set({ email: to })
          .where('application_id', '=', application.id)
          .execute();
        const code = links.code('joint', application.id, new Date(invitation.created_at));
        await mail.queue(trx, {
          // Each resend is its own e-mail.
          key: `joint-invitation:${application.id}:resend:${now.getTime()}`,
          applicantId: applicant.id,
          to,
          template: 'jointInvitation',
          language: invitation.language,
          params: {
            firstName: invitation.first_name,
            inviterFirstName: applicant.personalInfo?.firstName ?? '',
            link: jointLink(code),
            expiresOn: dayOf(new Date(invitation.expires_at), invitation.language),
          },
        });
      });
    },

    /**
     * POST GetApplicationFromJointCode: what the co-applicant needs to start.
     * @throws HttpProblem 404 for an unknown code or one whose joint application is decided; 429 once the
     *   code was looked up JOINT_CODE_LOOKUPS_PER_HOUR times within the hour
     */
    async lookup(code: string): Promise<JointCodeLookupResponse> {
      const row = await findByCode(code);
      if (!row || !canStartJointRound(toDecision(row.decision))) throw notFound();
      const now = clock.now();
      const counted = await db
        .updateTable('joint_invitations')
        .set({
          lookups: sql<number>`case when lookups_since <= ${new Date(now.getTime() - HOUR_MS)} then 1 else lookups + 1 end`,
          lookups_since: sql<Date>`case when lookups_since <= ${new Date(now.getTime() - HOUR_MS)} then ${now} else lookups_since end`,
        })
        .where('application_id', '=', row.application_id)
        .returning('lookups')
        .executeTakeFirstOrThrow();
      if (counted.lookups > JOINT_CODE_LOOKUPS_PER_HOUR) {
        throw new HttpProblem(429, 'This invitation was looked up too often. Try again in an hour.', {
          title: 'Too Many Requests',
        });
      }
      const productIds = (
        typeof row.product_ids === 'string' ? JSON.parse(row.product_ids) : row.product_ids
      ) as string[];
      // The start page says who invited them to what.
      const inviter = (await findApplicantByRole(db, row.application_id, 'primary'))?.applicant.personalInfo;
      return {
        inviterFirstName: inviter?.firstName ?? '',
        inviterLastName: inviter?.lastName ?? '',
        isExpired: isInvitationExpired(new Date(row.expires_at), now),
        productIds,
        jointFirstName: row.first_name,
        jointLastName: row.last_name,
        jointEmail: row.email,
      };
    },

    /** The application a co-applicant's profile joins through the code (see above). */
    applicationOfCode,

    /**
     * POST JointEmailCode: e-mails a 6-digit code to the invited address (the co-applicant enters it on
     * 'Create your profile'); a new code replaces the last one. At most JOINT_EMAIL_CODES_PER_INVITATION.
     * @throws HttpProblem as applicationOfCode; 429 once the invitation has sent its codes
     */
    async sendEmailCode(jointCode: string): Promise<void> {
      const applicationId = await applicationOfCode(jointCode);
      // Minutes of real time, as admitCoApplicant checks them.
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        const sent = await trx
          .updateTable('joint_invitations')
          .set((eb) => ({ email_codes_sent: eb('email_codes_sent', '+', 1) }))
          .where('application_id', '=', applicationId)
          .where('email_codes_sent', '<', JOINT_EMAIL_CODES_PER_INVITATION)
          .returning(['email_codes_sent', 'email', 'first_name', 'language'])
          .executeTakeFirst();
        if (!sent) {
          throw new HttpProblem(429, 'This invitation has sent all its codes.', {
            title: 'Too Many Requests',
            errors: [{ path: 'emailCode', key: 'emailCode.tooMany', message: 'Too many codes were sent.' }],
          });
        }
        // A new code ends the last one.
        const { secret: code } = await issueToken(trx, 'jointEmailCode', {
          applicationId,
          now,
          expiresAt: new Date(now.getTime() + JOINT_EMAIL_CODE_MINUTES * 60_000),
        });
        await mail.queue(trx, {
          key: `joint-email-code:${applicationId}:${sent.email_codes_sent}`,
          applicantId: null,
          to: sent.email,
          template: 'jointEmailCode',
          language: sent.language === 'fr' ? 'fr' : 'en',
          params: { firstName: sent.first_name, code, minutes: JOINT_EMAIL_CODE_MINUTES },
        });
      });
    },

    /**
     * Refuses the co-applicant's submission once their invitation has ended (called inside the claim's
     * transaction, under the application row's lock).
     * @throws HttpProblem 409 (nextPath /error/5)
     */
    async assertOpen(trx: Database, applicationId: string): Promise<void> {
      const invitation = await findInvitation(trx, applicationId);
      if (!invitation || isInvitationExpired(new Date(invitation.expires_at), clock.now())) {
        throw invitationEnded();
      }
    },

    /** True when the co-applicant's legal name is the invited one (else the round is held for review). */
    async isInvitedPerson(
      trx: Database,
      applicationId: string,
      given: { firstName: string; lastName: string },
    ): Promise<boolean> {
      const invitation = await findInvitation(trx, applicationId);
      if (!invitation) return false;
      return isInvitedName({ firstName: invitation.first_name, lastName: invitation.last_name }, given);
    },

    /**
     * Tells the primary how the joint round ended when it ended in the co-applicant's own outcome (never
     * the co-applicant's reason), with the apply-as-single link once the co-applicant's part cannot go on.
     * Called in the transaction that stores the outcome; once per application.
     */
    async tellPrimary(trx: Database, primary: ApplicantContext, decided: Decision): Promise<void> {
      const { application, applicant } = primary;
      const alone = canApplyAsSingle(decided);
      let link: string | null = null;
      if (alone) {
        const now = clock.now();
        const code = links.code('single', application.id, now);
        // The invitation ends here: the sweep sends no second notice, and the link counts its days from now.
        if (!(await hasToken(trx, 'applyAsSingle', { applicationId: application.id }))) {
          const ended = await trx
            .updateTable('joint_invitations')
            .set({ expired_at: now })
            .where('application_id', '=', application.id)
            .returning('application_id')
            .executeTakeFirst();
          if (ended) await issueApplyAsSingle(trx, application.id, applicant.id, code, now);
        }
        link = singleLink(code);
      }
      await mail.queue(trx, {
        key: `joint-round-ended:${application.id}`,
        ...toApplicant(applicant),
        template: 'jointRoundEnded',
        params: {
          firstName: applicant.personalInfo?.firstName ?? '',
          refNo: referenceNumberOf(application, applicant),
          next: alone ? 'applyAlone' : decided.outcome === 'jointComplete' ? 'inPerson' : 'review',
          link,
        },
      });
    },

    /**
     * The sweep: reminds co-applicants two days before their invitation ends, and tells the primary once
     * it has ended (with the apply-as-single link when their part waits for the co-applicant). Each is
     * claimed by a compare-and-set, so a repeated or concurrent sweep sends nothing twice.
     */
    async sweep(): Promise<{ reminded: number; ended: number }> {
      const now = clock.now();
      let reminded = 0;
      let ended = 0;
      const due = await db
        .selectFrom('joint_invitations as j')
        .innerJoin('applications as a', 'a.id', 'j.application_id')
        .selectAll('j')
        .select('a.decision')
        .where('j.expired_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('j.expires_at', '<=', now),
            eb.and([
              eb('j.reminded_at', 'is', null),
              eb('j.expires_at', '<=', new Date(now.getTime() + JOINT_REMINDER_DAYS_BEFORE * DAY_MS)),
            ]),
          ]),
        )
        .execute();
      for (const row of due) {
        const expiresAt = new Date(row.expires_at);
        const decision = toDecision(row.decision);
        const language: Language = row.language === 'fr' ? 'fr' : 'en';
        if (isInvitationExpired(expiresAt, now)) {
          const done = await db.transaction().execute(async (trx) => {
            const claimed = await trx
              .updateTable('joint_invitations')
              .set({ expired_at: now })
              .where('application_id', '=', row.application_id)
              .where('expired_at', 'is', null)
              .returning('application_id')
              .executeTakeFirst();
            if (!claimed || !isAwaitingCoApplicant(decision)) return Boolean(claimed);
            const primary = await findApplicantByRole(trx, row.application_id, 'primary');
            if (!primary) return true;
            const code = links.code('single', row.application_id, now);
            await issueApplyAsSingle(trx, row.application_id, primary.applicant.id, code, now);
            await mail.queue(trx, {
              key: `joint-ended:${row.application_id}`,
              ...toApplicant(primary.applicant),
              template: 'jointExpired',
              params: {
                firstName: primary.applicant.personalInfo?.firstName ?? '',
                link: singleLink(code),
                refNo: referenceNumberOf(primary.application, primary.applicant),
              },
            });
            return true;
          });
          if (done) ended += 1;
        } else if (row.reminded_at === null && now >= invitationReminderAt(expiresAt)) {
          const done = await db.transaction().execute(async (trx) => {
            const claimed = await trx
              .updateTable('joint_invitations')
              .set({ reminded_at: now })
              .where('application_id', '=', row.application_id)
              .where('reminded_at', 'is', null)
              .returning('application_id')
              .executeTakeFirst();
            if (!claimed || !canStartJointRound(decision)) return false;
            const inviter = await findApplicantByRole(trx, row.application_id, 'primary');
            const code = links.code('joint', row.application_id, new Date(row.created_at));
            await mail.queue(trx, {
              key: `joint-reminder:${row.application_id}`,
              applicantId: null,
              to: row.email,
              template: 'jointReminder',
              language,
              params: {
                firstName: row.first_name,
                inviterFirstName: inviter?.applicant.personalInfo?.firstName ?? '',
                link: jointLink(code),
                expiresOn: dayOf(expiresAt, language),
              },
            });
            return true;
          });
          if (done) reminded += 1;
        }
      }
      if (reminded + ended > 0) log.info({ reminded, ended }, 'joint invitations swept');
      return { reminded, ended };
    },

    /**
     * Redeems an apply-as-single link, once, for the primary who confirms with their password: the code
     * alone (a mail scanner following the link) does nothing.
     * @returns the application the primary goes on alone with
     * @throws HttpProblem 404 for a wrong type, an unknown, used or ended code; 400 on a wrong password
     */
    async redeemSingleCode(code: string, type: string, password: string): Promise<string> {
      if (type.toLowerCase() !== APPLY_AS_SINGLE_TYPE) throw notFound();
      const now = clock.now();
      const token = await findLink(db, 'applyAsSingle', code);
      if (!token?.applicationId || !token.applicantId || tokenState(token, now) !== 'live') throw notFound();
      const found = await db
        .selectFrom('applicants')
        .select('password_hash')
        .where('id', '=', token.applicantId)
        .executeTakeFirst();
      if (!found) throw notFound();
      if (!(await verifyPassword(found.password_hash, password))) {
        throw validationProblem([{ path: 'password', key: 'password.wrong' }], config.contactPhone);
      }
      if (!(await consumeToken(db, token.id, now))) throw notFound();
      return token.applicationId;
    },
  };
}

export type JointService = ReturnType<typeof createJointService>;
