/**
 * The applicant's application: InitializeApplication (the server generates the reference number and
 * decides whether the identity provider is used) and one save per step. Every step is a `StepHandler`:
 * the flow step it completes, its API path, and how it validates (the domain's schema, with a context the
 * server builds itself) and stores its answers. A save is refused with 409 and the path the applicant
 * should be on when an earlier required step is not complete. What is complete is never stored: it is
 * derived from the answers (progress.ts). After a save, a check that the save made due (the co-applicant's
 * identity check) runs before the answer.
 */
import { randomUUID } from 'node:crypto';
import {
  accountUsageSchemaFor,
  applicantStateOf,
  addressFormSchema,
  APPLICATION_API_PATHS,
  applicationAccountUsageRequestSchema,
  applicationPhoneRequestSchema,
  applicationProductsRequestSchema,
  applicationSinRequestSchema,
  canVisitStep,
  checkAgeLimits,
  decideIdentityProviderShare,
  flagsOf,
  formatPhoneMask,
  generateReferenceCode,
  initializeApplicationRequestSchema,
  findCountry,
  legalTermsContextOf,
  legalTermsFormSchema,
  legalTermsViewSchema,
  manualAddressSchema,
  missingStepsBefore,
  normalizeBirthDate,
  personalInfoContextOf,
  personalInfoFormSchema,
  personalInfoViewSchema,
  phoneDigits,
  phoneFormSchema,
  provinceOfAddress,
  REFERENCE_CODE_RANDOM_LENGTH,
  reviewCodesFormSchema,
  reviewConsentRequestSchema,
  rollPercent,
  sinDigits,
  sinFormSchema,
  termChoiceFormSchema,
  termProductOf,
  type AddressForm,
  type ApplicationView,
  type FlowStep,
  type LegalTermsForm,
  type PersonalInfoForm,
  type StepId,
} from '@omo/domain';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { hashPassword, type SinCipher } from '../../lib/crypto.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { createIdentityService, type IdentityService } from '../identity/service.ts';
import { admitCoApplicant } from '../joint/service.ts';
import { parseOrThrow, STEP_OUT_OF_ORDER, validationProblem } from './problems.ts';
import { createProgressReader, flowOf, type ProgressRead, type ProgressReader } from './progress.ts';
import {
  createApplicant,
  createApplication,
  findApplicantContext,
  findIdentityProviderDraw,
  updateApplicant,
  updateApplication,
  updatePhoneState,
  type ApplicantContext,
  type ApplicantRole,
  type ProductChoice,
} from './repository.ts';
import { createLifecycle, type Lifecycle } from './lifecycle.ts';
import { nextPathFor, referenceNumberOf, toApplicationView } from './view.ts';

/** Mailing-block fields, dropped when the mailing address is the home one. */
const MAILING_KEY = /^(ma[A-Z]|autoMailAddress)/;

/** What a step's save is given. */
export interface StepInput extends ProgressRead {
  context: ApplicantContext;
  /** Parses with a domain schema (400 with field errors on failure). */
  parse<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S>;
}

/**
 * One save of the flow: which step it completes, where it is called, how it validates the body (before
 * any write: it may read reference lists) and how it stores the answers (in a transaction).
 */
export interface StepHandler<T = unknown> {
  stepId: StepId;
  path: string;
  summary: string;
  /** The body as the OpenAPI document shows it (the service validates with the domain's schema). */
  body: z.core.$ZodType;
  validate(input: StepInput, body: unknown): T | Promise<T>;
  store(trx: Database, input: StepInput, value: T): Promise<void>;
}

/** Declares a step handler, keeping its validated value's type between validate and store. */
function defineStep<T>(handler: StepHandler<T>): StepHandler {
  return handler as StepHandler;
}

export interface ApplicationServiceDeps {
  db: Database;
  catalogue: Pick<CatalogueService, 'listProducts' | 'listOccupations' | 'listPepPositions'>;
  sinCipher: SinCipher;
  identity: Pick<IdentityService, 'runCheck' | 'lapseIfChanged'>;
  lifecycle: Lifecycle;
  progress: ProgressReader;
  config: Pick<AppConfig, 'contactPhone' | 'idProviderSharePercent' | 'alloyEnabled' | 'isProduction'>;
}

