/**
 * The decision of an application (POST SaveApplication). A submit claims the decision once (a
 * compare-and-set on the application row, with the job that finishes it sent in the same transaction),
 * then decides while the applicant waits, up to DECISION_WAIT_SECONDS. A decision that outlasts the wait
 * is deferred: the applicant sees the processing page, and the job (or the still-running decision)
 * finishes it and e-mails the result. Every later submit, double click or racing request answers the
 * stored decision; a process that dies mid-decision leaves the job, which decides after the restart.
 *
 * The rules, in priority order: the products' age limits; the block list; the identity result; an
 * existing membership for the e-mail; then the core banking opens the membership (or refuses, or offers a
 * savings account instead). Storing the outcome is itself a compare-and-set, so only one decider's
 * outcome counts, and the core banking makes one member per applicant however often it is asked.
 */
import {
  canAcceptSavingsOffer,
  checkAgeLimits,
  DECIDING,
  flagsOf,
  identityOutcomeOf,
  normalizeBirthDate,
  outcomeReportOf,
  provinceOfAddress,
  saveApplicationRequestSchema,
  type Decision,
  type DecisionOutcome,
  type MembershipResponse,
  type ProductOffering,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import type { BankingProvider, MembershipAnswer } from '../../providers/banking/banking.ts';
import type { Clock } from '../../providers/clock.ts';
import { deleteIdentityDocuments } from '../../providers/documents/sandbox.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { MailService } from '../mail/service.ts';
import type { MailedOutcome } from '../mail/templates.ts';
import { parseOrThrow, STEP_OUT_OF_ORDER, validationProblem } from '../application/problems.ts';
import type { ProgressReader } from '../application/progress.ts';
import { findApplicantContext, toDecision, type ApplicantContext } from '../application/repository.ts';
import { nextPathFor, referenceNumberOf, saveResponseOf } from '../application/view.ts';

/** The queue of decisions to finish: each job decides its application unless it was decided. */
export const DECISION_QUEUE = 'decision.finish';
/** Where a decision job goes once its retries are spent: the decision is stored as failed. */
export const DECISION_FAILED_QUEUE = 'decision.failed';

/** A job finds the decision still waiting for something (the documents' result): retry later. */
export class DecisionNotReady extends Error {
  override name = 'DecisionNotReady';
}

/** A provider gave no answer: retry later. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

/** What the rules concluded: an outcome (with the membership when one was opened), or wait. */
type Verdict = { outcome: DecisionOutcome; membership?: Extract<MembershipAnswer, { status: 'approved' }> };

export interface DecisionServiceDeps {
  db: Database;
  jobs: Jobs;
  mail: Pick<MailService, 'queue'>;
  banking: BankingProvider;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  progress: ProgressReader;
  clock: Clock;
  config: Pick<AppConfig, 'contactPhone' | 'decision'>;
  log: FastifyBaseLogger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A debit card comes with a membership whose first account is a chequing or savings account. */
function ordersDebitCard(first: ProductOffering | undefined): boolean {
  return first?.accountCategory === 'Chequing' || first?.accountCategory === 'Savings';
}

export function createDecisionService(deps: DecisionServiceDeps) {
  const { db, jobs, mail, banking, catalogue, progress, clock, config, log } = deps;
  const waitMs = config.decision.waitSeconds * 1000;

  async function contextOf(applicationId: string): Promise<ApplicantContext | undefined> {
    const row = await db
      .selectFrom('applicants')
      .select('id')
      .where('application_id', '=', applicationId)
      .where('role', '=', 'primary')
      .executeTakeFirst();
    return row ? findApplicantContext(db, row.id) : undefined;
  }

  async function decisionOf(applicationId: string): Promise<Decision | null> {
    const row = await db
      .selectFrom('applications')
      .select('decision')
      .where('id', '=', applicationId)
      .executeTakeFirst();
    return row ? toDecision(row.decision) : null;
  }

  /** Applies the rules in priority order; 'wait' while the documents' result has not come. */
  async function evaluate(context: ApplicantContext): Promise<Verdict | 'wait'> {
    const { applicant, application } = context;
    const read = await progress.read(context);
    const info = applicant.personalInfo;
    if (!info) throw new Error('A submitted application has personal information');
    const birthDate = normalizeBirthDate(info);
    const person = { firstName: info.firstName, lastName: info.lastName, birthDate };

    if (checkAgeLimits(flagsOf(read.facts), birthDate, clock.now(), provinceOfAddress(applicant.address))) {
      return { outcome: 'ageRefused' };
    }
    const blocked = await banking.isBlockListed(person);
    if (!blocked.ok) throw new ProviderUnavailable(blocked.failure.message);
    if (blocked.value) return { outcome: 'blocked' };

    const identity = identityOutcomeOf('single', applicant.identity.status);
    if (identity === 'inPerson') return { outcome: 'inPerson' };
    if (identity === 'wait') return 'wait';
    if (identity === 'incomplete') throw new Error('A submitted application has its identity steps done');

    const member = await banking.hasMembership(applicant.email, applicant.id);
    if (!member.ok) throw new ProviderUnavailable(member.failure.message);
    if (member.value) return { outcome: 'existingMember' };

    const opened = await banking.openMembership({
      applicationId: application.id,
      applicantId: applicant.id,
      email: applicant.email,
      person,
      productIds: application.productIds,
      submittedAt: application.submittedAt ?? clock.now(),
      isSavingsOffer: false,
    });
    if (!opened.ok) throw new ProviderUnavailable(opened.failure.message);
    switch (opened.value.status) {
      case 'approved':
        return { outcome: 'approved', membership: opened.value };
      case 'declined':
        return { outcome: 'declined' };
      case 'savingsOffer':
        return { outcome: 'savingsOffer' };
    }
  }

  /**
   * Stores an outcome unless one was stored (only deciding or pending may be decided, or a savings offer
   * accepted), reports it once, and e-mails the applicant when they were shown the processing page.
   * @returns true when this call stored it
   */
  async function store(
    context: ApplicantContext,
    verdict: Verdict,
    from: readonly Decision['state'][] | 'savingsOffer',
  ): Promise<boolean> {
    const { application, applicant } = context;
    const products = await catalogue.listProducts();
    const opened = verdict.membership?.accounts.map((a) => a.productId) ?? [];
    const decided: Decision = {
      state: 'decided',
      outcome: verdict.outcome,
      primaryCustNo: verdict.membership?.memberNumber ?? null,
      jointCustNo: null,
      openedProductIds: opened,
      debitCardOrdered: ordersDebitCard(products.find((p) => p.productID === opened[0])),
    };
    const stored = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('applications')
        .select('decision')
        .where('id', '=', application.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const current = toDecision(row.decision);
      const allowed =
        from === 'savingsOffer'
          ? canAcceptSavingsOffer(current)
          : current !== null && from.includes(current.state);
      if (!allowed) return false;
      await trx
        .updateTable('applications')
        .set({ decision: JSON.stringify(decided), updated_at: new Date() })
        .where('id', '=', application.id)
        .execute();
      // The application has ended: the photos of the ID and the selfie go with it.
      await deleteIdentityDocuments(trx, application.id);
      const report = outcomeReportOf(verdict.outcome);
      if (report) {
        const reported = await trx
          .insertInto('outcome_reports')
          .values({ application_id: application.id, report })
          .onConflict((oc) => oc.column('application_id').doNothing())
          .returning('application_id')
          .executeTakeFirst();
        // The analytics event of the outcome, once per application.
        if (reported) log.info({ event: 'application-outcome', report }, 'application outcome reported');
      }
      const refNo = referenceNumberOf(application, applicant);
      const firstName = applicant.personalInfo?.firstName ?? '';
      if (verdict.outcome === 'existingMember') {
        await mail.queue(trx, {
          key: `existing-member:${application.id}`,
          applicantId: applicant.id,
          to: applicant.email,
          template: 'existingMember',
          language: applicant.language,
          params: { firstName, refNo },
        });
      } else if (current?.state === 'pending' && from !== 'savingsOffer') {
        await mail.queue(trx, {
          key: `decision:${application.id}`,
          applicantId: applicant.id,
          to: applicant.email,
          template: 'decisionMade',
          language: applicant.language,
          params: {
            firstName,
            outcome: verdict.outcome as MailedOutcome,
            memberNumber: decided.primaryCustNo,
            refNo,
          },
        });
      }
      return true;
    });
    if (stored && verdict.outcome === 'inPerson') await recordIdVerificationRequest(applicant.id);
    return stored;
  }

  /** The in-person ID request of an applicant sent to a branch or post office; a failure is only logged. */
  async function recordIdVerificationRequest(applicantId: string): Promise<void> {
    try {
      await db
        .insertInto('id_verification_requests')
        .values({ id: sql<string>`gen_random_uuid()::text`, applicant_id: applicantId })
        .onConflict((oc) => oc.column('applicant_id').doNothing())
        .execute();
    } catch (error) {
      log.warn({ err: error }, 'the in-person ID request could not be recorded');
    }
  }

  /**
   * Decides an application unless it was decided. While the documents' result has not come, it looks
   * again each second until `until` (a time in ms), then leaves the decision to the job.
   * @returns 'decided' once an outcome is stored (by this call or another), 'waiting' otherwise
   */
  async function decide(applicationId: string, until?: number): Promise<'decided' | 'waiting'> {
    for (;;) {
      const context = await contextOf(applicationId);
      const current = context?.application.decision;
      if (!context || !current || current.state === 'decided') return 'decided';
      const verdict = await evaluate(context);
      if (verdict !== 'wait') {
        await store(context, verdict, ['deciding', 'pending']);
        return 'decided';
      }
      if (until === undefined || Date.now() + 1000 > until) return 'waiting';
      await sleep(1000);
    }
  }

  /** The response of the stored decision, after waiting up to `until` for a decision being taken. */
  async function responseWhenDecided(context: ApplicantContext, until: number): Promise<MembershipResponse> {
    let decision = await decisionOf(context.application.id);
    while (decision?.state === 'deciding' && Date.now() < until) {
      await sleep(100);
      decision = await decisionOf(context.application.id);
    }
    return saveResponseOf(decision ?? DECIDING, context);
  }

  return {
    /**
     * POST SaveApplication: accepts the terms and decides (or answers the decision already taken).
     * @throws HttpProblem 409 (with nextPath) when a step is missing; 400 when the terms are not accepted
     */
    async submit(context: ApplicantContext, body: unknown): Promise<MembershipResponse> {
      const until = Date.now() + waitMs;
      const input = parseOrThrow(saveApplicationRequestSchema, body, config.contactPhone);
      // A decision taken (or being taken) is answered again, never made twice.
      if (context.application.decision) return responseWhenDecided(context, until);

      const read = await progress.read(context);
      const missing = read.progress.steps.filter((s) => s.required && !s.complete && s.id !== 'reviewterms');
      if (missing.length > 0) {
        throw new HttpProblem(
          409,
          `Complete the earlier steps first: ${missing.map((s) => s.id).join(', ')}.`,
          {
            title: STEP_OUT_OF_ORDER,
            nextPath: nextPathFor(read),
          },
        );
      }
      if (flagsOf(read.facts).mFHSA && !input.fhsaDeclaration) {
        throw validationProblem(
          [{ path: 'fhsaDeclaration', key: 'terms.fhsa.required' }],
          config.contactPhone,
        );
      }

      const { application, applicant } = context;
      const claimed = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('applications')
          .set({ decision: JSON.stringify(DECIDING), submitted_at: clock.now(), updated_at: new Date() })
          .where('id', '=', application.id)
          .where('decision', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('applicants')
          .set({ terms_accepted: true, language: input.language, updated_at: new Date() })
          .where('id', '=', applicant.id)
          .execute();
        // Should this process die, the job decides after the wait (and after a restart).
        await jobs.send(
          DECISION_QUEUE,
          { applicationId: application.id },
          { trx, singletonKey: application.id, startAfter: new Date(until + 1000) },
        );
        return true;
      });
      if (!claimed) return responseWhenDecided(context, until);

      const fresh = (await findApplicantContext(db, applicant.id)) ?? context;
      const decided = decide(application.id, until).catch((error: unknown) => {
        // The job retries it; the applicant sees the processing page.
        log.warn({ err: error }, 'the decision failed while the applicant waited; the job retries it');
        return 'waiting' as const;
      });
      const first = await Promise.race([decided, sleep(until - Date.now()).then(() => 'timeout' as const)]);
      if (first !== 'decided') {
        await db
          .updateTable('applications')
          .set({ decision: sql`jsonb_set(decision, '{state}', '"pending"')` })
          .where('id', '=', application.id)
          .where(sql<boolean>`decision->>'state' = 'deciding'`)
          .execute();
      }
      const decision = (await decisionOf(application.id)) ?? DECIDING;
      // No enumeration: an existing membership answers after the same wait as a late decision.
      if (decision.outcome === 'existingMember') await sleep(until - Date.now());
      return saveResponseOf(decision, fresh);
    },

    /** The job's work: decide unless decided; throws to be retried while the result is not ready. */
    async finish(applicationId: string): Promise<void> {
      if ((await decide(applicationId)) === 'waiting') {
        throw new DecisionNotReady('The documents have no result yet');
      }
    },

    /** The dead letter's work: a decision whose retries are spent is stored as failed, and e-mailed. */
    async fail(applicationId: string): Promise<void> {
      const context = await contextOf(applicationId);
      if (context) await store(context, { outcome: 'failed' }, ['deciding', 'pending']);
    },

    /**
     * POST AcceptSavingsOffer: opens a savings account instead of the refused products.
     * @throws HttpProblem 409 (with nextPath) when no savings offer is waiting for an answer
     */
    async acceptSavingsOffer(context: ApplicantContext): Promise<MembershipResponse> {
      const { application, applicant } = context;
      if (!canAcceptSavingsOffer(application.decision)) {
        if (application.decision?.outcome === 'approved') {
          return saveResponseOf(application.decision, context);
        }
        throw new HttpProblem(409, 'No savings account offer is waiting for an answer.', {
          title: STEP_OUT_OF_ORDER,
        });
      }
      const savings = (await catalogue.listProducts()).find(
        (p) => p.accountCategory === 'Savings' && !p.benefit,
      );
      if (!savings) throw new Error('The catalogue holds no savings account to offer');
      const info = applicant.personalInfo!;
      const opened = await banking.openMembership({
        applicationId: application.id,
        applicantId: applicant.id,
        email: applicant.email,
        person: { firstName: info.firstName, lastName: info.lastName, birthDate: normalizeBirthDate(info) },
        productIds: [savings.productID],
        submittedAt: application.submittedAt ?? clock.now(),
        isSavingsOffer: true,
      });
      if (!opened.ok) throw new ProviderUnavailable(opened.failure.message);
      if (opened.value.status === 'approved') {
        await store(context, { outcome: 'approved', membership: opened.value }, 'savingsOffer');
      }
      return saveResponseOf((await decisionOf(application.id)) ?? DECIDING, context);
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
