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
  canApplyAsSingle,
  canStartJointRound,
  checkAgeLimits,
  DECIDING,
  decisionSeenBy,
  FLOW_ERROR_ROUTES,
  flagsOf,
  formatAmount,
  productNameIn,
  identityOutcomeOf,
  findCountry,
  isCoApplicantOutcome,
  membershipRequestOf,
  isClearedScreeningMatch,
  screeningHitsOf,
  type ScreeningHit,
  type ReviewReason,
  normalizeBirthDate,
  ordersDebitCard,
  outcomeReportOf,
  provinceOfAddress,
  saveApplicationRequestSchema,
  type Decision,
  type DecisionOutcome,
  type DecisionRound,
  type MembershipResponse,
  type ProductOffering,
  type StepValues,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type QueryCreator } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type {
  BankingProvider,
  MembershipAnswer,
  MembershipRequest,
} from '../../providers/banking/banking.ts';
import { membershipAnswersOf } from './membership.ts';
import type { ScreeningProvider } from '../../providers/screening/screening.ts';
import type { Clock } from '../../providers/clock.ts';
import type { DocumentVerificationProvider } from '../../providers/documents/documents.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { toApplicant, type MailService } from '../mail/service.ts';
import type { FundingLine, MailedOutcome } from '../mail/templates.ts';
import { parseOrThrow, STEP_OUT_OF_ORDER, validationProblem } from '../application/problems.ts';
import type { ProgressReader } from '../application/progress.ts';
import {
  findApplicantByRole,
  findApplicantContext,
  toDecision,
  type ApplicantContext,
  type ApplicantRole,
} from '../application/repository.ts';
import { flowOf } from '../application/progress.ts';
import { nextPathFor, referenceNumberOf, saveResponseOf } from '../application/view.ts';
import type { JointService } from '../joint/service.ts';
import type { IdentityService } from '../identity/service.ts';
import { lockDecision, type Lifecycle } from '../application/lifecycle.ts';
import type { DB, DecisionSnapshotJson } from '../../db/schema.ts';
import type { AnswerDigests } from '../../lib/crypto.ts';

/** The queue of decisions to finish: each job decides its application unless it was decided. */
export const DECISION_QUEUE = 'decision.finish';
/** Where a decision job goes once its retries are spent: the decision is stored as failed. */
export const DECISION_FAILED_QUEUE = 'decision.failed';

/** A job finds the decision still waiting for something (the documents' result): retry later. */
class DecisionNotReady extends Error {
  override name = 'DecisionNotReady';
}

/** The answers an identity result was computed from changed: the claim is refused. */
class IdentityLapsed extends Error {
  override name = 'IdentityLapsed';
}

/**
 * A provider gave no answer (or the core refused the request): retry later. `source` names the partners
 * whose failures put the decision in the retrying state, then in the staff queue once retries are spent.
 */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
  constructor(
    message: string,
    readonly source?: 'coreBanking' | 'screening',
  ) {
    super(message);
  }
}

/** What the rules concluded: an outcome (with the membership when one was opened), or wait. */
type Verdict = {
  outcome: DecisionOutcome;
  membership?: Extract<MembershipAnswer, { status: 'approved' }>;
  /** Why staff decide it (heldForReview). */
  reviewReason?: ReviewReason;
  /** The screening matches that held it (screeningHit). */
  screeningHits?: ScreeningHit[];
};

/**
 * The keyed digest of an e-mail address (trimmed, lower-cased) by which staff find a submitted application:
 * written here when a round is claimed (application_email_digests), looked up by the staff queue's search.
 */
export function emailSearchDigest(digests: AnswerDigests, email: string): string {
  return digests.digest(['staff-search-email', email.trim().toLowerCase()]);
}

