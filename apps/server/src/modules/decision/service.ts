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
  canStartJointRound,
  checkAgeLimits,
  DECIDING,
  decisionSeenBy,
  FLOW_ERROR_ROUTES,
  flagsOf,
  identityOutcomeOf,
  isAwaitingCoApplicant,
  normalizeBirthDate,
  outcomeReportOf,
  provinceOfAddress,
  saveApplicationRequestSchema,
  type Decision,
  type DecisionOutcome,
  type DecisionRound,
  type MembershipResponse,
  type ProductOffering,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import type {
  BankingProvider,
  MembershipAnswer,
  MembershipRequest,
} from '../../providers/banking/banking.ts';
import type { Clock } from '../../providers/clock.ts';
import { deleteIdentityDocuments } from '../../providers/documents/sandbox.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { MailService } from '../mail/service.ts';
import type { MailedOutcome } from '../mail/templates.ts';
import { parseOrThrow, STEP_OUT_OF_ORDER, validationProblem } from '../application/problems.ts';
import type { ProgressReader } from '../application/progress.ts';
import {
  findApplicantByRole,
  toDecision,
  type ApplicantContext,
  type ApplicantRole,
} from '../application/repository.ts';
import { flowOf } from '../application/progress.ts';
import { nextPathFor, referenceNumberOf, saveResponseOf } from '../application/view.ts';
import type { JointService } from '../joint/service.ts';

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
  joint: Pick<JointService, 'invite'>;
  banking: BankingProvider;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  progress: ProgressReader;
  clock: Clock;
  config: Pick<AppConfig, 'contactPhone' | 'decision'>;
  log: FastifyBaseLogger;
  /** A decision was stored (the metrics count it). */
  onDecided?: (outcome: DecisionOutcome, submittedAt: Date | null) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A debit card comes with a membership whose first account is a chequing or savings account. */
function ordersDebitCard(first: ProductOffering | undefined): boolean {
  return first?.accountCategory === 'Chequing' || first?.accountCategory === 'Savings';
}

