/**
 * The staff actions and the case view. Every action is checked against packages/domain flows/staff.ts
 * (the role, then the case's state) inside its write transaction, under the application row's lock
 * (lockDecision), and logged in the same transaction: two staff members acting at once are serialised by
 * the lock, and the second finds the state moved on (409). Each action carries the client's request id:
 * the same request sent again is answered without being done twice.
 */
import {
  RESUME_ROUTES,
  accountForDeposit,
  formatAmount,
  productNameIn,
  isStaffActionAllowedFor,
  isStaffActionAllowedOnCase,
  queueReasonOf,
  staffCaseStateOf,
  type Decision,
  type StaffAction,
  type StaffCaseState,
  type StepValues,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SinCipher } from '../../lib/crypto.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import { lockDecision } from '../application/lifecycle.ts';
import {
  findApplicantByRole,
  getSinCiphertext,
  toDecision,
  type ApplicantContext,
} from '../application/repository.ts';
import { referenceNumberOf } from '../application/view.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { DecisionService } from '../decision/service.ts';
import { toApplicant, type MailService } from '../mail/service.ts';
import { issueToken } from '../tokens/service.ts';
import type { AppConfig } from '../../config.ts';
import type { StaffMember } from './auth.ts';
import { dateOnly } from './block-list.ts';
import { appendCaseLog, readCaseLog, wasDone } from './case-log.ts';

export const REFUSED_IN_STATE = 'Not allowed in this state';

export interface StaffServiceDeps {
  db: Database;
  mail: Pick<MailService, 'queue'>;
  decisions: Pick<DecisionService, 'retake' | 'declineByStaff' | 'finish'>;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  sin: SinCipher;
  log: FastifyBaseLogger;
  /** Where the applicant's link back points, and how long it works (a resume link, decision 0068). */
  config: Pick<AppConfig, 'publicUrl' | 'draftRetentionDays'>;
}

/** Who answered staff's question in the case log: the applicant, not a staff member. */
export const applicantActor = (applicantId: string, name: string) => ({
  subject: `applicant:${applicantId}`,
  name,
  role: 'applicant',
  sessionId: 'applicant',
});

/** A deposit as staff saw it arrive: its amount in cents. */
export interface DepositInput {
  amountCents: number;
}

export interface InPersonIdInput {
  idType: string;
  idNumber: string;
  expiry: string;
  issuingProvince: string;
  place: 'branch' | 'postOffice';
  placeName: string;
}

/** What an action answered: the case's state after it, and whether this request had already done it. */
export interface ActionResult {
  state: StaffCaseState;
  repeated: boolean;
}