interface DecisionServiceDeps {
  db: Database;
  jobs: Jobs;
  mail: Pick<MailService, 'queue'>;
  joint: Pick<JointService, 'invite' | 'assertOpen' | 'isInvitedPerson' | 'tellPrimary'>;
  banking: BankingProvider;
  screening: ScreeningProvider;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  progress: ProgressReader;
  identity: Pick<IdentityService, 'lapseIfChanged' | 'isBoundToAnswers'>;
  lifecycle: Pick<Lifecycle, 'assert' | 'guard'>;
  clock: Clock;
  documents: Pick<DocumentVerificationProvider, 'deleteCaptures'>;
  config: Pick<AppConfig, 'contactPhone' | 'decision' | 'coreBanking' | 'screening'>;
  log: FastifyBaseLogger;
  /** The keyed digest of an e-mail address for the staff search (written when a round is claimed). */
  searchDigest?: (email: string) => string;
  /** A decision was stored (the metrics count it). */
  onDecided?: (outcome: DecisionOutcome, submittedAt: Date | null) => void;
}

/** The opened accounts' first deposits as the welcome e-mail states them, in the applicant's language. */
function fundingLinesOf(
  applicant: ApplicantContext['applicant'],
  opened: readonly string[],
  products: readonly ProductOffering[],
): FundingLine[] {
  const accounts = (applicant.answers.funding as StepValues['funding'] | undefined)?.accounts ?? [];
  return accounts.flatMap((account) => {
    const product = products.find((p) => p.productID === account.productId);
    if (!product || !opened.includes(account.productId)) return [];
    return [
      {
        product: productNameIn(product, applicant.language),
        method: account.method,
        amount:
          account.amountCents === null
            ? null
            : formatAmount(account.amountCents, product, applicant.language),
      },
    ];
  });
}

/** What a submission answers: the response, and the decision as the submitter sees it. */
export interface Submitted {
  response: MembershipResponse;
  decision: Decision | null;
}

/** The applicants of a round as the claim froze them. */
interface Frozen {
  primary: ApplicantContext;
  coApplicant?: ApplicantContext;
}

