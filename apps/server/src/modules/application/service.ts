/**
 * The draft application's steps (issue 3 contract, endpoints 1–4 and 10–12): each step is validated with
 * the domain's form schema (the server builds the context itself from the stored products), refused with
 * 409 'Step out of order' when the flow's `canVisit` says an earlier required step is missing, stored,
 * and marked complete. Every save is idempotent: the same body twice leaves the same draft.
 */
import { randomUUID } from 'node:crypto';
import {
  addressFormSchema,
  canVisit,
  deriveApplicationFlags,
  FLOWS,
  formatMessage,
  formatPhoneMask,
  hasTermRates,
  initializeApplicationRequestSchema,
  isJointAllowed,
  isMessageKey,
  isStepRequired,
  manualAddressSchema,
  matchStep,
  nextRoute,
  pathOf,
  personalInfoFormSchema,
  phoneDigits,
  phoneFormSchema,
  sinDigits,
  sinFormSchema,
  termChoiceFormSchema,
  type AddressForm,
  type ApplicationFlags,
  type ApplicationView,
  type CanVisitContext,
  type Flow,
  type PersonalInfoForm,
  type ProductOffering,
  type ProblemDetails,
  type StepId,
} from '@omo/domain';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import {
  createSinCipher,
  hashPassword,
  loadSinKey,
  randomToken,
  sha256Hex,
  type SinCipher,
} from '../../lib/crypto.ts';
import { HttpProblem, VALIDATION_DETAIL } from '../../plugins/problem-details.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import {
  createApplication,
  getApplication,
  INITIAL_PHONE_STATE,
  setPhoneVerified,
  uncompleteSteps,
  updateApplication,
  updatePhoneState,
  completeStep,
  type ApplicationRecord,
  type TermChoice,
} from './repository.ts';
import { toApplicationView } from './view.ts';

type FieldError = NonNullable<ProblemDetails['errors']>[number];

export const STEP_OUT_OF_ORDER = 'Step out of order';

export interface ApplicationServiceDeps {
  db: Database;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  cipher: SinCipher;
  /** Contact-centre phone for the {phone} of the messages. */
  contactPhone: string;
  /** Today (tests fix it). */
  now?: () => Date;
}

/** Parses `input` with a domain schema; a failure becomes the 400 problem with `errors: [{ path, key, message }]`. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  contactPhone: string,
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const key = issue.message;
    if (seen.has(`${path}\u0000${key}`)) continue;
    seen.add(`${path}\u0000${key}`);
    errors.push(
      isMessageKey(key)
        ? { path, key, message: formatMessage(key, 'en', { phone: contactPhone }) }
        : { path, message: key },
    );
  }
  throw new HttpProblem(400, VALIDATION_DETAIL, { errors });
}

/** Mailing-block fields, dropped when the mailing address is the home one. */
const MAILING_KEY = /^(ma[A-Z]|autoMailAddress)/;

/** Steps whose answers depend on the phone: a new number must be verified again. */
const PHONE_STEPS: StepId[] = ['phoneverification', 'verificationCode'];

/** Steps whose answers depend on the selected products (age limits, joint section, term, SIN). */
const PRODUCT_STEPS: StepId[] = ['personalinfo', 'confirmproducts', 'sin'];

export interface ApplicationFacts {
  flow: Flow;
  products: ProductOffering[];
  flags: ApplicationFlags;
  canVisitContext: CanVisitContext;
}