/** True for the unique violation of PostgreSQL (and PGlite). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

export function createApplicationService(deps: ApplicationServiceDeps) {
  const { db, catalogue, sinCipher, identity, lifecycle, progress, config } = deps;
  const parse = <S extends z.core.$ZodType>(schema: S, input: unknown) =>
    parseOrThrow(schema, input, config.contactPhone);

  async function reload(applicantId: string): Promise<ApplicantContext> {
    const context = await findApplicantContext(db, applicantId);
    if (!context) throw new HttpProblem(401, 'No application in progress.');
    return context;
  }

  async function view(context: ApplicantContext): Promise<ApplicationView> {
    return toApplicationView(context, await progress.read(context));
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

  /** Runs a check that has become the next required step and has no screen of its own to run it. */
  async function runDueChecks(context: ApplicantContext): Promise<ApplicantContext> {
    const read = await progress.read(context);
    const next = read.progress.flow.steps.find((s) => s.id === read.progress.nextStepId);
    if (next?.kind !== 'check' || next.host) return context;
    await identity.runCheck(context);
    return reload(context.applicant.id);
  }

  /** Validates and stores one step's answers, then answers the view. */
  async function saveStep(
    handler: StepHandler,
    context: ApplicantContext,
    body: unknown,
  ): Promise<ApplicationView> {
    const read = await progress.read(context);
    assertCanSave(read, context, handler.stepId);
    assertHostedChecksDone(read, handler.stepId);
    const input: StepInput = { ...read, context, parse };
    const value = await handler.validate(input, body);
    await lifecycle.guard(context, 'editAnswers', async (trx) => {
      await handler.store(trx, input, value);
      await identity.lapseIfChanged(trx, context.applicant.id);
    });
    return view(await runDueChecks(await reload(context.applicant.id)));
  }

  /** A new phone number must be verified again: the verification restarts (the counters stay). */
  async function resetPhoneIfChanged(trx: Database, context: ApplicantContext, phoneNumber: string) {
    const { applicant } = context;
    if (applicant.phoneNumber !== null && phoneDigits(applicant.phoneNumber) === phoneDigits(phoneNumber))
      return;
    await updatePhoneState(trx, applicant.id, {
      status: 'none',
      channel: null,
      sid: null,
      serviceException: false,
    });
    await updateApplicant(trx, applicant.id, { phoneVerified: null });
  }

  const personalInfo = defineStep<PersonalInfoForm>({
    stepId: 'personalinfo',
    path: APPLICATION_API_PATHS.personalInfo,
    summary: "'Tell us about yourself' (personalInfoFormSchema; the server builds the context)",
    body: personalInfoViewSchema.partial(),
    validate(input, body) {
      const { context, facts } = input;
      const ctx = personalInfoContextOf(facts, provinceOfAddress(context.applicant.address));
      const parsed = input.parse(personalInfoFormSchema(ctx), body);
      const info: PersonalInfoForm = { ...parsed, phoneNumber: formatPhoneMask(parsed.phoneNumber) };
      // Hidden sections and 'no' answers clear their fields.
      if (!ctx.sweepEnabled) delete info.hasSweep;
      if (info.hasSweep !== 'yes') {
        delete info.sweepBelowBalance;
        delete info.sweepExceedsBalance;
      }
      if (ctx.isJointFlow || !ctx.jointAllowed) delete info.hasJointApp;
      if (info.hasJointApp !== 'yes') {
        delete info.jointFirstName;
        delete info.jointLastName;
        delete info.jointEmail;
      } else {
        info.jointEmail = info.jointEmail?.trim();
      }
      if (info.middleName === '') delete info.middleName;
      return info;
    },
    async store(trx, { context }, info) {
      await resetPhoneIfChanged(trx, context, info.phoneNumber);
      await updateApplicant(trx, context.applicant.id, {
        personalInfo: info,
        phoneNumber: info.phoneNumber,
        phoneType: info.phoneType,
      });
    },
  });

  const phone = defineStep<string>({
    stepId: 'phoneverification',
    path: APPLICATION_API_PATHS.phone,
    summary: 'The phone number of the verification screen (restarts the verification, not the counters)',
    body: applicationPhoneRequestSchema,
    validate: (input, body) => formatPhoneMask(input.parse(phoneFormSchema, body).phoneNumber),
    async store(trx, { context }, phoneNumber) {
      await resetPhoneIfChanged(trx, context, phoneNumber);
      const { personalInfo: info } = context.applicant;
      await updateApplicant(trx, context.applicant.id, {
        phoneNumber,
        ...(info ? { personalInfo: { ...info, phoneNumber } } : {}),
      });
    },
  });

  const address = defineStep<AddressForm>({
    stepId: 'address',
    path: APPLICATION_API_PATHS.address,
    summary: "'Where do you live?' (addressFormSchema); the age of majority is checked for the province",
    body: addressFormSchema,
    validate(input, body) {
      const { context, facts } = input;
      const parsed: AddressForm = input.parse(addressFormSchema, body);
      if (!parsed.isManualAddress && parsed.streetName && parsed.country) {
        // A chosen suggestion's fields, when sent, are held to the manual rules too (Canada only).
        input.parse(manualAddressSchema, parsed);
      }
      // The province sets the age of majority: an applicant too young there cannot go on.
      const info = context.applicant.personalInfo;
      const province = provinceOfAddress(parsed);
      if (info && province) {
        const issue = checkAgeLimits(flagsOf(facts), normalizeBirthDate(info), facts.today, province);
        if (issue?.key === 'age.majority') {
          const field = parsed.isManualAddress ? 'provinceName' : 'autoAddress';
          throw validationProblem([{ path: field, key: issue.key }], config.contactPhone);
        }
      }
      return parsed.isMailingAddressSame
        ? (Object.fromEntries(
            Object.entries({ ...parsed, isManualMailingAddress: false }).filter(
              ([key]) => !MAILING_KEY.test(key),
            ),
          ) as AddressForm)
        : parsed;
    },
    async store(trx, { context }, stored) {
      await updateApplicant(trx, context.applicant.id, { address: stored });
    },
  });

  const products = defineStep<ProductChoice>({
    stepId: 'confirmproducts',
    path: APPLICATION_API_PATHS.products,
    summary: 'Confirms the products, with the term choice of a product with term rates',
    body: applicationProductsRequestSchema,
    validate(input, body) {
      const termProduct = termProductOf(input.facts);
      const parsed = input.parse(termChoiceFormSchema(termProduct), body);
      return {
        productIds: input.facts.products.map((p) => p.productID),
        ...(termProduct
          ? { termPeriod: (parsed.termPeriod ?? '').trim(), termOption: (parsed.termOption ?? '').trim() }
          : {}),
      };
    },
    async store(trx, { context }, productChoice) {
      await updateApplication(trx, context.application.id, { productChoice });
    },
  });

  const sin = defineStep<{ digits: string | null }>({
    stepId: 'sin',
    path: APPLICATION_API_PATHS.sin,
    summary:
      'The SIN (interest-bearing applications only), stored encrypted; or { skip: true } to give it at a branch',
    body: applicationSinRequestSchema,
    validate(input, body) {
      const flags = flagsOf(input.facts);
      if (!flags.mInterestBearing) {
        throw new HttpProblem(409, 'A SIN is asked only for interest-bearing products.', {
          title: STEP_OUT_OF_ORDER,
          nextPath: nextPathFor(input),
        });
      }
      if ((body as { skip?: unknown } | null)?.skip === true) return { digits: null };
      const { sin: value } = input.parse(sinFormSchema({ isTfsaOrFhsa: flags.mTFSA || flags.mFHSA }), body);
      return { digits: sinDigits(value) };
    },
    async store(trx, { context }, { digits }) {
      await updateApplicant(
        trx,
        context.applicant.id,
        digits === null
          ? { sinCiphertext: null, sinLast3: null, sinSkipped: true }
          : {
              sinCiphertext: sinCipher.encrypt(digits, context.applicant.id),
              sinLast3: digits.slice(-3),
              sinSkipped: false,
            },
      );
    },
  });

  const accountUsage = defineStep<Record<string, unknown>>({
    stepId: 'finalizeaccount',
    path: APPLICATION_API_PATHS.accountUsage,
    summary: 'How each account will be used, by product id (the shorter form for registered plans)',
    body: applicationAccountUsageRequestSchema,
    validate(input, body) {
      // The accounts are the application's: the primary applicant answers for them.
      if (input.context.applicant.role !== 'primary') {
        throw new HttpProblem(403, "Only the primary applicant answers for the application's accounts.");
      }
      const { facts } = input;
      const answers = (body ?? {}) as Record<string, unknown>;
      const issues: { path: string; key: string }[] = [];
      const usage: Record<string, unknown> = {};
      for (const product of facts.products) {
        const result = accountUsageSchemaFor(product).safeParse(answers[product.productID]);
        if (result.success) usage[product.productID] = result.data;
        else {
          for (const issue of result.error.issues) {
            issues.push({
              path: [product.productID, ...issue.path.map(String)].join('.'),
              key: issue.message,
            });
          }
        }
      }
      if (issues.length > 0) throw validationProblem(issues, config.contactPhone);
      return usage;
    },
    async store(trx, { context }, usage) {
      await updateApplication(trx, context.application.id, { accountUsage: usage });
    },
  });

  const legalTerms = defineStep<LegalTermsForm>({
    stepId: 'legalterms',
    path: APPLICATION_API_PATHS.legalTerms,
    summary: "'Review the legal terms': the compliance questionnaire (legalTermsFormSchema)",
    body: legalTermsViewSchema.partial(),
    async validate(input, body) {
      const { facts } = input;
      const parsed: LegalTermsForm = input.parse(legalTermsFormSchema(legalTermsContextOf(facts)), body);
      // Answers are held to the reference lists the screen offers.
      const issues: { path: string; key: string }[] = [];
      const occupations = await catalogue.listOccupations();
      const occupation = occupations.find((o) => o.code === parsed.occupation?.id);
      if (!occupation) issues.push({ path: 'occupation', key: 'legal.occupation.required' });
      if (parsed.polExposed === 'yes') {
        const positions = await catalogue.listPepPositions();
        if (!positions.some((p) => p.code === parsed.positionHeld)) {
          issues.push({ path: 'positionHeld', key: 'legal.pep.position.required' });
        }
        if (!findCountry(parsed.countryPositionHeld)) {
          issues.push({ path: 'countryPositionHeld', key: 'legal.pep.country.required' });
        }
      }
      if (parsed.taxNotCanadaNotUS === 'yes' && !findCountry(parsed.crsCountry)) {
        issues.push({ path: 'crsCountry', key: 'legal.taxCountry.required' });
      }
      if (issues.length > 0) throw validationProblem(issues, config.contactPhone);
      return { ...parsed, occupation: { id: occupation!.code, name: occupation!.name } };
    },
    async store(trx, { context }, value) {
      await updateApplicant(trx, context.applicant.id, { legalTerms: value });
    },
  });

  const reviewConsent = defineStep<true>({
    stepId: 'reviewapplication',
    path: APPLICATION_API_PATHS.reviewConsent,
    summary: "'Review your application': the applicant agrees to the five statements (consentCompleted)",
    body: reviewConsentRequestSchema,
    validate: (input, body) => input.parse(reviewConsentRequestSchema, body).consent,
    async store(trx, { context }) {
      await updateApplicant(trx, context.applicant.id, { reviewConsent: true });
    },
  });

  const codes = defineStep<{ promoCode: string | null; referralCode: string | null }>({
    stepId: 'createprofile',
    path: APPLICATION_API_PATHS.codes,
    summary: "The promo and referral codes as edited on 'Review your application' (reviewCodesFormSchema)",
    body: reviewCodesFormSchema,
    validate(input, body) {
      // The codes are the application's, given by the primary applicant.
      if (input.context.applicant.role !== 'primary') {
        throw new HttpProblem(403, "Only the primary applicant can change the application's codes.");
      }
      const parsed = input.parse(reviewCodesFormSchema, body);
      return { promoCode: parsed.promoCode || null, referralCode: parsed.referralCode || null };
    },
    async store(trx, { context }, value) {
      await updateApplication(trx, context.application.id, value);
    },
  });

  /** Every save of the flow, in flow order. */
  const steps: readonly StepHandler[] = [
    codes,
    personalInfo,
    phone,
    address,
    products,
    sin,
    accountUsage,
    legalTerms,
    reviewConsent,
  ];

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
    const goesOn = await admitCoApplicant(db, applicationId, input, started, config.contactPhone, {
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
    steps,
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
        const stillInterestBearing = (await progress.productsOf({ productIds })).some(
          (p) => p.isInterestBearing,
        );
        await lifecycle.guard(existing, 'editAnswers', async (trx) => {
          await updateApplication(trx, application.id, applicationFields);
          await updateApplicant(trx, applicant.id, {
            ...applicantFields,
            // A SIN is kept only while a product needs it.
            ...(stillInterestBearing ? {} : { sinCiphertext: null, sinLast3: null, sinSkipped: false }),
          });
          await identity.lapseIfChanged(trx, applicant.id);
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

declare module 'fastify' {
  interface FastifyInstance {
    applications: ApplicationService;
    identity: IdentityService;
    lifecycle: Lifecycle;
  }
}

/** Decorates the app with the application and identity services, shared by several route modules. */
export const applicationServicePlugin = fp(
  async (app, { config }: { config: AppConfig }) => {
    const progress = createProgressReader({
      db: app.db,
      catalogue: app.catalogue,
      sinCipher: app.ciphers.sin,
      now: () => app.providers.clock.now(),
    });
    const lifecycle = createLifecycle({ db: app.db });
    app.decorate('lifecycle', lifecycle);
    const identity = createIdentityService({
      db: app.db,
      progress,
      identity: app.providers.identity,
      documents: app.providers.documents,
      clock: app.providers.clock,
      digests: app.ciphers.digests,
      lifecycle,
      config,
      // An identity check the provider did not answer is retried by a job (modules/identity/retry.ts).
      jobs: app.jobs,
    });
    app.decorate('identity', identity);
    app.decorate(
      'applications',
      createApplicationService({
        db: app.db,
        catalogue: app.catalogue,
        sinCipher: app.ciphers.sin,
        identity,
        lifecycle,
        progress,
        config,
      }),
    );
  },
  { name: 'application-service', dependencies: ['database', 'catalogue-service', 'ciphers', 'providers'] },
);