/** An applicant context read back from JSON (its dates were written as ISO strings). */
function reviveContext(raw: unknown): ApplicantContext {
  const { application, applicant } = raw as ApplicantContext;
  const date = (v: unknown) => new Date(v as string);
  return {
    application: {
      ...application,
      decision: toDecision(application.decision),
      submittedAt: application.submittedAt === null ? null : date(application.submittedAt),
      createdAt: date(application.createdAt),
      updatedAt: date(application.updatedAt),
    },
    applicant: { ...applicant, createdAt: date(applicant.createdAt), updatedAt: date(applicant.updatedAt) },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function createDecisionService(deps: DecisionServiceDeps) {
  const {
    db,
    jobs,
    mail,
    joint,
    banking,
    screening,
    catalogue,
    progress,
    identity,
    lifecycle,
    clock,
    config,
    log,
  } = deps;
  const { documents } = deps;
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

  /** Stores a decision taken; once decided, the photos of the ID and the selfie go with it. */
  async function storeDecided(trx: Database, applicationId: string, decided: Decision): Promise<void> {
    await trx
      .updateTable('applications')
      .set({ decision: JSON.stringify(decided), updated_at: new Date() })
      .where('id', '=', applicationId)
      .execute();
    await documents.deleteCaptures(trx, applicationId);
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

    // Sanctions screening: a match at or above the threshold is for staff, never opened or refused here.
    const screened = await screening.screen({
      ...person,
      middleName: applicant.personalInfo?.middleName,
      country: findCountry(applicant.address?.country)?.code ?? 'CA',
    });
    if (!screened.ok) throw new ProviderUnavailable(screened.failure.message, 'screening');
    // A match staff cleared as another person no longer holds this applicant.
    const hits = screeningHitsOf(screened.value, config.screening.threshold).filter(
      (m) => !isClearedScreeningMatch(application.decision, applicant.role, m.id),
    );
    const [hit] = hits;
    if (hit) {
      log.warn(
        {
          event: 'screening-hit',
          role: applicant.role,
          provider: screening.name,
          matchId: hit.id,
          score: hit.score,
          threshold: config.screening.threshold,
        },
        'application held for staff review: the sanctions screening matched the applicant',
      );
      return {
        outcome: 'heldForReview',
        reviewReason: 'screeningHit',
        screeningHits: hits.map((m) => ({
          role: applicant.role,
          matchId: m.id,
          caption: m.caption,
          score: m.score,
          datasets: m.datasets,
        })),
      };
    }

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
  async function membershipRequest(
    primary: ApplicantContext,
    coApplicant: ApplicantContext | undefined,
    products: ProductOffering[],
  ): Promise<MembershipRequest> {
    const sins = {
      primary: await progress.sinOf(primary.applicant),
      coApplicant: coApplicant ? await progress.sinOf(coApplicant.applicant) : null,
    };
    const submittedAt = primary.application.submittedAt ?? clock.now();
    return membershipRequestOf(membershipAnswersOf({ primary, coApplicant }, sins, submittedAt), {
      branchCode: config.coreBanking.branchCode,
      products,
    });
  }

  /** The savings account offered instead of refused products. */
  async function savingsOffered(): Promise<ProductOffering> {
    const savings = (await catalogue.listProducts()).find(
      (p) => p.accountCategory === 'Savings' && !p.benefit,
    );
    if (!savings) throw new Error('The catalogue holds no savings account to offer');
    return savings;
  }

  /** Opens the membership (or hears it refused); the savings account offered once it was accepted. */
  async function open(primary: ApplicantContext, coApplicant?: ApplicantContext): Promise<Verdict> {
    const isSavingsOffer = primary.application.decision?.offerAccepted === true;
    const products = isSavingsOffer
      ? [await savingsOffered()]
      : await progress.productsOf(primary.application);
    const request = await membershipRequest(primary, coApplicant, products);
    const opened = await banking.openMembership(request);
    if (!opened.ok) throw new ProviderUnavailable(opened.failure.message, 'coreBanking');
    switch (opened.value.status) {
      case 'approved':
        return { outcome: 'approved', membership: opened.value };
      case 'declined':
        return { outcome: 'declined' };
      case 'savingsOffer':
        // A savings account refused in turn is a refusal.
        return { outcome: isSavingsOffer ? 'declined' : 'savingsOffer' };
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
    frozenCoApplicant?: ApplicantContext,
  ): Promise<{ verdict: Verdict | 'wait'; coApplicant?: ApplicantContext }> {
    if (primary.application.decision?.offerAccepted) {
      const coApplicant = round === 'joint' ? frozenCoApplicant : undefined;
      return { verdict: await open(primary, coApplicant), ...(coApplicant ? { coApplicant } : {}) };
    }
    if (round === 'joint') {
      const coApplicant = frozenCoApplicant ?? (await contextOf(primary.application.id, 'joint'));
      if (!coApplicant) throw new Error('A joint round has a co-applicant');
      const refused = await check(coApplicant);
      if (refused) return { verdict: refused, coApplicant };
      // The co-applicant must be the person invited: another legal name waits for the staff's review.
      if (!(await joint.isInvitedPerson(db, primary.application.id, personOf(coApplicant)))) {
        return { verdict: { outcome: 'heldForReview', reviewReason: 'coApplicantName' }, coApplicant };
      }
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
   * accepted), reports it once, invites the co-applicant when the primary's part is done, and e-mails
   * every outcome: an existing membership (never on screen), the outcome to its applicant, the joint
   * round's result to both applicants.
   * @param known the applicants as the caller read them (their answers no longer change once submitted)
   * @returns the decision this call stored, or null when it stored none
   */
  async function store(
    applicationId: string,
    verdict: Verdict,
    from: readonly Decision['state'][],
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
      if (current === null || !from.includes(current.state)) return null;
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
        ...(current.offerAccepted ? { offerAccepted: true } : {}),
        ...(verdict.reviewReason ? { reviewReason: verdict.reviewReason } : {}),
        ...(verdict.screeningHits ? { screeningHits: verdict.screeningHits } : {}),
        ...(current.clearedScreeningMatches
          ? { clearedScreeningMatches: current.clearedScreeningMatches }
          : {}),
      };
      await storeDecided(trx, applicationId, decided);
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
          // One e-mail per outcome of a round: a decision taken again (ID seen in person) has its own.
          key: `decision:${applicationId}:${current.round}:${verdict.outcome}${current.offerAccepted ? ':offer' : ''}:${applicant.id}`,
          ...toApplicant(applicant),
          template: 'decisionMade',
          params: {
            firstName: applicant.personalInfo?.firstName ?? '',
            outcome: verdict.outcome as MailedOutcome,
            memberNumber,
            refNo: referenceNumberOf(to.application, applicant),
            ...(verdict.outcome === 'approved' && applicant.role === 'primary'
              ? { funding: fundingLinesOf(applicant, opened, products) }
              : {}),
          },
        });
      };
      const settled = decisionSeenBy('primary', decided)?.round === 'joint';
      if (verdict.outcome === 'existingMember') {
        await mail.queue(trx, {
          key: `existing-member:${subject.applicant.id}`,
          ...toApplicant(subject.applicant),
          template: 'existingMember',
          params: {
            firstName: subject.applicant.personalInfo?.firstName ?? '',
            refNo: referenceNumberOf(subject.application, subject.applicant),
          },
        });
      } else if (current.round === 'primary' && ['primaryComplete', 'inPerson'].includes(verdict.outcome)) {
        await joint.invite(trx, primary);
        if (verdict.outcome === 'inPerson') await mailDecision(primary, null);
      } else if (settled && coApplicant) {
        await mailDecision(primary, decided.primaryCustNo);
        await mailDecision(coApplicant, decided.jointCustNo);
      } else {
        // Every outcome is e-mailed, shown on screen or not: the applicant keeps what it says.
        await mailDecision(subject, decided.primaryCustNo);
      }
      // The primary learns how the joint round ended whatever the co-applicant's outcome (never why).
      if (isCoApplicantOutcome(decided)) await joint.tellPrimary(trx, primary, decided);
      return decided;
    });
    if (stored && verdict.outcome === 'inPerson') await recordIdVerificationRequest(subject.applicant.id);
    if (stored) deps.onDecided?.(verdict.outcome, submittedAt);
    return stored;
  }

  /**
   * A decision the core banking or the screening failed is retrying (the applicant's state 'retrying'):
   * the count of failures is kept on the undecided decision; the job retries it with its backoff.
   */
  async function markRetrying(applicationId: string, error: unknown): Promise<void> {
    if (!(error instanceof ProviderUnavailable) || !error.source) return;
    await db
      .updateTable('applications')
      .set({
        decision: sql`jsonb_set(decision, '{retrying}', jsonb_build_object('reason', ${error.source}::text, 'failures', coalesce((decision->'retrying'->>'failures')::int, 0) + 1))`,
      })
      .where('id', '=', applicationId)
      .where(sql<boolean>`decision->>'state' in ('deciding', 'pending')`)
      .execute();
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
   * @param claimed the round's applicants as the claim froze them (read again after a wait)
   * @returns the decision once this call stored it, 'decided' once another did, 'waiting' otherwise
   */
  async function decide(
    applicationId: string,
    until?: number,
    claimed?: Frozen,
  ): Promise<Decision | 'decided' | 'waiting'> {
    for (let known = claimed; ; known = undefined) {
      // A decision stored meanwhile (the job of one decided while its applicant waited) reads no answers.
      if (!known) {
        const stored = await decisionOf(applicationId);
        if (!stored || stored.state === 'decided') return 'decided';
      }
      const live = known?.primary ?? (await contextOf(applicationId));
      const current = live?.application.decision;
      if (!live || !current || current.state === 'decided') return 'decided';
      // The rules read the answers as the claim froze them; the documents' result is read live.
      const frozen = known ?? (await snapshotOf(applicationId, current.round));
      const context = frozen ? withLiveIdentity(frozen.primary, live) : live;
      const coApplicant =
        frozen?.coApplicant && (known ? frozen.coApplicant : await withLiveIdentityOf(frozen.coApplicant));
      const evaluated = await evaluate(context, current.round, coApplicant);
      const { verdict } = evaluated;
      if (verdict !== 'wait') {
        const stored = await store(applicationId, verdict, ['deciding', 'pending'], {
          primary: context,
          coApplicant: evaluated.coApplicant,
        });
        return stored ?? 'decided';
      }
      if (until === undefined || Date.now() + 1000 > until) return 'waiting';
      await sleep(1000);
    }
  }

  /** Writes, in the claim's transaction, the answers the round's decision will be taken from. */
  async function freeze(trx: Database, applicationId: string, round: DecisionRound): Promise<Frozen> {
    const primary = await findApplicantByRole(trx, applicationId, 'primary');
    if (!primary) throw new Error('An application has its primary applicant');
    const coApplicant =
      round === 'joint' ? await findApplicantByRole(trx, applicationId, 'joint') : undefined;
    const frozen: Frozen = { primary, ...(coApplicant ? { coApplicant } : {}) };
    const snapshot = (db: QueryCreator<DB>) =>
      db
        .insertInto('decision_snapshots')
        .values({ application_id: applicationId, round, snapshot: JSON.stringify(frozen) })
        .onConflict((oc) => oc.columns(['application_id', 'round']).doNothing());
    // Staff find a submitted application by its applicants' e-mail addresses through keyed digests,
    // written with the snapshot in one statement.
    if (deps.searchDigest) {
      const digests = [primary, coApplicant].flatMap((c) =>
        c ? [{ digest: deps.searchDigest!(c.applicant.email), application_id: applicationId }] : [],
      );
      await trx
        .with('snapshot', snapshot)
        .insertInto('application_email_digests')
        .values(digests)
        .onConflict((oc) => oc.columns(['digest', 'application_id']).doNothing())
        .execute();
    } else {
      await snapshot(trx).execute();
    }
    return frozen;
  }

  /** The answers a round's decision is taken from, or undefined for a claim made before snapshots. */
  async function snapshotOf(applicationId: string, round: DecisionRound): Promise<Frozen | undefined> {
    const row = await db
      .selectFrom('decision_snapshots')
      .select('snapshot')
      .where('application_id', '=', applicationId)
      .where('round', '=', round)
      .executeTakeFirst();
    if (!row) return undefined;
    const raw = (
      typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot
    ) as DecisionSnapshotJson;
    const primary = reviveContext(raw.primary);
    return raw.coApplicant ? { primary, coApplicant: reviveContext(raw.coApplicant) } : { primary };
  }

  /**
   * A frozen applicant with the live decision and identity state: the documents' result arrives after the
   * claim, from the provider, and is the one answer that may still move.
   */
  function withLiveIdentity(frozen: ApplicantContext, live: ApplicantContext): ApplicantContext {
    return {
      application: { ...frozen.application, decision: live.application.decision },
      applicant: { ...frozen.applicant, identity: live.applicant.identity },
    };
  }

  async function withLiveIdentityOf(frozen: ApplicantContext): Promise<ApplicantContext> {
    const live = await contextOf(frozen.application.id, frozen.applicant.role);
    return live ? withLiveIdentity(frozen, live) : frozen;
  }

  /** A submission's answer: the response, and the decision it shows (the funnel's outcome). */
  const submitted = (decision: Decision | null, context: ApplicantContext): Submitted => ({
    response: saveResponseOf(decision ?? DECIDING, context),
    decision,
  });

  /**
   * The answer of the decision as this applicant sees it, after waiting up to `until` for a decision
   * being taken.
   */
  async function answerWhenDecided(context: ApplicantContext, until: number): Promise<Submitted> {
    const role = context.applicant.role;
    let decision = decisionSeenBy(role, await decisionOf(context.application.id));
    while (decision?.state === 'deciding' && Date.now() < until) {
      await sleep(100);
      decision = decisionSeenBy(role, await decisionOf(context.application.id));
    }
    return submitted(decision, context);
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
    verify: (trx: Database, frozen: Frozen) => Promise<void> = async () => {},
  ): Promise<{ decision: Decision; frozen: Frozen } | null> {
    return db.transaction().execute(async (trx) => {
      const current = await lockDecision(trx, applicationId);
      if (!allowed(current)) return null;
      // The primary's own outcome stays theirs when going on alone after a joint round.
      const primaryOutcome = current?.round === 'joint' ? current.primaryOutcome : current?.outcome;
      const next: Decision = { ...DECIDING, round, primaryOutcome: primaryOutcome ?? null };
      const submittedAt = clock.now();
      await trx
        .updateTable('applications')
        .set({ decision: JSON.stringify(next), submitted_at: submittedAt, updated_at: new Date() })
        .where('id', '=', applicationId)
        .execute();
      await during(trx);
      const frozen = await freeze(trx, applicationId, round);
      await verify(trx, frozen);
      // Should this process die, the job decides after the wait (and after a restart).
      await jobs.send(
        DECISION_QUEUE,
        { applicationId },
        { trx, singletonKey: `${applicationId}:${round}`, startAfter },
      );
      return { decision: next, frozen };
    });
  }

  /** Stores a decision to take again, in the caller's transaction, with the job that takes it (once per key). */
  async function takeAgain(
    trx: Database,
    applicationId: string,
    next: Decision,
    singletonKey: string,
    startAfter?: Date,
  ): Promise<void> {
    await trx
      .updateTable('applications')
      .set({ decision: JSON.stringify(next), updated_at: new Date() })
      .where('id', '=', applicationId)
      .execute();
    await jobs.send(
      DECISION_QUEUE,
      { applicationId },
      { trx, singletonKey, ...(startAfter ? { startAfter } : {}) },
    );
  }

  /**
   * Claims the opening of the savings account offered (under the row lock, before the core banking is
   * asked), so that two acceptances racing open it once; the job finishes it should this process die.
   */
  async function claimOffer(applicationId: string, startAfter: Date): Promise<Decision | null> {
    return db.transaction().execute(async (trx) => {
      const current = await lockDecision(trx, applicationId);
      if (!current || !canAcceptSavingsOffer(current)) return null;
      const next: Decision = {
        ...DECIDING,
        round: current.round,
        primaryOutcome: current.primaryOutcome ?? null,
        offerAccepted: true,
      };
      await takeAgain(trx, applicationId, next, `${applicationId}:${current.round}:offer`, startAfter);
      return next;
    });
  }

  /**
   * Decides a claimed decision while the applicant waits (until `until`); past it, the decision is
   * deferred (pending) and the job finishes it.
   */
  async function decideWhileWaiting(
    applicationId: string,
    until: number,
    claimed?: Frozen,
  ): Promise<Decision> {
    const decided = decide(applicationId, until, claimed).catch(async (error: unknown) => {
      // The job retries it; the applicant sees the processing page.
      log.warn({ err: error }, 'the decision failed while the applicant waited; the job retries it');
      await markRetrying(applicationId, error);
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
     * Staff: takes the decision of the current round again, in the caller's transaction (under the
     * application's lock, once the staff action was allowed), e.g. once the ID was seen in person or the
     * case reopened; the job decides it (or `finish`, right after the commit). The joint round's primary
     * outcome is dropped when the primary's ID in person was what it waited for.
     */
    async retake(
      trx: Database,
      applicationId: string,
      current: Decision,
      key: string,
      { clearScreeningHits = false } = {},
    ): Promise<void> {
      // Cleared matches stay cleared; clearing adds the matches that held this decision.
      const cleared = [
        ...(current.clearedScreeningMatches ?? []),
        ...(clearScreeningHits
          ? (current.screeningHits ?? []).map(({ role, matchId }) => ({ role, matchId }))
          : []),
      ];
      const next: Decision = {
        ...DECIDING,
        round: current.round,
        primaryOutcome: current.round === 'joint' ? null : (current.primaryOutcome ?? null),
        ...(cleared.length > 0 ? { clearedScreeningMatches: cleared } : {}),
      };
      await takeAgain(trx, applicationId, next, `${applicationId}:staff:${key}`);
    },

    /**
     * Staff: stores a refusal (in the caller's transaction, under the lock, once the action was allowed),
     * reports it, and e-mails the applicants the refusal.
     */
    async declineByStaff(trx: Database, applicationId: string, current: Decision): Promise<void> {
      // A question waiting on the applicant ends with the refusal.
      const { asked: _ended, ...kept } = current;
      const decided: Decision = {
        ...kept,
        state: 'decided',
        outcome: 'declined',
        primaryCustNo: null,
        jointCustNo: null,
        openedProductIds: [],
        debitCardOrdered: false,
      };
      await storeDecided(trx, applicationId, decided);
      await trx
        .insertInto('outcome_reports')
        .values({ application_id: applicationId, report: 'unsuccessful' })
        .onConflict((oc) => oc.column('application_id').doNothing())
        .execute();
      for (const role of ['primary', 'joint'] as const) {
        const to = await findApplicantByRole(trx, applicationId, role);
        if (!to || (role === 'joint' && current.round !== 'joint')) continue;
        await mail.queue(trx, {
          key: `decision:${applicationId}:staff-declined:${to.applicant.id}`,
          ...toApplicant(to.applicant),
          template: 'decisionMade',
          params: {
            firstName: to.applicant.personalInfo?.firstName ?? '',
            outcome: 'declined',
            memberNumber: null,
            refNo: referenceNumberOf(to.application, to.applicant),
          },
        });
      }
    },

    /**
     * POST SaveApplication (the primary) and SaveJointApplication (the co-applicant): accepts the terms
     * and decides the applicant's round (or answers the decision already taken).
     * @param submitter the applicant the call is for: the session's must be that one
     * @throws HttpProblem 409 (with nextPath) when a step is missing or the invitation has ended; 400 when
     *   the terms are not accepted
     */
    async submit(context: ApplicantContext, body: unknown, submitter: ApplicantRole): Promise<Submitted> {
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
      if (decisionSeenBy(role, application.decision)) {
        return answerWhenDecided(context, until);
      }
      lifecycle.assert(context, 'submit');

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
      let claimed: Awaited<ReturnType<typeof claim>>;
      try {
        claimed = await claim(
          application.id,
          round,
          round === 'joint' ? canStartJointRound : (current) => current === null,
          new Date(until + 1000),
          async (trx) => {
            // The invitation's end holds at the claim too (under the row lock).
            if (round === 'joint') await joint.assertOpen(trx, application.id);
            await trx
              .updateTable('applicants')
              .set({ terms_accepted: true, language: input.language, updated_at: new Date() })
              .where('id', '=', applicant.id)
              .execute();
          },
          async (trx, frozen) => {
            // The decision is taken only on answers the identity result was computed from.
            const submitter = role === 'joint' ? frozen.coApplicant : frozen.primary;
            if (!submitter || !(await identity.isBoundToAnswers(trx, submitter))) throw new IdentityLapsed();
          },
        );
      } catch (error) {
        if (!(error instanceof IdentityLapsed)) throw error;
        // The check runs again on the answers as they are now.
        await lifecycle.guard(context, 'submit', async (trx) => {
          const current = await findApplicantContext(trx, applicant.id);
          if (current) await identity.lapseIfChanged(trx, current);
        });
        const lapsed = await contextOf(application.id, role);
        throw new HttpProblem(409, 'Your details changed since your identity was checked.', {
          title: STEP_OUT_OF_ORDER,
          nextPath: nextPathFor(await progress.read(lapsed ?? context)),
        });
      }
      if (claimed === null) {
        if (round === 'joint' && !decisionSeenBy(role, await decisionOf(application.id))) {
          // The primary went on alone: the invitation has ended.
          throw new HttpProblem(409, 'The invitation has ended.', {
            title: STEP_OUT_OF_ORDER,
            nextPath: FLOW_ERROR_ROUTES.jointExpired,
          });
        }
        return answerWhenDecided(context, until);
      }
      // The answers as the claim froze them: the decision starts from them without reading them again.
      return submitted(
        decisionSeenBy(role, await decideWhileWaiting(application.id, until, claimed.frozen)),
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
      const claimed = await claim(applicationId, 'single', canApplyAsSingle, new Date(until + 1000));
      const decision = claimed
        ? await decideWhileWaiting(applicationId, until, claimed.frozen)
        : ((await decisionOf(applicationId)) ?? DECIDING);
      return {
        applicantId: primary.applicant.id,
        response: saveResponseOf(decisionSeenBy('primary', decision) ?? DECIDING, primary),
      };
    },

    /** The job's work: decide unless decided; throws to be retried while the result is not ready. */
    async finish(applicationId: string): Promise<void> {
      let decided: Awaited<ReturnType<typeof decide>>;
      try {
        decided = await decide(applicationId);
      } catch (error) {
        await markRetrying(applicationId, error);
        throw error;
      }
      if (decided === 'waiting') {
        throw new DecisionNotReady('The documents have no result yet');
      }
    },

    /**
     * The dead letter's work, once a decision's retries are spent: a decision the core banking or the
     * screening kept failing goes to the staff queue (heldForReview, nothing counts as opened); any other
     * is stored as failed. Either is e-mailed.
     */
    async fail(applicationId: string): Promise<void> {
      const retrying = (await decisionOf(applicationId))?.retrying;
      const verdict: Verdict = retrying
        ? {
            outcome: 'heldForReview',
            reviewReason: retrying.reason === 'coreBanking' ? 'coreBankingFailed' : 'screeningFailed',
          }
        : { outcome: 'failed' };
      const stored = await store(applicationId, verdict, ['deciding', 'pending']);
      if (stored && retrying) {
        log.warn(
          { event: 'decision-to-staff', reason: verdict.reviewReason, failures: retrying.failures },
          'the decision failed through every retry: held for staff review',
        );
      }
    },

    /**
     * POST AcceptSavingsOffer: opens a savings account instead of the refused products.
     * @throws HttpProblem 409 (with nextPath) when no savings offer is waiting for an answer
     */
    async acceptSavingsOffer(context: ApplicantContext): Promise<MembershipResponse> {
      const until = Date.now() + waitMs;
      const { application, applicant } = context;
      // An acceptance already claimed (a double click, a retry) is answered again, never opened twice.
      if (decisionSeenBy(applicant.role, application.decision)?.offerAccepted) {
        return (await answerWhenDecided(context, until)).response;
      }
      lifecycle.assert(context, 'acceptSavingsOffer');
      const claimed = await claimOffer(application.id, new Date(until + 1000));
      if (!claimed) return (await answerWhenDecided(context, until)).response;
      return saveResponseOf(
        decisionSeenBy(applicant.role, await decideWhileWaiting(application.id, until)) ?? DECIDING,
        context,
      );
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