const mask = (value: string, keep: number) =>
  value.length <= keep
    ? '•'.repeat(value.length)
    : `${'•'.repeat(Math.max(3, value.length - keep))}${value.slice(-keep)}`;

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createStaffService({ db, mail, decisions, catalogue, sin, log, config }: StaffServiceDeps) {
  async function exists(applicationId: string): Promise<void> {
    const row = await db
      .selectFrom('applications')
      .select('id')
      .where('id', '=', applicationId)
      .executeTakeFirst();
    if (!row) throw new HttpProblem(404, 'No application has this id.');
  }

  /**
   * Runs an action: refused for the role (403), repeated (answered), refused in the state (409), else
   * `work` and the log entry, in one transaction under the row's lock.
   * @returns the state after the action, and the decision to finish once committed (if any)
   */
  async function act(
    applicationId: string,
    staff: StaffMember,
    action: StaffAction,
    requestId: string,
    note: string | null,
    work: (
      trx: Database,
      current: Decision | null,
    ) => Promise<{ details?: Record<string, unknown>; retaken?: boolean } | undefined>,
  ): Promise<ActionResult> {
    if (!isStaffActionAllowedFor(action, staff.role)) {
      throw new HttpProblem(
        403,
        `A${staff.role === 'auditor' ? 'n auditor' : ' ' + staff.role} cannot ${action}.`,
      );
    }
    await exists(applicationId);
    let retaken = false;
    const result = await db.transaction().execute(async (trx) => {
      const current = await lockDecision(trx, applicationId);
      const state = staffCaseStateOf(current);
      if (await wasDone(trx, applicationId, action, requestId)) return { state, repeated: true };
      if (!isStaffActionAllowedOnCase(action, state, current?.reviewReason)) {
        throw new HttpProblem(409, `The case is ${state}: ${action} is not allowed.`, {
          title: REFUSED_IN_STATE,
        });
      }
      const done = (await work(trx, current)) ?? {};
      retaken = done.retaken === true;
      await appendCaseLog(trx, {
        applicationId,
        staff,
        action,
        note,
        details: done.details ?? {},
        requestId,
      });
      return { state: staffCaseStateOf(await lockDecision(trx, applicationId)), repeated: false };
    });
    if (retaken) {
      // The decision goes on now; should it fail or wait, the job sent with it finishes it.
      try {
        await decisions.finish(applicationId);
      } catch (error) {
        log.info({ err: error }, 'the decision taken again waits for its job');
      }
      const row = await db
        .selectFrom('applications')
        .select('decision')
        .where('id', '=', applicationId)
        .executeTakeFirstOrThrow();
      return { state: staffCaseStateOf(toDecision(row.decision)), repeated: result.repeated };
    }
    return result;
  }

  /** The applicant whose ID is to be seen in person: the co-applicant when their round sent them. */
  function inPersonRole(current: Decision | null): 'primary' | 'joint' {
    return current?.round === 'joint' && current.outcome === 'inPerson' ? 'joint' : 'primary';
  }

  /** An applicant as staff first see them: personal data masked. */
  function maskedApplicant(context: ApplicantContext) {
    const { applicant, application } = context;
    const info = applicant.personalInfo;
    return {
      role: applicant.role,
      reference: referenceNumberOf(application, applicant),
      name: info ? `${info.firstName} ${info.lastName}` : null,
      email: maskEmail(applicant.email),
      phone: applicant.phoneNumber ? mask(applicant.phoneNumber.replace(/\D/g, ''), 2) : null,
      birthDate: info ? '••••-••-••' : null,
      sin: applicant.sinProvided
        ? `•••-•••-${applicant.sinLast3 ?? '•••'}`
        : applicant.sinSkipped
          ? 'skipped'
          : null,
      city: applicant.address
        ? `${applicant.address.cityName ?? ''}, ${applicant.address.provinceName ?? ''}`
        : null,
      identity: { status: applicant.identity.status },
      language: applicant.language,
    };
  }

  return {
    /** The case: the application with its applicants masked, its documents, decision, e-mails and log. */
    async readCase(applicationId: string) {
      await exists(applicationId);
      const primary = await findApplicantByRole(db, applicationId, 'primary');
      if (!primary) throw new HttpProblem(404, 'No application has this id.');
      const joint = await findApplicantByRole(db, applicationId, 'joint');
      const decision = primary.application.decision;
      const applicantIds = [primary.applicant.id, ...(joint ? [joint.applicant.id] : [])];
      const [documents, emails, snapshots, assignment, invitation, checks, caseLog] = await Promise.all([
        db
          .selectFrom('identity_documents')
          .select(['applicant_id', 'side', 'content_type', 'byte_size'])
          .where('applicant_id', 'in', applicantIds)
          .execute(),
        db
          .selectFrom('email_deliveries')
          .select(['template', 'language', 'sent_at', 'created_at', 'applicant_id'])
          .where('applicant_id', 'in', applicantIds)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('decision_snapshots')
          .select(['round', 'created_at'])
          .where('application_id', '=', applicationId)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('staff_assignments')
          .selectAll()
          .where('application_id', '=', applicationId)
          .executeTakeFirst(),
        db
          .selectFrom('joint_invitations')
          .select(['first_name', 'last_name', 'expires_at', 'expired_at'])
          .where('application_id', '=', applicationId)
          .executeTakeFirst(),
        db
          .selectFrom('in_person_checks')
          .select([
            'applicant_id',
            'id_type',
            'expiry',
            'issuing_province',
            'place',
            'place_name',
            'recorded_by',
            'recorded_at',
          ])
          .where('application_id', '=', applicationId)
          .execute(),
        readCaseLog(db, applicationId),
      ]);
      const roleOf = (id: string | null) => (id === primary.applicant.id ? 'primary' : 'joint');
      return {
        applicationId,
        reference: referenceNumberOf(primary.application, primary.applicant),
        productIds: primary.application.productIds,
        submittedAt: primary.application.submittedAt?.toISOString() ?? null,
        state: staffCaseStateOf(decision),
        reason: queueReasonOf(decision),
        reviewReason: decision?.reviewReason ?? null,
        screeningHits: decision?.screeningHits ?? [],
        decision: decision && {
          state: decision.state,
          round: decision.round,
          outcome: decision.outcome,
          primaryOutcome: decision.primaryOutcome ?? null,
          memberNumber: decision.primaryCustNo,
        },
        question: decision?.asked ?? null,
        assignee: assignment ? { subject: assignment.staff_subject, name: assignment.staff_name } : null,
        applicants: [primary, ...(joint ? [joint] : [])].map(maskedApplicant),
        invitation: invitation && {
          name: `${invitation.first_name} ${invitation.last_name}`,
          expiresAt: new Date(invitation.expires_at).toISOString(),
          ended: invitation.expired_at !== null,
        },
        documents: documents.map((d) => ({
          applicant: roleOf(d.applicant_id),
          side: d.side,
          contentType: d.content_type,
          byteSize: d.byte_size,
        })),
        inPersonChecks: checks.map((c) => ({
          applicant: roleOf(c.applicant_id),
          idType: c.id_type,
          expiry: dateOnly(c.expiry),
          issuingProvince: c.issuing_province,
          place: c.place,
          placeName: c.place_name,
          recordedBy: c.recorded_by,
          recordedAt: new Date(c.recorded_at).toISOString(),
        })),
        decisionHistory: snapshots.map((s) => ({
          round: s.round,
          claimedAt: new Date(s.created_at).toISOString(),
        })),
        emails: emails.map((e) => ({
          applicant: roleOf(e.applicant_id),
          template: e.template,
          language: e.language,
          queuedAt: new Date(e.created_at).toISOString(),
          sentAt: e.sent_at ? new Date(e.sent_at).toISOString() : null,
        })),
        log: caseLog,
      };
    },

    /**
     * Reveals a masked value (the SIN or the date of birth) to a staff member, logged with the reason
     * before it is answered.
     */
    async reveal(
      applicationId: string,
      staff: StaffMember,
      input: { field: 'sin' | 'birthDate'; applicant: 'primary' | 'joint'; reason: string },
    ): Promise<{ value: string | null }> {
      await exists(applicationId);
      const context = await findApplicantByRole(db, applicationId, input.applicant);
      if (!context) throw new HttpProblem(404, 'The application has no such applicant.');
      await appendCaseLog(db, {
        applicationId,
        staff,
        action: 'reveal',
        note: input.reason,
        details: { field: input.field, applicant: input.applicant },
      });
      if (input.field === 'sin') {
        const sealed = await getSinCiphertext(db, context.applicant.id);
        return { value: sealed ? sin.decrypt(sealed, context.applicant.id) : null };
      }
      const info = context.applicant.personalInfo;
      return { value: info ? `${info.dob_year}-${info.dob_month}-${info.dob_day}` : null };
    },

    assign(applicationId: string, staff: StaffMember, requestId: string) {
      return act(applicationId, staff, 'assign', requestId, null, async (trx) => {
        const held = await trx
          .selectFrom('staff_assignments')
          .selectAll()
          .where('application_id', '=', applicationId)
          .executeTakeFirst();
        if (held && held.staff_subject !== staff.subject && staff.role !== 'supervisor') {
          throw new HttpProblem(409, `The case is assigned to ${held.staff_name}.`, {
            title: REFUSED_IN_STATE,
          });
        }
        await trx
          .insertInto('staff_assignments')
          .values({ application_id: applicationId, staff_subject: staff.subject, staff_name: staff.name })
          .onConflict((oc) =>
            oc
              .column('application_id')
              .doUpdateSet({ staff_subject: staff.subject, staff_name: staff.name, assigned_at: new Date() }),
          )
          .execute();
        return { details: held && held.staff_subject !== staff.subject ? { from: held.staff_name } : {} };
      });
    },

    release(applicationId: string, staff: StaffMember, requestId: string) {
      return act(applicationId, staff, 'release', requestId, null, async (trx) => {
        const held = await trx
          .selectFrom('staff_assignments')
          .selectAll()
          .where('application_id', '=', applicationId)
          .executeTakeFirst();
        if (!held) throw new HttpProblem(409, 'The case is not assigned.', { title: REFUSED_IN_STATE });
        if (held.staff_subject !== staff.subject && staff.role !== 'supervisor') {
          throw new HttpProblem(409, `The case is assigned to ${held.staff_name}.`, {
            title: REFUSED_IN_STATE,
          });
        }
        await trx.deleteFrom('staff_assignments').where('application_id', '=', applicationId).execute();
        return { details: { from: held.staff_name } };
      });
    },

    /** The ID seen in person: recorded, the applicant's identity confirmed, the decision taken again. */
    recordInPersonId(applicationId: string, staff: StaffMember, requestId: string, input: InPersonIdInput) {
      return act(applicationId, staff, 'recordInPersonId', requestId, null, async (trx, current) => {
        const context = await findApplicantByRole(trx, applicationId, inPersonRole(current));
        if (!context || !current) throw new HttpProblem(409, 'The application has no applicant to identify.');
        const applicantId = context.applicant.id;
        await trx
          .insertInto('in_person_checks')
          .values({
            applicant_id: applicantId,
            application_id: applicationId,
            id_type: input.idType,
            id_number_ciphertext: sin.encrypt(input.idNumber, `in-person:${applicantId}`),
            expiry: input.expiry,
            issuing_province: input.issuingProvince,
            place: input.place,
            place_name: input.placeName,
            recorded_by: staff.name,
          })
          .execute();
        // Identity confirmed in person: the decision's identity rule passes.
        await trx
          .updateTable('applicants')
          .set({
            identity: sql`jsonb_set(identity, '{status}', '"passed"') || '{"confirmedInPerson": true}'::jsonb`,
            updated_at: new Date(),
          })
          .where('id', '=', applicantId)
          .execute();
        await decisions.retake(trx, applicationId, current, requestId);
        return {
          details: {
            idType: input.idType,
            issuingProvince: input.issuingProvince,
            place: input.place,
            placeName: input.placeName,
          },
          retaken: true,
        };
      });
    },

    /**
     * The documents waiting for a person's look: approved (the decision goes on) or refused with a reason
     * that is e-mailed to the applicant (the decision then sends them to show ID in person).
     */
    reviewDocuments(
      applicationId: string,
      staff: StaffMember,
      requestId: string,
      verdict: { approved: true } | { approved: false; reason: string },
    ) {
      const action = verdict.approved ? 'approveDocuments' : 'refuseDocuments';
      const note = verdict.approved ? null : verdict.reason;
      return act(applicationId, staff, action, requestId, note, async (trx) => {
        const waiting = [];
        for (const role of ['primary', 'joint'] as const) {
          const context = await findApplicantByRole(trx, applicationId, role);
          if (context?.applicant.identity.status === 'documentPending') waiting.push(context);
        }
        if (waiting.length === 0) {
          throw new HttpProblem(409, 'No documents wait for a review.', { title: REFUSED_IN_STATE });
        }
        for (const context of waiting) {
          await trx
            .updateTable('applicants')
            .set({
              // The refusal's reason is kept for the applicant's outcome page.
              identity: verdict.approved
                ? sql`jsonb_set(identity, '{status}', '"documentApproved"')`
                : sql`jsonb_set(identity, '{status}', '"documentDeclined"') || ${JSON.stringify({ documentsRefusedReason: verdict.reason })}::jsonb`,
              updated_at: new Date(),
            })
            .where('id', '=', context.applicant.id)
            .execute();
          if (!verdict.approved) {
            await mail.queue(trx, {
              key: `documents-refused:${context.applicant.id}:${requestId}`,
              ...toApplicant(context.applicant),
              template: 'documentsRefused',
              params: {
                firstName: context.applicant.personalInfo?.firstName ?? '',
                refNo: referenceNumberOf(context.application, context.applicant),
                reason: verdict.reason,
              },
            });
          }
        }
        return { details: { applicants: waiting.map((c) => c.applicant.role) }, retaken: true };
      });
    },

    /**
     * Asks the applicant for something: the question stands over the decision (the case waits on the
     * applicant), and the applicant is e-mailed it in the application's language with a resume link
     * (decision 0068) that brings them back to their outcome page, where they answer.
     */
    askApplicant(applicationId: string, staff: StaffMember, requestId: string, message: string) {
      return act(applicationId, staff, 'askApplicant', requestId, message, async (trx, current) => {
        if (!current) throw new HttpProblem(409, 'The application was not submitted.');
        const role = current.round === 'joint' ? 'joint' : 'primary';
        const context = await findApplicantByRole(trx, applicationId, role);
        if (!context) throw new HttpProblem(409, 'The application has no applicant to ask.');
        const now = new Date();
        const asked: Decision = { ...current, asked: { message, askedAt: now.toISOString() } };
        await trx
          .updateTable('applications')
          .set({ decision: JSON.stringify(asked), updated_at: now })
          .where('id', '=', applicationId)
          .execute();
        const { applicant } = context;
        const { secret } = await issueToken(trx, 'resumeLink', {
          applicationId,
          applicantId: applicant.id,
          now,
          expiresAt: new Date(now.getTime() + config.draftRetentionDays * DAY_MS),
        });
        await mail.queue(trx, {
          key: `staff-question:${applicationId}:${requestId}`,
          ...toApplicant(applicant),
          template: 'staffQuestion',
          params: {
            firstName: applicant.personalInfo?.firstName ?? '',
            refNo: referenceNumberOf(context.application, applicant),
            message,
            link: `${config.publicUrl}${RESUME_ROUTES.open}?token=${secret}`,
            days: config.draftRetentionDays,
          },
        });
        return { details: { applicant: role } };
      });
    },

    /**
     * The applicant answers staff's question: the question ends (the case is back in the state it stood
     * over) and the answer is logged in the case log, in one transaction under the row's lock.
     * @throws HttpProblem 409 when no question waits for an answer
     */
    async answerQuestion(context: ApplicantContext, answer: string): Promise<{ answered: true }> {
      const applicationId = context.application.id;
      await db.transaction().execute(async (trx) => {
        const current = await lockDecision(trx, applicationId);
        if (!current?.asked || current.state !== 'decided') {
          throw new HttpProblem(409, 'No question waits for an answer.', { title: REFUSED_IN_STATE });
        }
        const { asked, ...rest } = current;
        await trx
          .updateTable('applications')
          .set({ decision: JSON.stringify(rest), updated_at: new Date() })
          .where('id', '=', applicationId)
          .execute();
        const info = context.applicant.personalInfo;
        await appendCaseLog(trx, {
          applicationId,
          staff: applicantActor(
            context.applicant.id,
            info ? `${info.firstName} ${info.lastName}` : context.applicant.role,
          ),
          action: 'applicantAnswered',
          note: answer,
          details: { question: asked.message },
        });
      });
      return { answered: true };
    },

    decline(applicationId: string, staff: StaffMember, requestId: string, reason: string) {
      return act(applicationId, staff, 'decline', requestId, reason, async (trx, current) => {
        if (!current) throw new HttpProblem(409, 'The application was not submitted.');
        await decisions.declineByStaff(trx, applicationId, current);
        return {};
      });
    },

    reopen(applicationId: string, staff: StaffMember, requestId: string, reason: string) {
      return act(applicationId, staff, 'reopen', requestId, reason, async (trx, current) => {
        if (!current) throw new HttpProblem(409, 'The application was not submitted.');
        await decisions.retake(trx, applicationId, current, requestId);
        return { retaken: true };
      });
    },
    /**
     * The screening's match is another person: cleared for that applicant (kept on the decision), and the
     * decision taken again. Only a case the screening held; a new match holds it again.
     */
    clearScreeningHit(applicationId: string, staff: StaffMember, requestId: string, reason: string) {
      return act(applicationId, staff, 'clearScreeningHit', requestId, reason, async (trx, current) => {
        if (!current) throw new HttpProblem(409, 'The application was not submitted.');
        await decisions.retake(trx, applicationId, current, requestId, { clearScreeningHits: true });
        const cleared = (current.screeningHits ?? []).map(({ role, matchId }) => ({ role, matchId }));
        return { details: { cleared }, retaken: true };
      });
    },

    /** The opened application whose primary applicant has this member number (the deposit's reference). */
    async findByMemberNumber(memberNumber: string): Promise<string> {
      const row = await db
        .selectFrom('applications')
        .select('id')
        .where(sql<string>`decision->>'primaryCustNo'`, '=', memberNumber)
        .executeTakeFirst();
      if (!row) throw new HttpProblem(404, `No member has the number ${memberNumber}.`);
      return row.id;
    },

    /**
     * An opened member's first deposit arrived: it is recorded on the account it was meant for (rules/
     * deposits.ts), and the first one of the membership is e-mailed to the primary applicant.
     */
    async recordDeposit(applicationId: string, staff: StaffMember, requestId: string, input: DepositInput) {
      // Read before the transaction: the catalogue's own (cached) read.
      const products = await catalogue.listProducts();
      return act(applicationId, staff, 'recordDeposit', requestId, null, async (trx, current) => {
        const context = await findApplicantByRole(trx, applicationId, 'primary');
        const memberNumber = current?.primaryCustNo;
        if (!context || !current || !memberNumber)
          throw new HttpProblem(409, 'The application has no member.');
        const received = await trx
          .selectFrom('deposits')
          .select('product_id')
          .where('application_id', '=', applicationId)
          .execute();
        const funding = (context.applicant.answers.funding as StepValues['funding'] | undefined)?.accounts;
        const awaiting = current.openedProductIds
          .filter((id) => !received.some((r) => r.product_id === id))
          .map(
            (productId) =>
              funding?.find((a) => a.productId === productId) ?? {
                productId,
                method: 'later' as const,
                amountCents: null,
              },
          );
        const account = accountForDeposit(awaiting, input.amountCents);
        if (!account) {
          throw new HttpProblem(409, 'Every account of this member already received its first deposit.', {
            title: REFUSED_IN_STATE,
          });
        }
        await trx
          .insertInto('deposits')
          .values({
            application_id: applicationId,
            product_id: account.productId,
            member_number: memberNumber,
            amount_cents: input.amountCents,
            method: account.method,
            staff_subject: staff.subject,
          })
          .execute();
        if (received.length === 0) {
          const offering = products.find((p) => p.productID === account.productId);
          const { applicant } = context;
          await mail.queue(trx, {
            key: `deposit-received:${applicationId}`,
            ...toApplicant(applicant),
            template: 'depositReceived',
            params: {
              firstName: applicant.personalInfo?.firstName ?? '',
              product: offering ? productNameIn(offering, applicant.language) : account.productId,
              amount: offering
                ? formatAmount(input.amountCents, offering, applicant.language)
                : (input.amountCents / 100).toFixed(2),
              memberNumber,
            },
          });
        }
        return {
          details: { productId: account.productId, amountCents: input.amountCents, method: account.method },
        };
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
