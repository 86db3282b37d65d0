/**
 * The applicant's application: InitializeApplication (the server generates the reference number and
 * decides whether the identity provider is used) and one save service for every step. A step is its
 * contract (packages/domain flows/steps.ts: who answers, its schema and what it clears) and, when it has a
 * rule only the server applies, its hook (step-hooks.ts). A save is refused with 409 and the path the
 * applicant should be on when an earlier required step is not complete. What is complete is never stored:
 * it is derived from the answers (progress.ts). After a save, a check that the save made due (the
 * co-applicant's identity check) runs before the answer.
 */
import { randomUUID } from 'node:crypto';
import {
  applicantStateOf,
  asksForSin,
  canVisitStep,
  decideIdentityProviderShare,
  generateReferenceCode,
  initializeApplicationRequestSchema,
  missingStepsBefore,
  REFERENCE_CODE_RANDOM_LENGTH,
  rollPercent,
  SAVABLE_STEPS,
  stepSavePathOf,
  type ApplicantAnswers,
  type ApplicationView,
  type FlowStep,
  type SavableStepContract,
  type SavableStepId,
  type StepId,
  type StepValues,
} from '@omo/domain';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { StoredStepId } from '../../db/step-answers.ts';
import { hashPassword, type SinCipher } from '../../lib/crypto.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { Lifecycle } from './lifecycle.ts';
import { parseOrThrow, STEP_OUT_OF_ORDER, validationProblem } from './problems.ts';
import { flowOf, type ProgressRead, type ProgressReader } from './progress.ts';
import {
  createApplicant,
  createApplication,
  deleteAnswer,
  findApplicantContext,
  findIdentityProviderDraw,
  saveAnswer,
  updateApplicant,
  updateApplication,
  type ApplicantContext,
  type ApplicantRole,
} from './repository.ts';
import {
  createStepHooks,
  type PhoneHooks,
  type SaveRequest,
  type StepHook,
  type StepHooks,
  type StepInput,
} from './step-hooks.ts';
import { nextPathFor, referenceNumberOf, toApplicationView } from './view.ts';

/** One save route: the step's contract, its API path and the body its OpenAPI entry shows. */
export interface StepRoute {
  stepId: SavableStepId;
  path: string;
  summary: string;
  /** The body as the OpenAPI document shows it (the contract validates it). */
  body: z.core.$ZodType;
}

/** The save routes, in flow order: one per savable step's contract, at its path. */
const STEP_ROUTES: readonly StepRoute[] = (Object.keys(SAVABLE_STEPS) as SavableStepId[]).map((stepId) => {
  const { summary, body } = SAVABLE_STEPS[stepId].save;
  return { stepId, path: stepSavePathOf(stepId), summary, body };
});

/** What the save needs of the identity module (given by the composition, plugins/applicant-services.ts). */
export interface IdentityHooks {
  runCheck(context: ApplicantContext): Promise<unknown>;
  /** In the save's transaction: lapses an identity result whose answers changed; true when it lapsed. */
  lapseIfChanged(trx: Database, context: ApplicantContext, sin?: string | null): Promise<boolean>;
}

/**
 * What the co-applicant's profile needs of the joint module (given by the composition,
 * plugins/applicant-services.ts): who may take the co-applicant's place of an invitation.
 * @param started the co-applicant who has started, unless it is the session's own
 * @returns the id of the co-applicant who goes on, or undefined when a new one may start
 * @throws HttpProblem 400 on the e-mail, the e-mail code, or the password (another person's start)
 */
export interface JointHooks {
  admitCoApplicant(
    db: Database,
    applicationId: string,
    given: { email: string; password: string; emailCode?: string | undefined },
    started: { id: string; passwordHash: string } | undefined,
    contactPhone: string,
    options: { hasSession: boolean },
  ): Promise<string | undefined>;
}

export interface ApplicationServiceDeps {
  db: Database;
  catalogue: Pick<CatalogueService, 'listProducts' | 'listOccupations' | 'listPepPositions'>;
  sinCipher: SinCipher;
  identity: IdentityHooks;
  joint: JointHooks;
  lifecycle: Lifecycle;
  progress: ProgressReader;
  /** The code sent with personal information's save (absent: never sent with a save). */
  phone?: PhoneHooks;
  config: Pick<
    AppConfig,
    'contactPhone' | 'idProviderSharePercent' | 'alloyEnabled' | 'isProduction' | 'identityCreditBureau'
  >;
}

