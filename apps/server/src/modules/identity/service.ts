/**
 * Identity verification of an applicant: the identity check (the server decides whether the provider is
 * used; FORCE_ID_RESULT forces its result off production), then, when the provider asks for documents,
 * the document-verification run (consent, capture link, status) and the provider's notifications. Every
 * change is a named transition of the applicant's identity state, written with a compare-and-set so two
 * requests racing cannot both move it.
 */
import {
  type Language,
  applyIdentityTransition,
  canTransitionIdentity,
  canVisitStep,
  findCountry,
  idVerifyTermsFormSchema,
  isDocumentStepDone,
  isDocumentStepRequired,
  isIdentityCheckDone,
  normalizeBirthDate,
  phoneDigits,
  type DocumentVerificationStartResponse,
  type DocumentVerificationStatusResponse,
  type IdentityImageSide,
  type IdentityTransition,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { AnswerDigests } from '../../lib/crypto.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { Clock } from '../../providers/clock.ts';
import type {
  DocumentVerificationProvider,
  RunUpdate,
  WorkflowRunStatus,
} from '../../providers/documents/documents.ts';
import type { SandboxDocumentVerification } from '../../providers/documents/documents.ts';
import type {
  IdentityAddress,
  IdentityDecision,
  IdentityProfile,
  IdentityProvider,
} from '../../providers/identity/identity.ts';
import type { Lifecycle } from '../application/lifecycle.ts';
import { parseOrThrow, STEP_OUT_OF_ORDER, validationProblem } from '../application/problems.ts';
import type { ProgressRead, ProgressReader } from '../application/progress.ts';
import { flowOf } from '../application/progress.ts';
import {
  findApplicantContext,
  deleteAnswer,
  moveIdentity,
  updateApplicant,
  type ApplicantContext,
  type IdentityState,
} from '../application/repository.ts';
import { nextPathFor } from '../application/view.ts';

interface IdentityServiceDeps {
  db: Database;
  progress: ProgressReader;
  identity: IdentityProvider;
  documents: DocumentVerificationProvider;
  clock: Clock;
  digests: AnswerDigests;
  lifecycle: Pick<Lifecycle, 'assert'>;
  config: Pick<AppConfig, 'forceIdResult' | 'publicUrl' | 'contactPhone'>;
  /** Where an identity check the provider did not answer is retried (IDENTITY_RETRY_QUEUE). */
  jobs?: Pick<Jobs, 'send'>;
}

/**
 * The queue of identity checks the provider did not answer: retried in the background with backoff while
 * the applicant goes on; the decision waits for the result (decision 0050).
 */
export const IDENTITY_RETRY_QUEUE = 'identity.retry';
/** Where a check goes once its retries are spent: the identity is then confirmed in person. */
export const IDENTITY_RETRY_FAILED_QUEUE = 'identity.retry.failed';

const DECISION_TRANSITION: Record<IdentityDecision | 'error', IdentityTransition> = {
  passed: 'pass',
  denied: 'deny',
  stepUp: 'requireDocuments',
  error: 'fail',
};

/** How a workflow run's status moves the identity state (in order; already-made moves are skipped). */
const RUN_TRANSITIONS: Record<WorkflowRunStatus, IdentityTransition[]> = {
  awaiting_input: [],
  awaiting_client_input: [],
  processing: ['submitDocuments'],
  review: ['submitDocuments'],
  approved: ['submitDocuments', 'approveDocuments'],
  declined: ['submitDocuments', 'declineDocuments'],
  abandoned: ['expireDocuments'],
  error: ['expireDocuments'],
};

/** The addresses of the identity profile: home, and mailing when it differs and has a postal code. */
function addressesOf(address: ApplicantContext['applicant']['address']): IdentityAddress[] {
  if (!address) return [];
  const one = (type: IdentityAddress['type'], p: '' | 'ma') => {
    const get = (field: string) =>
      String(
        (address as Record<string, unknown>)[
          p === '' ? field : `ma${field[0]!.toUpperCase()}${field.slice(1)}`
        ] ?? '',
      ).trim();
    const unit = get('unitNumber');
    return {
      type,
      line1: `${unit ? `${unit}-` : ''}${get('streetNumber')} ${get('streetName')}`.trim(),
      city: get('cityName'),
      state: get('provinceName'),
      postalCode: get('postalCode'),
      countryCode: findCountry(get('country'))?.code ?? get('country'),
    };
  };
  const home = one('primary', '');
  if (address.isMailingAddressSame || !String(address.maPostalCode ?? '').trim()) return [home];
  return [home, one('mailing', 'ma')];
}

export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, progress, clock, config } = deps;

  async function reload(applicantId: string): Promise<ApplicantContext> {
    const context = await findApplicantContext(db, applicantId);
    if (!context) throw new HttpProblem(401, 'No application in progress.');
    return context;
  }

  /** Applies transitions in order from the current state (those that cannot start are skipped). */
  async function move(
    context: ApplicantContext,
    transitions: IdentityTransition[],
    extra: Partial<IdentityState> = {},
  ) {
    let current = context.applicant.identity;
    for (const transition of transitions) {
      if (!canTransitionIdentity(current.status, transition)) continue;
      const next: IdentityState = {
        ...current,
        ...extra,
        status: applyIdentityTransition(current.status, transition),
      };
      if (!(await moveIdentity(db, context.applicant.id, current.status, next))) return;
      current = next;
    }
  }

  /**
   * The digest of what the check sends about the person (names, birth date, e-mail, phone, SIN,
   * addresses): a result is bound to it, and lapses when any of these answers changes.
   */
  function digestOf(profile: IdentityProfile): string {
    const { externalId: _id, phoneVerified: _verified, ...person } = profile;
    return deps.digests.digest(person);
  }

  /**
   * True while the identity result holds for the saved answers: nothing was checked yet (or the server
   * chose not to use the provider), or the answers' digest is the one the result was computed from.
   */
  async function isBound(
    executor: Database,
    context: ApplicantContext,
    known?: string | null,
  ): Promise<boolean> {
    const { identity } = context.applicant;
    if (identity.status === 'skipped' || !isIdentityCheckDone(identity.status)) return !identity.lapsed;
    if (!identity.digest) return false;
    const sin = known !== undefined ? known : await progress.sinOf(context.applicant, executor);
    return digestOf(profileOf(context, sin)) === identity.digest;
  }

  function profileOf(context: ApplicantContext, sin: string | null): IdentityProfile {
    const { applicant } = context;
    const info = applicant.personalInfo!;
    return {
      externalId: applicant.id,
      nameFirst: info.firstName,
      ...(info.middleName ? { nameMiddle: info.middleName } : {}),
      nameLast: info.lastName,
      birthDate: normalizeBirthDate(info),
      emailAddress: applicant.email,
      phoneNumber: phoneDigits(applicant.phoneNumber ?? info.phoneNumber),
      ...(sin ? { sin } : {}),
      addresses: addressesOf(applicant.address),
      phoneVerified: applicant.phoneVerified === true,
    };
  }

  /** The step the document capture belongs to must be on the applicant's path now. */
  function assertDocumentStep(read: ProgressRead, context: ApplicantContext): void {
    deps.lifecycle.assert(context, 'editAnswers');
    const { status } = context.applicant.identity;
    const onPath = isDocumentStepRequired(flowOf(context.applicant).kind, status);
    if (!onPath || !canVisitStep(read.progress, 'idverifyterms')) {
      throw new HttpProblem(409, 'No document verification is asked of this applicant.', {
        title: STEP_OUT_OF_ORDER,
        nextPath: nextPathFor(read),
      });
    }
  }

  function sandboxDocuments(): SandboxDocumentVerification {
    if (deps.documents.name !== 'sandbox')
      throw new HttpProblem(404, 'The capture page is the provider’s own.');
    return deps.documents as SandboxDocumentVerification;
  }

  async function applyRunUpdate(applicantId: string, update: RunUpdate): Promise<ApplicantContext> {
    const context = await reload(applicantId);
    if (context.applicant.identity.documentRunId !== update.runId) return context;
    await move(context, RUN_TRANSITIONS[update.status]);
    return reload(applicantId);
  }

  /** Queues the background retry of a check the provider did not answer (one per applicant at a time). */
  async function retryLater(context: ApplicantContext): Promise<void> {
    await deps.jobs?.send(
      IDENTITY_RETRY_QUEUE,
      { applicantId: context.applicant.id },
      { singletonKey: context.applicant.id },
    );
  }

  return {
    /**
     * Runs the identity check once its earlier steps are complete: skipped when the server chose not to use
     * the provider, forced off production by FORCE_ID_RESULT, else the provider's decision. A provider
     * failure leaves the state 'error' and queues a retry; the applicant goes on (decision 0050).
     */
    async runCheck(context: ApplicantContext, log?: FastifyBaseLogger): Promise<void> {
      if (isIdentityCheckDone(context.applicant.identity.status)) return;
      deps.lifecycle.assert(context, 'editAnswers');
      const read = await progress.read(context);
      if (!canVisitStep(read.progress, 'identitycheck')) {
        throw new HttpProblem(409, 'The identity check needs the earlier steps first.', {
          title: STEP_OUT_OF_ORDER,
          nextPath: nextPathFor(read),
        });
      }
      if (!context.application.usesIdProvider) return move(context, ['skip'], { lapsed: false });
      const profile = profileOf(context, await progress.sinOf(context.applicant));
      const bound = { digest: digestOf(profile), lapsed: false };
      if (config.forceIdResult) {
        await move(context, [DECISION_TRANSITION[config.forceIdResult]], bound);
        if (config.forceIdResult === 'error') await retryLater(context);
        return;
      }
      const result = await deps.identity.evaluate(profile);
      if (!result.ok) {
        // Logged once where the provider is wrapped. The applicant goes on; a job asks again (one per
        // applicant at a time), and the decision waits for its answer.
        await move(context, ['fail'], bound);
        await retryLater(context);
        return;
      }
      log?.info({ provider: deps.identity.name, decision: result.value.decision }, 'identity checked');
      return move(context, [DECISION_TRANSITION[result.value.decision]], {
        ...bound,
        evaluationToken: result.value.token,
      });
    },

    /**
     * In the transaction of a save: when the answers an identity result was computed from changed, the
     * result lapses (the check must run again) and the review's consent with it. `context` is the applicant
     * as the transaction reads it; `sin` the SIN digits when the caller knows them (else they are read).
     * @returns true when it lapsed
     */
    async lapseIfChanged(trx: Database, context: ApplicantContext, sin?: string | null): Promise<boolean> {
      if (context.applicant.identity.lapsed || (await isBound(trx, context, sin))) return false;
      const lapsed: IdentityState = { status: 'notStarted', lapsed: true };
      await updateApplicant(trx, context.applicant.id, { identity: lapsed });
      await deleteAnswer(
        trx,
        { applicationId: context.application.id, applicantId: context.applicant.id },
        'reviewapplication',
      );
      return true;
    },

    /** In the claim's transaction: true while the identity result still holds for these answers. */
    isBoundToAnswers: (trx: Database, context: ApplicantContext): Promise<boolean> => isBound(trx, context),

    /**
     * The retry job's work: runs again an identity check the provider did not answer.
     * @throws while the provider still gives no answer (the job retries, with backoff)
     */
    async retryCheck(applicantId: string, log?: FastifyBaseLogger): Promise<void> {
      const context = await findApplicantContext(db, applicantId);
      if (!context || context.applicant.identity.status !== 'error') return;
      const profile = profileOf(context, await progress.sinOf(context.applicant));
      const result = await deps.identity.evaluate(profile);
      if (!result.ok) throw new Error('The identity provider still gives no answer');
      log?.info(
        { provider: deps.identity.name, decision: result.value.decision },
        'identity checked on retry',
      );
      const transition = DECISION_TRANSITION[result.value.decision];
      // Documents asked once the applicant has submitted can no longer be captured in the flow: the ID is
      // shown in person instead (the online step ends without documents).
      const { decision } = context.application;
      const submitted = context.applicant.role === 'joint' ? decision?.round === 'joint' : decision !== null;
      const asksDocuments = isDocumentStepRequired(
        flowOf(context.applicant).kind,
        applyIdentityTransition('error', transition),
      );
      await move(context, submitted && asksDocuments ? [transition, 'expireDocuments'] : [transition], {
        evaluationToken: result.value.token,
        digest: digestOf(profile),
      });
    },

    /**
     * The dead letter's work: the provider never answered, so the identity is confirmed in person (as
     * when it cannot be confirmed online: the primary's decision asks for ID in person, the co-applicant
     * is offered the documents, or ID in person once submitted).
     */
    async giveUpCheck(applicantId: string, log?: FastifyBaseLogger): Promise<void> {
      const context = await findApplicantContext(db, applicantId);
      if (!context || context.applicant.identity.status !== 'error') return;
      log?.warn({ provider: deps.identity.name }, 'identity check given up: ID in person');
      const { decision } = context.application;
      const submitted = context.applicant.role === 'joint' ? decision?.round === 'joint' : decision !== null;
      const asksDocuments = isDocumentStepRequired(flowOf(context.applicant).kind, 'denied');
      // Bound to the answers the checks were asked about, as a result the provider gave would be.
      const digest = digestOf(profileOf(context, await progress.sinOf(context.applicant)));
      await move(context, submitted && asksDocuments ? ['deny', 'expireDocuments'] : ['deny'], { digest });
    },

    /** POST DocumentVerification/Start: records the consent and answers where to capture the documents. */
    async startDocuments(
      context: ApplicantContext,
      body: unknown,
      locale: Language,
    ): Promise<DocumentVerificationStartResponse> {
      const read = await progress.read(context);
      assertDocumentStep(read, context);
      parseOrThrow(idVerifyTermsFormSchema, body, config.contactPhone);
      const { identity, personalInfo } = context.applicant;
      if (isDocumentStepDone(identity.status)) {
        throw new HttpProblem(409, 'The documents were already captured.', { nextPath: nextPathFor(read) });
      }
      // A second Continue (or a double click) goes back to the run already waiting for the documents.
      if (identity.documentRunId && identity.documentCaptureUrl) {
        const run = await deps.documents.getRun(identity.documentRunId);
        if (run.ok && run.value.status === 'awaiting_input') {
          return { runId: identity.documentRunId, captureUrl: identity.documentCaptureUrl };
        }
      }
      const termsPath = read.progress.flow.steps.find((s) => s.id === 'idverifyterms')!.path!;
      const created = await deps.documents.createRun({
        applicantId: context.applicant.id,
        firstName: personalInfo!.firstName,
        lastName: personalInfo!.lastName,
        email: context.applicant.email,
        locale,
        returnUrl: `${config.publicUrl}${termsPath}`,
        sandboxCaptureUrl: `${termsPath}/capture`,
      });
      if (!created.ok) {
        // Retryable, and the web offers the in-person route on the spot (chooseInPerson; decision 0050).
        throw new HttpProblem(503, 'Document verification is unavailable. Try again in a moment.');
      }
      const next: IdentityState = {
        ...identity,
        documentRunId: created.value.id,
        documentCaptureUrl: created.value.captureUrl,
        documentConsentAt: clock.now().toISOString(),
      };
      if (!(await moveIdentity(db, context.applicant.id, identity.status, next))) {
        throw new HttpProblem(409, 'The identity state changed; try again.');
      }
      return { runId: created.value.id, captureUrl: created.value.captureUrl };
    },

    /**
     * POST DocumentVerification/InPerson: the applicant will show ID in person instead of capturing it
     * online (the applicant's choice on the ID verification page, or while the document partner is
     * unavailable). The online step ends without documents
     * (documentExpired), so the decision asks for ID in person; the flow goes on to the legal terms.
     */
    async chooseInPerson(context: ApplicantContext): Promise<DocumentVerificationStatusResponse> {
      const read = await progress.read(context);
      assertDocumentStep(read, context);
      const { status } = context.applicant.identity;
      if (status === 'documentPending' || !canTransitionIdentity(status, 'expireDocuments')) {
        throw new HttpProblem(409, 'The documents were already captured.', { nextPath: nextPathFor(read) });
      }
      await move(context, ['expireDocuments']);
      const current = await reload(context.applicant.id);
      const next = current.applicant.identity.status;
      return {
        status: next,
        isDone: isDocumentStepDone(next),
        nextPath: nextPathFor(await progress.read(current)),
      };
    },

    /**
     * The run whose photos are taken now (the hand-off to the phone): the document step is on the
     * applicant's path, its consent given and its photos not yet in.
     * @throws HttpProblem 409 otherwise
     */
    async captureRun(context: ApplicantContext): Promise<{ runId: string; captureUrl: string }> {
      const read = await progress.read(context);
      assertDocumentStep(read, context);
      const { identity } = context.applicant;
      if (isDocumentStepDone(identity.status)) {
        throw new HttpProblem(409, 'The documents were already captured.', { nextPath: nextPathFor(read) });
      }
      if (!identity.documentRunId || !identity.documentCaptureUrl) {
        throw new HttpProblem(409, 'Agree to the ID verification terms first.');
      }
      return { runId: identity.documentRunId, captureUrl: identity.documentCaptureUrl };
    },

    /** GET DocumentVerification/Status: catches up with the provider, then answers where the applicant goes. */
    async documentStatus(context: ApplicantContext): Promise<DocumentVerificationStatusResponse> {
      const { identity } = context.applicant;
      let current = context;
      if (identity.documentRunId && !isDocumentStepDone(identity.status)) {
        const run = await deps.documents.getRun(identity.documentRunId);
        if (run.ok) current = await applyRunUpdate(context.applicant.id, run.value);
      }
      const read = await progress.read(current);
      const { status } = current.applicant.identity;
      return { status, isDone: isDocumentStepDone(status), nextPath: nextPathFor(read) };
    },

    /** PUT DocumentVerification/Capture/{side} (sandbox): stores one image of the run, encrypted. */
    async captureImage(
      context: ApplicantContext,
      side: IdentityImageSide,
      bytes: Buffer,
      type: string | undefined,
    ) {
      deps.lifecycle.assert(context, 'editAnswers');
      const documents = sandboxDocuments();
      const runId = context.applicant.identity.documentRunId;
      if (!runId) throw new HttpProblem(409, 'Agree to the ID verification terms first.');
      const result = await documents.captureImage(runId, side, bytes, type);
      if (result.ok) return { side, captured: await documents.capturedSides(runId) };
      const { code } = result.failure;
      if (code === 'document.image.type' || code === 'document.image.size') {
        throw validationProblem([{ path: side, key: code }], config.contactPhone);
      }
      throw new HttpProblem(409, 'This capture link can no longer be used.');
    },

    /** POST DocumentVerification/Capture/Submit (sandbox): sends the three images for verification. */
    async submitCapture(context: ApplicantContext): Promise<DocumentVerificationStatusResponse> {
      deps.lifecycle.assert(context, 'editAnswers');
      const documents = sandboxDocuments();
      const runId = context.applicant.identity.documentRunId;
      if (!runId) throw new HttpProblem(409, 'Agree to the ID verification terms first.');
      const captured = await documents.capturedSides(runId);
      const missing = (['front', 'back', 'selfie'] as const).filter((side) => !captured.includes(side));
      if (missing.length > 0) {
        throw validationProblem(
          missing.map((side) => ({ path: side, key: 'document.image.required' })),
          config.contactPhone,
        );
      }
      const result = await documents.submitRun(runId, context.applicant.personalInfo?.lastName ?? '');
      if (!result.ok) throw new HttpProblem(409, 'This capture link can no longer be used.');
      let current = context;
      for (const update of result.value) current = await applyRunUpdate(context.applicant.id, update);
      const { status } = current.applicant.identity;
      return {
        status,
        isDone: isDocumentStepDone(status),
        nextPath: nextPathFor(await progress.read(current)),
      };
    },

    /**
     * POST ProcessIDVNotification: the provider's word on a run, signed (the sandbox refuses them all).
     * @returns the applicant the run belongs to, when it is ours
     */
    async processNotification(rawBody: Buffer, signature: string | undefined) {
      const update = deps.documents.readNotification(rawBody, signature);
      if (!update.ok) {
        throw new HttpProblem(update.failure.code === 'unauthorized' ? 401 : 400, update.failure.message);
      }
      const row = await db
        .selectFrom('applicants')
        .select('id')
        .where(sql<boolean>`identity->>'documentRunId' = ${update.value.runId}`)
        .executeTakeFirst();
      if (!row) throw new HttpProblem(404, 'No application waits for this workflow run.');
      await applyRunUpdate(row.id, update.value);
      return { applicantId: row.id };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