export function createApplicationService(deps: ApplicationServiceDeps) {
  const { db, catalogue, cipher, contactPhone } = deps;
  const now = deps.now ?? (() => new Date());
  const parse = <S extends z.ZodType>(schema: S, input: unknown) => parseOrThrow(schema, input, contactPhone);

  async function productsById(): Promise<Map<string, ProductOffering>> {
    return new Map((await catalogue.listProducts()).map((p) => [p.productID, p]));
  }

  async function factsOf(record: Pick<ApplicationRecord, 'flow' | 'productIds'>): Promise<ApplicationFacts> {
    const byId = await productsById();
    const products = record.productIds.flatMap((id) => {
      const p = byId.get(id);
      return p ? [p] : [];
    });
    const flags = deriveApplicationFlags(products);
    return {
      flow: FLOWS[record.flow],
      products,
      flags,
      canVisitContext: { isInterestBearing: flags.mInterestBearing },
    };
  }

  /** Where the applicant should be: after the furthest completed step, unless an earlier required one is missing. */
  function nextPathOf(record: ApplicationRecord, facts: ApplicationFacts): string {
    const { flow, canVisitContext: ctx } = facts;
    const done = new Set(record.completedSteps);
    const last = [...flow.steps].reverse().find((s) => done.has(s.id));
    if (last) {
      const next = nextRoute(flow, last.id, { isInterestBearing: ctx.isInterestBearing === true });
      if (next) {
        const step = matchStep(flow, next);
        if (!step || canVisit(flow, step.id, done, ctx)) return next;
      }
    }
    const missing = flow.steps.find(
      (s) => s.kind === 'step' && isStepRequired(flow, s, ctx) && !done.has(s.id),
    );
    return missing?.path ?? pathOf(flow, 'createprofile');
  }

  function assertCanVisit(record: ApplicationRecord, facts: ApplicationFacts, stepId: StepId): void {
    const { flow, canVisitContext: ctx } = facts;
    if (canVisit(flow, stepId, record.completedSteps, ctx)) return;
    const index = flow.steps.findIndex((s) => s.id === stepId);
    const missing = flow.steps
      .slice(0, Math.max(index, 0))
      .filter((s) => isStepRequired(flow, s, ctx) && !record.completedSteps.includes(s.id))
      .map((s) => s.id);
    throw new HttpProblem(
      409,
      `Complete the earlier steps first: ${missing.join(', ') || '(this step is not part of the flow)'}.`,
      { title: STEP_OUT_OF_ORDER },
    );
  }

  async function reload(id: string): Promise<ApplicationRecord> {
    const record = await getApplication(db, id);
    if (!record) throw new HttpProblem(401, 'No application in progress.');
    return record;
  }

  async function viewOf(record: ApplicationRecord): Promise<ApplicationView> {
    return toApplicationView(record, nextPathOf(record, await factsOf(record)));
  }

  /** A new phone number: verify again (status reset, counters kept). No-op when the digits are the same. */
  async function resetPhoneIfChanged(trx: Database, record: ApplicationRecord, phoneNumber: string) {
    if (record.phoneNumber !== null && phoneDigits(record.phoneNumber) === phoneDigits(phoneNumber)) return;
    await updatePhoneState(trx, record.id, { status: INITIAL_PHONE_STATE.status, channel: null });
    await setPhoneVerified(trx, record.id, null);
    await uncompleteSteps(trx, record.id, PHONE_STEPS);
  }

  return {
    view: viewOf,
    factsOf,

    /**
     * POST InitializeApplication: creates the draft, or updates the session's draft (no second one).
     * Returns the draft id and reference; the route issues (rotates) the session cookie.
     */
    async initialize(body: unknown, existing: ApplicationRecord | undefined) {
      const input = parse(initializeApplicationRequestSchema, body);
      const byId = await productsById();
      const unknown = input.productIds.filter((id) => !byId.has(id));
      if (unknown.length > 0) {
        throw new HttpProblem(400, `Unknown product id: ${unknown.join(', ')}.`, {
          errors: unknown.map((id) => ({
            path: `productIds.${input.productIds.indexOf(id)}`,
            message: `Unknown product id '${id}'.`,
          })),
        });
      }
      const productIds = [...new Set(input.productIds)];
      const passwordHash = await hashPassword(input.password);
      const fields = {
        appRefNo: input.appRefNo,
        email: input.email.toLowerCase(),
        passwordHash,
        promoCode: input.promoCode ? input.promoCode : null,
        referralCode: input.referralCode ? input.referralCode : null,
        consent: input.consent,
        productIds,
        sweepEnabled: input.sweepEnabled,
        skipAlloy: input.skipAlloy,
      };
      if (!existing) {
        const id = randomUUID();
        // The real session hash is set right after by reply.issueSession; this one matches no token.
        await createApplication(db, {
          id,
          sessionHash: sha256Hex(randomToken()),
          ...fields,
          completedSteps: ['createprofile'],
        });
        return { id, appRefNo: fields.appRefNo };
      }
      const productsChanged = JSON.stringify(existing.productIds) !== JSON.stringify(productIds);
      const interestBearing = productIds.some((id) => byId.get(id)?.isInterestBearing === true);
      await db.transaction().execute(async (trx) => {
        await updateApplication(trx, existing.id, {
          ...fields,
          ...(productsChanged ? { termChoice: null } : {}),
          ...(productsChanged && !interestBearing ? { sinCiphertext: null, sinLast3: null } : {}),
        });
        await completeStep(trx, existing.id, 'createprofile');
        // Answers kept for the form, but the steps that depend on the products must be submitted again.
        if (productsChanged) await uncompleteSteps(trx, existing.id, PRODUCT_STEPS);
      });
      return { id: existing.id, appRefNo: fields.appRefNo };
    },

    /** PUT Application/PersonalInfo. */
    async savePersonalInfo(record: ApplicationRecord, body: unknown): Promise<ApplicationView> {
      const facts = await factsOf(record);
      assertCanVisit(record, facts, 'personalinfo');
      const jointAllowed = isJointAllowed(facts.flags);
      const isJointFlow = record.flow === 'joint';
      const schema = personalInfoFormSchema({
        flags: facts.flags,
        today: now(),
        sweepEnabled: record.sweepEnabled,
        isJointFlow,
        jointAllowed,
        primaryEmail: record.email,
        // Age of majority: the province once the home address is known (18 before).
        ...(record.address?.provinceName ? { province: record.address.provinceName } : {}),
      });
      const parsed = parse(schema, body);
      const info: PersonalInfoForm = { ...parsed, phoneNumber: formatPhoneMask(parsed.phoneNumber) };
      // Hidden sections and 'no' answers clear their fields (spec 000 §4).
      if (!record.sweepEnabled) delete info.hasSweep;
      if (info.hasSweep !== 'yes') {
        delete info.sweepBelowBalance;
        delete info.sweepExceedsBalance;
      }
      if (isJointFlow || !jointAllowed) delete info.hasJointApp;
      if (info.hasJointApp !== 'yes') {
        delete info.jointFirstName;
        delete info.jointLastName;
        delete info.jointEmail;
      } else {
        info.jointEmail = info.jointEmail?.trim();
      }
      if (info.middleName === '') delete info.middleName;
      await db.transaction().execute(async (trx) => {
        await resetPhoneIfChanged(trx, record, info.phoneNumber);
        await updateApplication(trx, record.id, {
          personalInfo: info,
          phoneNumber: info.phoneNumber,
          phoneType: info.phoneType,
        });
        await completeStep(trx, record.id, 'personalinfo');
      });
      return viewOf(await reload(record.id));
    },

    /** PUT Application/Phone: the verification screen's Change/Submit. */
    async savePhone(record: ApplicationRecord, body: unknown): Promise<ApplicationView> {
      const facts = await factsOf(record);
      assertCanVisit(record, facts, 'phoneverification');
      const { phoneNumber: raw } = parse(phoneFormSchema, body);
      const phoneNumber = formatPhoneMask(raw);
      await db.transaction().execute(async (trx) => {
        await resetPhoneIfChanged(trx, record, phoneNumber);
        await updateApplication(trx, record.id, {
          phoneNumber,
          ...(record.personalInfo ? { personalInfo: { ...record.personalInfo, phoneNumber } } : {}),
        });
      });
      return viewOf(await reload(record.id));
    },

    /** PUT Application/Address. */
    async saveAddress(record: ApplicationRecord, body: unknown): Promise<ApplicationView> {
      const facts = await factsOf(record);
      assertCanVisit(record, facts, 'address');
      const address: AddressForm = parse(addressFormSchema, body);
      if (!address.isManualAddress && address.streetName && address.country) {
        // A chosen suggestion's fields, when sent, are held to the manual rules too (Canada only).
        parse(manualAddressSchema, address);
      }
      const stored: AddressForm = address.isMailingAddressSame
        ? (Object.fromEntries(
            Object.entries({ ...address, isManualMailingAddress: false }).filter(
              ([key]) => !MAILING_KEY.test(key),
            ),
          ) as AddressForm)
        : address;
      await db.transaction().execute(async (trx) => {
        await updateApplication(trx, record.id, { address: stored });
        await completeStep(trx, record.id, 'address');
      });
      return viewOf(await reload(record.id));
    },

    /** PUT Application/Products: term choices, required only when the product has term rates. */
    async saveProducts(record: ApplicationRecord, body: unknown): Promise<ApplicationView> {
      const facts = await factsOf(record);
      assertCanVisit(record, facts, 'confirmproducts');
      const termProduct = facts.products.find((p) => hasTermRates(p));
      const parsed = parse(termChoiceFormSchema(termProduct), body);
      const termChoice: TermChoice | null = termProduct
        ? { termPeriod: (parsed.termPeriod ?? '').trim(), termOption: (parsed.termOption ?? '').trim() }
        : null;
      await db.transaction().execute(async (trx) => {
        await updateApplication(trx, record.id, { termChoice });
        await completeStep(trx, record.id, 'confirmproducts');
      });
      return viewOf(await reload(record.id));
    },

    /**
     * PUT Application/Sin: only for interest-bearing applications; stored encrypted plus its last three digits.
     * `{ skip: true }` (the applicant gives it in person at a branch) completes the step without a SIN.
     */
    async saveSin(record: ApplicationRecord, body: unknown): Promise<ApplicationView> {
      const facts = await factsOf(record);
      if (!facts.flags.mInterestBearing) {
        throw new HttpProblem(409, 'A SIN is asked only for interest-bearing products.');
      }
      assertCanVisit(record, facts, 'sin');
      const isSkipped =
        typeof body === 'object' && body !== null && (body as { skip?: unknown }).skip === true;
      let stored: { sinCiphertext: string | null; sinLast3: string | null } = {
        sinCiphertext: null,
        sinLast3: null,
      };
      if (!isSkipped) {
        const { sin } = parse(sinFormSchema({ isTfsaOrFhsa: facts.flags.mTFSA || facts.flags.mFHSA }), body);
        const digits = sinDigits(sin);
        stored = { sinCiphertext: cipher.encrypt(digits, record.id), sinLast3: digits.slice(-3) };
      }
      await db.transaction().execute(async (trx) => {
        await updateApplication(trx, record.id, stored);
        await completeStep(trx, record.id, 'sin');
      });
      return viewOf(await reload(record.id));
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;

declare module 'fastify' {
  interface FastifyInstance {
    applications: ApplicationService;
  }
}

/** Decorates the app with the application service, shared by the application and phone routes. */
export const applicationServicePlugin = fp(
  async (app, { config }: { config: AppConfig }) => {
    const { key, source } = loadSinKey(config);
    app.log.info({ sinKey: source }, 'SIN encryption key loaded');
    app.decorate(
      'applications',
      createApplicationService({
        db: app.db,
        catalogue: app.catalogue,
        cipher: createSinCipher(key),
        contactPhone: config.contactPhone,
      }),
    );
  },
  { name: 'application-service', dependencies: ['database', 'catalogue-service'] },
);