/** True for the unique violation of PostgreSQL (and PGlite). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** The SIN digits the answers hold (after a SIN save: the saved ones). */
function sinOfAnswers(answers: ApplicantAnswers): string | null {
  return answers.sin && !answers.sin.isSkipped ? answers.sin.digits : null;
}

export function createApplicationService(deps: ApplicationServiceDeps) {
  const { db, catalogue, sinCipher, identity, joint, lifecycle, progress, config } = deps;
  const parse = <S extends z.core.$ZodType>(schema: S, input: unknown) =>
    parseOrThrow(schema, input, config.contactPhone);
  const hooks: StepHooks = createStepHooks({ catalogue, sinCipher, config, phone: deps.phone });

  async function reload(applicantId: string): Promise<ApplicantContext> {
    const context = await findApplicantContext(db, applicantId);
    if (!context) throw new HttpProblem(401, 'No application in progress.');
    return context;
  }

  async function view(context: ApplicantContext): Promise<ApplicationView> {
    return toApplicationView(context, await progress.read(context), config.identityCreditBureau);
  }

  /** Refuses a save whose earlier required steps are not complete, naming where the applicant should be. */
  function assertCanSave(read: ProgressRead, context: ApplicantContext, stepId: StepId): void {
    const { progress: p } = read;
    const step = p.flow.steps.find((s) => s.id === stepId);
    lifecycle.assert(context, 'editAnswers');
    if (!step || step.kind === 'outcome') {
      throw new HttpProblem(409, `The ${p.flow.kind} flow has no step '${stepId}'.`, {
        title: STEP_OUT_OF_ORDER,
        nextPath: nextPathFor(read),
      });
    }
    if (canVisitStep(p, stepId)) return;
    throw new HttpProblem(
      409,
      `Complete the earlier steps first: ${missingStepsBefore(p, stepId).join(', ')}.`,
      {
        title: STEP_OUT_OF_ORDER,
        nextPath: nextPathFor(read),
      },
    );
  }

  /** A screen that hosts a check saves only once the check is done (its Continue waits for it). */
  function assertHostedChecksDone(read: ProgressRead, stepId: StepId): void {
    const pending = read.progress.flow.steps.filter(
      (s: FlowStep) =>
        s.kind === 'check' &&
        s.host === stepId &&
        read.progress.steps.some((state) => state.id === s.id && state.required && !state.complete),
    );
    if (pending.length > 0) {
      throw new HttpProblem(409, 'The identity check is not complete yet.', {
        title: STEP_OUT_OF_ORDER,
        nextPath: nextPathFor(read),
      });
    }
  }

  /** Who may answer the step, and whether it is on this applicant's path at all. */
  function assertAnswers(read: ProgressRead, context: ApplicantContext, stepId: SavableStepId): void {
    const { roles } = SAVABLE_STEPS[stepId].save;
    if (!roles.includes(context.applicant.role)) {
      throw new HttpProblem(403, `Only the ${roles.join(' or ')} applicant answers '${stepId}'.`);
    }
    if (read.progress.steps.some((s) => s.id === stepId && !s.required)) {
      throw new HttpProblem(409, `'${stepId}' is not asked of this application.`, {
        title: STEP_OUT_OF_ORDER,
        nextPath: nextPathFor(read),
      });
    }
  }

  /**
   * Validates and stores one step's answer, then answers the view. The answers are read once (with the
   * SIN's one decryption); the save's transaction holds the application's lock, stores the answer, reads
   * the applicant back and lapses an identity result the change unbound; the view is derived from that.
   * What the step's hook does after the save (the phone's code, when asked) comes before the answer.
   */
  async function saveStep<Id extends SavableStepId>(
    stepId: Id,
    context: ApplicantContext,
    body: unknown,
    request?: SaveRequest,
  ): Promise<ApplicationView> {
    const read = await progress.read(context);
    assertCanSave(read, context, stepId);
    assertHostedChecksDone(read, stepId);
    const { save } = SAVABLE_STEPS[stepId] as unknown as SavableStepContract<Id>;
    assertAnswers(read, context, stepId);
    const parsed = save.parse(body, {
      facts: read.facts,
      answers: read.answers,
      role: context.applicant.role,
    });
    if (!parsed.ok) throw validationProblem(parsed.issues, config.contactPhone);
    // An answer of the application is the primary's row: only the primary answers those (the roles).
    const key = { applicationId: context.application.id, applicantId: context.applicant.id };
    const input: StepInput = { ...read, context, key };
    const hook = hooks[stepId] as StepHook<Id> | undefined;
    const value = hook?.check ? await hook.check(parsed.value, input) : parsed.value;
    const sin =
      stepId === 'sin'
        ? sinOfAnswers({ ...read.answers, sin: value as StepValues['sin'] })
        : sinOfAnswers(read.answers);
    const after = await lifecycle.guard(context, 'editAnswers', async (trx) => {
      if (hook?.store) await hook.store(trx, input, value);
      else await saveAnswer(trx, input.key, stepId as StoredStepId, value as never);
      const stored = await findApplicantContext(trx, context.applicant.id);
      if (!stored) throw new HttpProblem(401, 'No application in progress.');
      if (!(await identity.lapseIfChanged(trx, stored, sin))) return stored;
      return {
        ...stored,
        applicant: {
          ...stored.applicant,
          identity: { status: 'notStarted', lapsed: true },
          reviewConsent: false,
        },
      } satisfies ApplicantContext;
    });
    const next = progress.readKnown(after, read.products, sin);
    const due = next.progress.flow.steps.find((s) => s.id === next.progress.nextStepId);
    // A check that became the next step and has no screen of its own runs now, before the answer.
    if (due?.kind === 'check' && !due.host) {
      await identity.runCheck(after);
      return view(await reload(context.applicant.id));
    }
    if (hook?.after && (await hook.after(after, next, request))) {
      return view(await reload(context.applicant.id));
    }
    return toApplicationView(after, next, config.identityCreditBureau);
  }

  /** A unique reference code: 8 random characters, drawn again in the rare case one is taken. */
  async function createWithUniqueReference(create: (refCode: string) => Promise<void>): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const refCode = generateReferenceCode('', 'P').slice(0, REFERENCE_CODE_RANDOM_LENGTH);
      try {
        await create(refCode);
        return refCode;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  /**
   * The co-applicant's profile joins the application of their invitation's code, with the invited e-mail.
   * Once a co-applicant has started, they are never replaced: from another browser only they go on, with
   * the password they chose (admitCoApplicant in the joint module).
   */
  async function joinAsCoApplicant(
    input: z.output<typeof initializeApplicationRequestSchema>,
    existing: ApplicantContext | undefined,
    applicationOfJointCode: (code: string) => Promise<string>,
  ) {
    if (!input.jointCode) {
      throw new HttpProblem(400, 'The joint flow starts from the invitation link (jointCode).', {
        errors: [{ path: 'jointCode', message: 'The joint code is missing.' }],
      });
    }
    const applicationId = await applicationOfJointCode(input.jointCode);
    const own = existing?.applicant.role === 'joint' && existing.application.id === applicationId;
    const started = own
      ? undefined
      : await db
          .selectFrom('applicants')
          .select(['id', 'password_hash as passwordHash'])
          .where('application_id', '=', applicationId)
          .where('role', '=', 'joint')
          .executeTakeFirst();
    const goesOn = await joint.admitCoApplicant(db, applicationId, input, started, config.contactPhone, {
      hasSession: own,
    });
    const application = await db
      .selectFrom('applications')
      .select('ref_code')
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    const appRefNo = referenceNumberOf({ refCode: application.ref_code }, { role: 'joint' });
    // The co-applicant who started goes on from this browser, as they left it.
    if (goesOn) return { applicantId: goesOn, appRefNo };
    const passwordHash = await hashPassword(input.password);
    const fields = { email: input.email.toLowerCase(), passwordHash, consent: input.consent };
    if (own) {
      await updateApplicant(db, existing.applicant.id, fields);
      return { applicantId: existing.applicant.id, appRefNo };
    }
    const applicantId = randomUUID();
    try {
      await createApplicant(db, {
        id: applicantId,
        applicationId,
        role: 'joint',
        ...fields,
        identity: { status: 'notStarted' },
      });
    } catch (error) {
      // Another browser started first (one co-applicant per application): it is theirs now.
      if (!isUniqueViolation(error)) throw error;
      throw validationProblem([{ path: 'password', key: 'password.jointStarted' }], config.contactPhone);
    }
    return { applicantId, appRefNo };
  }

  return {
    steps: STEP_ROUTES,
    /** The progress reader (other modules read the derived progress through it). */
    progress,
    view,
    saveStep,
    reload,
    progressOf: (context: ApplicantContext) => progress.read(context),

    /**
     * POST InitializeApplication: starts an application with its first applicant (the primary in the single
     * flow, the co-applicant in the joint flow), or updates the session's applicant when the profile is
     * created again (Back). The reference number and the identity-provider share are decided here.
     * @returns the applicant id (the route issues the session) and the reference number
     */
    async initialize(
      body: unknown,
      existing: ApplicantContext | undefined,
      applicationOfJointCode: (code: string) => Promise<string>,
    ) {
      const input = parse(initializeApplicationRequestSchema, body);
      if (input.flow === 'joint') return joinAsCoApplicant(input, existing, applicationOfJointCode);
      const known = new Set((await catalogue.listProducts()).map((p) => p.productID));
      const unknown = input.productIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new HttpProblem(400, `Unknown product id: ${unknown.join(', ')}.`, {
          errors: unknown.map((id) => ({
            path: `productIds.${input.productIds.indexOf(id)}`,
            message: `Unknown product id '${id}'.`,
          })),
        });
      }
      const role: ApplicantRole = 'primary';
      const productIds = [...new Set(input.productIds)];
      const passwordHash = await hashPassword(input.password);
      const applicantFields = { email: input.email.toLowerCase(), passwordHash, consent: input.consent };
      const applicationFields = {
        productIds,
        sweepEnabled: input.sweepEnabled,
        promoCode: input.promoCode ? input.promoCode : null,
        referralCode: input.referralCode ? input.referralCode : null,
      };

      // The profile created again (Back) updates the draft; a submitted application is never rewritten:
      // a new one starts beside it.
      if (
        existing?.applicant.role === role &&
        applicantStateOf(role, existing.application.decision) === 'draft'
      ) {
        const { application, applicant } = existing;
        const stillInterestBearing = asksForSin(await progress.productsOf({ productIds }));
        await lifecycle.guard(existing, 'editAnswers', async (trx) => {
          await updateApplication(trx, application.id, applicationFields);
          await updateApplicant(trx, applicant.id, applicantFields);
          // A SIN is kept only while a product needs it.
          const key = { applicationId: application.id, applicantId: applicant.id };
          if (!stillInterestBearing) await deleteAnswer(trx, key, 'sin');
          const stored = await findApplicantContext(trx, applicant.id);
          if (stored) {
            const sin = stillInterestBearing ? await progress.sinOf(stored.applicant, trx) : null;
            await identity.lapseIfChanged(trx, stored, sin);
          }
        });
        return { applicantId: applicant.id, appRefNo: referenceNumberOf(application, applicant) };
      }

      const usesIdProvider =
        config.alloyEnabled &&
        decideIdentityProviderShare({
          roll: rollPercent(),
          percentage: config.idProviderSharePercent,
          forceTuTest: input.forceTuTest,
          isProduction: config.isProduction,
          earlierDraw: await findIdentityProviderDraw(db, applicantFields.email),
        });
      const applicationId = randomUUID();
      const applicantId = randomUUID();
      const refCode = await createWithUniqueReference((code) =>
        db.transaction().execute(async (trx) => {
          await createApplication(trx, {
            id: applicationId,
            refCode: code,
            ...applicationFields,
            usesIdProvider,
          });
          await createApplicant(trx, {
            id: applicantId,
            applicationId,
            role,
            ...applicantFields,
            identity: { status: 'notStarted' },
          });
        }),
      );
      return { applicantId, appRefNo: referenceNumberOf({ refCode }, { role }) };
    },

    /** POST IdentityCheck: runs the identity check (its host screen asks for it), then answers the view. */
    async runIdentityCheck(context: ApplicantContext): Promise<ApplicationView> {
      await identity.runCheck(context);
      return view(await reload(context.applicant.id));
    },

    flowOf: (context: ApplicantContext) => flowOf(context.applicant),
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