export function createDecisionService(deps: DecisionServiceDeps) {
  const { db, jobs, mail, joint, banking, catalogue, progress, clock, config, log } = deps;
  const waitMs = config.decision.waitSeconds * 1000;

  const contextOf = (applicationId: string, role: ApplicantRole = 'primary') =>
    findApplicantByRole(db, applicationId, role);

  async function decisionOf(applicationId: string): Promise<Decision | null> {
    const row = await db
      .selectFrom('applications')
      .select('decision')
      .where('id', '=', applicationId)
      .executeTakeFirst();
    return row ? toDecision(row.decision) : null;
  }

  /** The person the core banking knows an applicant as. */
  function personOf({ applicant }: ApplicantContext) {
    const info = applicant.personalInfo;
    if (!info) throw new Error('A submitted application has personal information');
    return { firstName: info.firstName, lastName: info.lastName, birthDate: normalizeBirthDate(info) };
  }

  /**
   * One applicant's checks, in priority order: the products' age limits, the block list, the identity
   * result, an existing membership for the e-mail. Undefined when every check passes; 'wait' while the
   * documents' result has not come.
   */
  async function check(context: ApplicantContext): Promise<Verdict | 'wait' | undefined> {
    const { application, applicant } = context;
    const products = await progress.productsOf(application);
    const person = personOf(context);
    const province = provinceOfAddress(applicant.address);
    if (checkAgeLimits(flagsOf({ products }), person.birthDate, clock.now(), province)) {
      return { outcome: 'ageRefused' };
    }
    const blocked = await banking.isBlockListed(person);
    if (!blocked.ok) throw new ProviderUnavailable(blocked.failure.message);
    if (blocked.value) return { outcome: 'blocked' };

    const identity = identityOutcomeOf(flowOf(applicant).kind, applicant.identity.status);
    if (identity === 'inPerson') return { outcome: 'inPerson' };
    if (identity === 'wait') return 'wait';
    if (identity === 'incomplete') throw new Error('A submitted application has its identity steps done');

    const member = await banking.hasMembership(applicant.email, applicant.id);
    if (!member.ok) throw new ProviderUnavailable(member.failure.message);
    if (member.value) return { outcome: 'existingMember' };
    return undefined;
  }

  /** What the core banking is asked to open: the primary's membership, with the co-applicant's. */
  function membershipRequest(
    primary: ApplicantContext,
    coApplicant: ApplicantContext | undefined,
    productIds: string[],
    isSavingsOffer: boolean,
  ): MembershipRequest {
    return {
      applicationId: primary.application.id,
      applicantId: primary.applicant.id,
      email: primary.applicant.email,
      person: personOf(primary),
      coApplicant: coApplicant && {
        applicantId: coApplicant.applicant.id,
        email: coApplicant.applicant.email,
        person: personOf(coApplicant),
      },
      productIds,
      submittedAt: primary.application.submittedAt ?? clock.now(),
      isSavingsOffer,
    };
  }

  /** Opens the membership (or hears it refused). */
  async function open(primary: ApplicantContext, coApplicant?: ApplicantContext): Promise<Verdict> {
    const request = membershipRequest(primary, coApplicant, primary.application.productIds, false);
    const opened = await banking.openMembership(request);
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
   * Applies the rules of a round; 'wait' while the documents' result has not come.
   * - primary: the primary's checks; with a co-applicant named, their part is complete (they are invited);
   * - joint: the co-applicant's checks; then the membership of both, or joint complete while the primary
   *   still has to show ID in person;
   * - single: the primary alone, as a single application.
   */
  async function evaluate(
    primary: ApplicantContext,
    round: DecisionRound,
  ): Promise<{ verdict: Verdict | 'wait'; coApplicant?: ApplicantContext }> {
    if (round === 'joint') {
      const coApplicant = await contextOf(primary.application.id, 'joint');
      if (!coApplicant) throw new Error('A joint round has a co-applicant');
      const refused = await check(coApplicant);
      if (refused) return { verdict: refused, coApplicant };
      if (primary.application.decision?.primaryOutcome === 'inPerson') {
        return { verdict: { outcome: 'jointComplete' }, coApplicant };
      }
      return { verdict: await open(primary, coApplicant), coApplicant };
    }
    const refused = await check(primary);
    if (refused) return { verdict: refused };
    if (round === 'primary' && primary.applicant.personalInfo?.hasJointApp === 'yes') {
      return { verdict: { outcome: 'primaryComplete' } };
    }
    return { verdict: await open(primary) };
  }

  /**
   * Stores an outcome unless one was stored (only deciding or pending may be decided, or a savings offer
   * accepted), reports it once, invites the co-applicant when the primary's part is done, and e-mails:
   * an existing membership always (never on screen); a late decision to whoever was shown the processing
   * page; the joint round's result to both applicants.
   * @param known the applicants as the caller read them (their answers no longer change once submitted)
   * @returns the decision this call stored, or null when it stored none
   */
  async function store(
    applicationId: string,
    verdict: Verdict,
    from: readonly Decision['state'][] | 'savingsOffer',
    known: { primary?: ApplicantContext | undefined; coApplicant?: ApplicantContext | undefined } = {},
  ): Promise<Decision | null> {
    const primary = known.primary ?? (await contextOf(applicationId, 'primary'));
    if (!primary) return null;
    const products = await catalogue.listProducts();
    const opened = verdict.membership?.accounts.map((a) => a.productId) ?? [];
    let subject = primary;
    let submittedAt: Date | null = null;
    const stored = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('applications')
        .select(['decision', 'submitted_at'])
        .where('id', '=', applicationId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const current = toDecision(row.decision);
      submittedAt = row.submitted_at === null ? null : new Date(row.submitted_at);
      const allowed =
        from === 'savingsOffer'
          ? canAcceptSavingsOffer(current)
          : current !== null && from.includes(current.state);
      if (!allowed || !current) return null;
      // The co-applicant takes part in the joint round only.
      const coApplicant =
        current.round === 'joint'
          ? (known.coApplicant ?? (await findApplicantByRole(trx, applicationId, 'joint')))
          : undefined;
      const decided: Decision = {
        state: 'decided',
        round: current.round,
        primaryOutcome: current.primaryOutcome ?? null,
        outcome: verdict.outcome,
        primaryCustNo: verdict.membership?.memberNumber ?? null,
        jointCustNo: verdict.membership?.jointMemberNumber ?? null,
        openedProductIds: opened,
        debitCardOrdered: ordersDebitCard(products.find((p) => p.productID === opened[0])),
      };
      await trx
        .updateTable('applications')
        .set({ decision: JSON.stringify(decided), updated_at: new Date() })
        .where('id', '=', applicationId)
        .execute();
      // Once decided, the photos of the ID and the selfie are not needed: they go with the decision.
      await deleteIdentityDocuments(trx, applicationId);
      const report = outcomeReportOf(verdict.outcome);
      if (report) {
        const reported = await trx
          .insertInto('outcome_reports')
          .values({ application_id: applicationId, report })
          .onConflict((oc) => oc.column('application_id').doNothing())
          .returning('application_id')
          .executeTakeFirst();
        // The analytics event of the outcome, once per application.
        if (reported) log.info({ event: 'application-outcome', report }, 'application outcome reported');
      }
      if (current.round === 'joint' && coApplicant) subject = coApplicant;
      const mailDecision = async (to: ApplicantContext, memberNumber: string | null) => {
        const { applicant } = to;
        await mail.queue(trx, {
          key: `decision:${applicationId}:${current.round}:${applicant.id}`,
          applicantId: applicant.id,
          to: applicant.email,
          template: 'decisionMade',
          language: applicant.language,
          params: {
            firstName: applicant.personalInfo?.firstName ?? '',
            outcome: verdict.outcome as MailedOutcome,
            memberNumber,
            refNo: referenceNumberOf(to.application, applicant),
          },
        });
      };
      const settled = decisionSeenBy('primary', decided)?.round === 'joint';
      if (verdict.outcome === 'existingMember') {
        await mail.queue(trx, {
          key: `existing-member:${subject.applicant.id}`,
          applicantId: subject.applicant.id,
          to: subject.applicant.email,
          template: 'existingMember',
          language: subject.applicant.language,
          params: {
            firstName: subject.applicant.personalInfo?.firstName ?? '',
            refNo: referenceNumberOf(subject.application, subject.applicant),
          },
        });
      } else if (current.round === 'primary' && ['primaryComplete', 'inPerson'].includes(verdict.outcome)) {
        await joint.invite(trx, primary);
        if (verdict.outcome === 'inPerson' && current.state === 'pending') {
          await mailDecision(primary, null);
        }
      } else if (from === 'savingsOffer') {
        // The applicant accepted on screen: nothing to e-mail.
      } else if (settled && coApplicant) {
        await mailDecision(primary, decided.primaryCustNo);
        await mailDecision(coApplicant, decided.jointCustNo);
      } else if (current.state === 'pending') {
        await mailDecision(subject, decided.primaryCustNo);
      }
      return decided;
    });
    if (stored && verdict.outcome === 'inPerson') await recordIdVerificationRequest(subject.applicant.id);
    if (stored) deps.onDecided?.(verdict.outcome, submittedAt);
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
   * @param claimed the primary's context as the claim left it (read again after a wait)
   * @returns the decision once this call stored it, 'decided' once another did, 'waiting' otherwise
   */
  async function decide(
    applicationId: string,
    until?: number,
    claimed?: ApplicantContext,
  ): Promise<Decision | 'decided' | 'waiting'> {
    let known = claimed;
    for (;;) {
      const context = known ?? (await contextOf(applicationId));
      known = undefined;
      const current = context?.application.decision;
      if (!context || !current || current.state === 'decided') return 'decided';
      const { verdict, coApplicant } = await evaluate(context, current.round);
      if (verdict !== 'wait') {
        const stored = await store(applicationId, verdict, ['deciding', 'pending'], {
          primary: context,
          coApplicant,
        });
        return stored ?? 'decided';
      }
      if (until === undefined || Date.now() + 1000 > until) return 'waiting';
      await sleep(1000);
    }
  }

  /**
   * The response of the decision as this applicant sees it, after waiting up to `until` for a decision
   * being taken.
   */
  async function responseWhenDecided(context: ApplicantContext, until: number): Promise<MembershipResponse> {
    const role = context.applicant.role;
    let decision = decisionSeenBy(role, await decisionOf(context.application.id));
    while (decision?.state === 'deciding' && Date.now() < until) {
      await sleep(100);
      decision = decisionSeenBy(role, await decisionOf(context.application.id));
    }
    return saveResponseOf(decision ?? DECIDING, context);
  }

  /**
   * Claims the decision for a round (a compare-and-set under a row lock) and sends the job that finishes
   * it, in one transaction; `during` adds the round's own writes to it.
   * @returns the claimed decision, or null when the decision was not in a state this round may claim
   */
  async function claim(
    applicationId: string,
    round: DecisionRound,
    allowed: (current: Decision | null) => boolean,
    startAfter: Date,
    during: (trx: Database) => Promise<void> = async () => {},
  ): Promise<{ decision: Decision; submittedAt: Date } | null> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('applications')
        .select('decision')
        .where('id', '=', applicationId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const current = toDecision(row.decision);
      if (!allowed(current)) return null;
      const next: Decision = { ...DECIDING, round, primaryOutcome: current?.outcome ?? null };
      const submittedAt = clock.now();
      await trx
        .updateTable('applications')
        .set({ decision: JSON.stringify(next), submitted_at: submittedAt, updated_at: new Date() })
        .where('id', '=', applicationId)
        .execute();
      await during(trx);
      // Should this process die, the job decides after the wait (and after a restart).
      await jobs.send(
        DECISION_QUEUE,
        { applicationId },
        { trx, singletonKey: `${applicationId}:${round}`, startAfter },
      );
      return { decision: next, submittedAt };
    });
  }

  /**
   * Decides a claimed decision while the applicant waits (until `until`); past it, the decision is
   * deferred (pending) and the job finishes it.
   */
  async function decideWhileWaiting(
    applicationId: string,
    until: number,
    claimed?: ApplicantContext,
  ): Promise<Decision> {
    const decided = decide(applicationId, until, claimed).catch((error: unknown) => {
      // The job retries it; the applicant sees the processing page.
      log.warn({ err: error }, 'the decision failed while the applicant waited; the job retries it');
      return 'waiting' as const;
    });
    const first = await Promise.race([decided, sleep(until - Date.now()).then(() => 'timeout' as const)]);
    if (first === 'waiting' || first === 'timeout') {
      await db
        .updateTable('applications')
        .set({ decision: sql`jsonb_set(decision, '{state}', '"pending"')` })
        .where('id', '=', applicationId)
        .where(sql<boolean>`decision->>'state' = 'deciding'`)
        .execute();
    }
    // The decision this request stored is the one stored: an outcome never changes once stored.
    const decision = typeof first === 'object' ? first : ((await decisionOf(applicationId)) ?? DECIDING);
    // No enumeration: an existing membership answers after the same wait as a late decision.
    if (decision.outcome === 'existingMember') await sleep(until - Date.now());
    return decision;
  }

  return {
    /**
     * POST SaveApplication (the primary) and SaveJointApplication (the co-applicant): accepts the terms
     * and decides the applicant's round (or answers the decision already taken).
     * @param submitter the applicant the call is for: the session's must be that one
     * @throws HttpProblem 409 (with nextPath) when a step is missing or the invitation has ended; 400 when
     *   the terms are not accepted
     */
    async submit(
      context: ApplicantContext,
      body: unknown,
      submitter: ApplicantRole,
    ): Promise<MembershipResponse> {
      const until = Date.now() + waitMs;
      const input = parseOrThrow(saveApplicationRequestSchema, body, config.contactPhone);
      const { application, applicant } = context;
      const role = applicant.role;
      if (role !== submitter) {
        throw new HttpProblem(
          409,
          role === 'joint'
            ? 'The co-applicant submits the joint application (SaveJointApplication).'
            : 'The primary applicant submits with SaveApplication.',
          { title: STEP_OUT_OF_ORDER },
        );
      }
      // A decision taken (or being taken) is answered again, never made twice.
      if (decisionSeenBy(role, application.decision)) return responseWhenDecided(context, until);

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

      const round: DecisionRound = role === 'joint' ? 'joint' : 'primary';
      const claimed = await claim(
        application.id,
        round,
        round === 'joint' ? canStartJointRound : (current) => current === null,
        new Date(until + 1000),
        async (trx) => {
          await trx
            .updateTable('applicants')
            .set({ terms_accepted: true, language: input.language, updated_at: new Date() })
            .where('id', '=', applicant.id)
            .execute();
        },
      );
      if (claimed === null) {
        if (round === 'joint' && !decisionSeenBy(role, await decisionOf(application.id))) {
          // The primary went on alone: the invitation has ended.
          throw new HttpProblem(409, 'The invitation has ended.', {
            title: STEP_OUT_OF_ORDER,
            nextPath: FLOW_ERROR_ROUTES.jointExpired,
          });
        }
        return responseWhenDecided(context, until);
      }
      // The primary's context as the claim left it: the decision starts from it without reading it again.
      const primary =
        role === 'primary'
          ? {
              application: { ...application, decision: claimed.decision, submittedAt: claimed.submittedAt },
              applicant: { ...applicant, termsAccepted: true, language: input.language },
            }
          : undefined;
      return saveResponseOf(
        decisionSeenBy(role, await decideWhileWaiting(application.id, until, primary)) ?? DECIDING,
        context,
      );
    },

    /**
     * POST ApplyAsSingle: the primary of a joint application whose co-applicant did not come goes on alone
     * (claimed once from primary complete; a second call answers the decision taken).
     * @returns the primary's applicant id (the route issues their session) and the response
     */
    async submitAlone(applicationId: string): Promise<{ applicantId: string; response: MembershipResponse }> {
      const until = Date.now() + waitMs;
      const primary = await contextOf(applicationId);
      if (!primary) throw new HttpProblem(404, 'No application matches this link.', { title: 'Not Found' });
      const claimed = await claim(applicationId, 'single', isAwaitingCoApplicant, new Date(until + 1000));
      const decision = claimed
        ? await decideWhileWaiting(applicationId, until, {
            application: {
              ...primary.application,
              decision: claimed.decision,
              submittedAt: claimed.submittedAt,
            },
            applicant: primary.applicant,
          })
        : ((await decisionOf(applicationId)) ?? DECIDING);
      return {
        applicantId: primary.applicant.id,
        response: saveResponseOf(decisionSeenBy('primary', decision) ?? DECIDING, primary),
      };
    },

    /** The job's work: decide unless decided; throws to be retried while the result is not ready. */
    async finish(applicationId: string): Promise<void> {
      if ((await decide(applicationId)) === 'waiting') {
        throw new DecisionNotReady('The documents have no result yet');
      }
    },

    /** The dead letter's work: a decision whose retries are spent is stored as failed, and e-mailed. */
    async fail(applicationId: string): Promise<void> {
      await store(applicationId, { outcome: 'failed' }, ['deciding', 'pending']);
    },

    /**
     * POST AcceptSavingsOffer: opens a savings account instead of the refused products.
     * @throws HttpProblem 409 (with nextPath) when no savings offer is waiting for an answer
     */
    async acceptSavingsOffer(context: ApplicantContext): Promise<MembershipResponse> {
      const { application, applicant } = context;
      const seen = decisionSeenBy(applicant.role, application.decision);
      if (!canAcceptSavingsOffer(seen)) {
        if (seen?.outcome === 'approved') return saveResponseOf(seen, context);
        throw new HttpProblem(409, 'No savings account offer is waiting for an answer.', {
          title: STEP_OUT_OF_ORDER,
        });
      }
      const savings = (await catalogue.listProducts()).find(
        (p) => p.accountCategory === 'Savings' && !p.benefit,
      );
      if (!savings) throw new Error('The catalogue holds no savings account to offer');
      const primary = applicant.role === 'primary' ? context : await contextOf(application.id);
      if (!primary) throw new Error('An application has its primary applicant');
      const coApplicant =
        application.decision?.round === 'joint' ? await contextOf(application.id, 'joint') : undefined;
      const opened = await banking.openMembership(
        membershipRequest(primary, coApplicant, [savings.productID], true),
      );
      if (!opened.ok) throw new ProviderUnavailable(opened.failure.message);
      if (opened.value.status === 'approved') {
        await store(application.id, { outcome: 'approved', membership: opened.value }, 'savingsOffer');
      }
      return saveResponseOf(
        decisionSeenBy(applicant.role, await decisionOf(application.id)) ?? DECIDING,
        context,
      );
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
