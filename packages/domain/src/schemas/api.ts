/**
 * HTTP contracts of omo's API (spec 000 §7, spec 001 §7). `API_PATHS` is the one table of paths both the
 * browser client and the Fastify routes use; the schemas here cover the calls that need no applicant.
 */
import { z } from 'zod';
import {
  phoneChannelSchema,
  blockListResultSchema,
  branchLocationSchema,
  isoDateSchema,
  occupationSchema,
  pepPositionSchema,
  productListGroupSchema,
  productListLinkSchema,
  productOfferingSchema,
  postOfficeSchema,
  membershipResponseSchema,
} from './entities.ts';
import { addressPartsShape } from './address-fields.ts';
import { IDENTITY_STATUSES } from '../flows/identity.ts';
import { DECISION_OUTCOMES, DECISION_STATES } from '../flows/decision.ts';
import { applyAsSingleFormSchema, createProfileFormSchema } from './forms/create-profile.ts';
import { idVerifyTermsFormSchema } from './forms/id-verify-terms.ts';
import type { Language } from '../messages/messages.types.ts';
import { nullParameterMessage } from './api-paths.ts';
import { WEB_API_CONFIG_SHAPE, type ConfigShape, type ValueOfShape } from './api-config.ts';

/** GET /api/omo/OnlineAccountList and GetProduct answer. */
export const productListSchema = z.array(productOfferingSchema);

/**
 * GET /api/omo/GetProduct query: `prodCodes`, product ids or codes separated by ';' or ','. Missing → the
 * server answers 400 with detail `nullParameterMessage('prodCodes')`.
 */
export const getProductQuerySchema = z.object({
  prodCodes: z
    .string({ error: nullParameterMessage('prodCodes') })
    .min(1, { error: nullParameterMessage('prodCodes') }),
});

/** GET /api/omo/GetOccupationList answer. */
export const occupationListSchema = z.array(occupationSchema);

/** GET /api/omo/GetPepPositionList answer. */
export const pepPositionListSchema = z.array(pepPositionSchema);

/** The zod schema of a configuration shape (api-config.ts): unknown fields are dropped, as there. */
function zodOfShape<S extends ConfigShape>(shape: S): z.ZodType<ValueOfShape<S>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([name, kind]) => [
      name,
      typeof kind === 'object'
        ? zodOfShape(kind)
        : kind === 'boolean'
          ? z.boolean()
          : kind === 'string'
            ? z.string()
            : kind === 'string|null'
              ? z.string().nullable()
              : z.number().int().min(0).max(100),
    ]),
  );
  return z.object(fields) as unknown as z.ZodType<ValueOfShape<S>>;
}

/** GET /api/omo/GetApiConfig answer: the server's response schema. */
export const webApiConfigSchema = zodOfShape(WEB_API_CONFIG_SHAPE);

/** POST /api/omo/GetBranchLocations body. */
export const branchLocationsRequestSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** POST /api/omo/GetBranchLocations answer. */
export const branchLocationsResponseSchema = z.object({ locations: z.array(branchLocationSchema) });

/** POST /api/omo/BlocklistCheck body (spec 001 §7): birthDate YYYY-MM-DD. */
export const blocklistCheckRequestSchema = z.object({
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  birthDate: isoDateSchema,
});

/** POST /api/omo/BlocklistCheck answer. */
export const blocklistCheckResponseSchema = blockListResultSchema;

/** POST /api/omo/GetApplicationFromJointCode query. */
export const jointCodeQuerySchema = z.object({
  jointCode: z
    .string({ error: nullParameterMessage('jointCode') })
    .min(1, { error: nullParameterMessage('jointCode') }),
});

/**
 * POST /api/omo/GetApplicationFromJointCode answer (spec 001 §3): whether the invitation has ended, the
 * products, and the co-applicant's own names and e-mail as the primary gave them; nothing else of the
 * primary's application.
 */
export const jointCodeLookupResponseSchema = z.object({
  isExpired: z.boolean(),
  productIds: z.array(z.string()),
  jointFirstName: z.string(),
  jointLastName: z.string(),
  jointEmail: z.string(),
  /** Who invited the co-applicant (the primary applicant's first and last name; ours). */
  inviterFirstName: z.string(),
  inviterLastName: z.string(),
});
export type JointCodeLookupResponse = z.infer<typeof jointCodeLookupResponseSchema>;

/** POST /api/omo/CanadaPostCreate query. */
export const canadaPostCreateQuerySchema = z.object({
  applicantId: z
    .string({ error: nullParameterMessage('applicantId') })
    .min(1, { error: nullParameterMessage('applicantId') }),
});

/** POST /api/omo/ApplyAsSingle query: code and type (applicant type). */
export const applyAsSingleQuerySchema = z.object({
  code: z.string({ error: nullParameterMessage('code') }).min(1, { error: nullParameterMessage('code') }),
  type: z.string({ error: nullParameterMessage('type') }).min(1, { error: nullParameterMessage('type') }),
});

/**
 * POST /api/omo/ApplyAsSingle body (ours; the spec's call has none): the primary confirms going on alone
 * with their password, so the link alone (a mail scanner following it) does nothing.
 */
export const applyAsSingleRequestSchema = applyAsSingleFormSchema;

// ---------------------------------------------------------------------------------------------------------
// Web configuration, /productlist page and outbox (moved from the server)
// ---------------------------------------------------------------------------------------------------------

/** GET /api/dev/productlist answer: the /productlist page's groups, in the spec's order. */
export const productListPageSchema = z.object({
  groups: z.array(
    z.object({
      name: productListGroupSchema,
      links: z.array(productListLinkSchema.omit({ group: true })),
    }),
  ),
});

const outboxChannelSchema = z.enum(['sms', 'voice', 'email']);

/** One message of GET /api/dev/outbox (newest first): what a sandbox provider "sent". */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: outboxChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  /** The text (an e-mail's plain-text part). */
  body: z.string(),
  /** An e-mail's HTML part. */
  html: z.string().nullable().optional(),
  sentAt: z.string().describe('ISO 8601 time the message was written'),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Draft application (issue 3): session-bound endpoints under /api/omo/
// ---------------------------------------------------------------------------------------------------------

/** GET /api/omo/Session and POST /api/omo/Session/Extend: when the session ends, and when to warn. */
export const sessionStatusSchema = z.object({
  /** Seconds left before the session ends unless it is used (SESSION_IDLE_MINUTES after its last use). */
  expiresInSeconds: z.number().int().min(0),
  /** How long before the end the applicant is warned and offered to stay signed in (SESSION_WARNING_MINUTES). */
  warningSeconds: z.number().int().positive(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/**
 * POST /api/omo/Session/Arrival answer: whether this device holds a draft in progress (and where it
 * continues). Nothing else of it: the visitor may be someone else.
 */
export const sessionArrivalSchema = z.object({
  hasDraft: z.boolean(),
  nextPath: z.string().nullable(),
});
export type SessionArrival = z.infer<typeof sessionArrivalSchema>;

/**
 * POST /api/omo/InitializeApplication body: the 'Create your profile' form, the products and sweep choice
 * of the landing page, the flow the profile was created in, and whether the getstarted page was opened with
 * forcetutest=true (which the server honours off production only). The server generates the reference
 * number and decides whether the identity provider is used; the answer is the JSON string appRefNo.
 */
export const initializeApplicationRequestSchema = z.object({
  ...createProfileFormSchema.shape,
  productIds: z.array(z.string().trim().min(1).max(40)).min(1).max(10),
  sweepEnabled: z.boolean().default(false),
  flow: z.enum(['single', 'joint']).default('single'),
  forceTuTest: z.boolean().default(false),
  /** The invitation's code: the joint flow joins the primary's application through it. */
  jointCode: z.string().min(1).max(200).optional(),
});
export type InitializeApplicationRequest = z.input<typeof initializeApplicationRequestSchema>;

/** PUT /api/omo/Application/Phone body (the verification screen's Change/Submit): see phoneFormSchema. */
export const applicationPhoneRequestSchema = z.object({ phoneNumber: z.string() });

/** PUT /api/omo/Application/Products body (term choices; required only for products with term rates). */
export const applicationProductsRequestSchema = z.object({
  termPeriod: z.string().optional(),
  termOption: z.string().optional(),
});

/**
 * PUT /api/omo/Application/Sin body: the SIN, or `skip: true` when the applicant will give it in person at
 * a branch (the review then shows no SIN section).
 */
export const applicationSinRequestSchema = z.union([
  z.object({ sin: z.string() }),
  z.object({ skip: z.literal(true) }),
]);

/** One product's account-usage answers (0 Never .. 3 All the time). */
const accountUsageAnswersSchema = z.object({
  creditSources: z.record(z.string(), z.number().int().min(0).max(3)),
  depositSources: z.record(z.string(), z.number().int().min(0).max(3)),
});

/** PUT /api/omo/Application/AccountUsage body: each product's answers, by product id. */
export const applicationAccountUsageRequestSchema = z.record(z.string(), accountUsageAnswersSchema);

/** POST /api/omo/DocumentVerification/Start body: the ID verification consent, ticked. */
export const documentVerificationStartRequestSchema = idVerifyTermsFormSchema;

const yesNoValue = z.enum(['yes', 'no']);

/** The personal-information answers as stored (personalInfoFormSchema output: names trimmed). */
export const personalInfoViewSchema = z.object({
  firstName: z.string(),
  middleName: z.string().optional(),
  lastName: z.string(),
  dob_month: z.string(),
  dob_day: z.string(),
  dob_year: z.string(),
  phoneNumber: z.string(),
  phoneType: z.enum(['mobile', 'home']),
  hasSweep: yesNoValue.optional(),
  sweepBelowBalance: z.string().optional(),
  sweepExceedsBalance: z.string().optional(),
  hasJointApp: yesNoValue.optional(),
  jointFirstName: z.string().optional(),
  jointLastName: z.string().optional(),
  jointEmail: z.string().optional(),
});

const optionalText = () => z.string().optional();
const OPTIONAL_ADDRESS_PARTS = {
  streetNumber: optionalText(),
  unitNumber: optionalText(),
  streetName: optionalText(),
  cityName: optionalText(),
  provinceName: optionalText(),
  postalCode: optionalText(),
  country: optionalText(),
};

/** The address answers as stored (addressFormSchema output). */
export const addressViewSchema = z.object({
  isManualAddress: z.boolean(),
  autoAddress: z.string().optional(),
  autoAddressSelectedId: z.string().optional(),
  ...addressPartsShape('home', OPTIONAL_ADDRESS_PARTS),
  isMailingAddressSame: z.boolean(),
  isManualMailingAddress: z.boolean(),
  autoMailAddress: z.string().optional(),
  autoMailAddressSelectedId: z.string().optional(),
  ...addressPartsShape('mailing', OPTIONAL_ADDRESS_PARTS),
});

/** The compliance answers as stored (legalTermsFormSchema output). */
export const legalTermsViewSchema = z.object({
  resStatus: yesNoValue,
  taxResidentorCitizenUs: yesNoValue,
  taxNotCanadaNotUS: yesNoValue,
  crsUsTin: z.string().optional(),
  crsCountry: z.string().optional(),
  crsTin: z.string().optional(),
  polExposed: yesNoValue,
  politicallyExposedType: z.string().optional(),
  positionHeld: z.string().optional(),
  countryPositionHeld: z.string().optional(),
  ontarioWork: yesNoValue,
  occupation: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  ownerOperator: yesNoValue,
  singleInstitution: yesNoValue,
  natureOfBanking: z.enum(['Personal', 'PersonalBusiness']),
  primaryPurpose: z.string(),
  primaryOtherPurpose: z.string().optional(),
  primaryPurposeGIC: z.string().optional(),
  primaryOtherPurposeGIC: z.string().optional(),
});

/** The bodies of the personal-information and legal-terms saves as the OpenAPI document shows them. */
export const personalInfoRequestSchema = personalInfoViewSchema.partial();
export const legalTermsRequestSchema = legalTermsViewSchema.partial();

/** Status of a phone verification. */
export const phoneStatusSchema = z.enum(['none', 'pending', 'approved', 'failed', 'skipped']);
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** The phone-verification state of an applicant (also the `phone` of the PhoneVerification answers). */
export const applicationPhoneViewSchema = z.object({
  number: z.string().nullable(),
  type: z.enum(['mobile', 'home']).nullable(),
  verified: z.boolean(),
  status: phoneStatusSchema,
  channel: phoneChannelSchema.nullable(),
  sendFailCounter: z.number().int().min(0),
  resendCounter: z.number().int().min(0),
  invalidCounter: z.number().int().min(0),
  /** Resend links shown: a verification is pending and fewer than 3 resends and 3 invalid codes. */
  canResend: z.boolean(),
  /** Continue enabled: verified, a counter reached 3, or the provider could not check a code. */
  canContinue: z.boolean(),
  /** Codes that may still be tried before a new code is needed. */
  triesLeft: z.number().int().min(0).optional(),
  /** The wrong codes are used up and a new code may be sent, by text or voice (decision 0091). */
  canGetNewCode: z.boolean().optional(),
  lastFour: z.string().nullable(),
});
export type ApplicationPhoneView = z.infer<typeof applicationPhoneViewSchema>;

/** The progress the server derives from the saved answers (the tracker and the step guards read it). */
export const progressViewSchema = z.object({
  steps: z.array(
    z.object({
      id: z.string(),
      path: z.string().nullable(),
      required: z.boolean(),
      complete: z.boolean(),
      /** Every earlier required step is complete. */
      canVisit: z.boolean(),
    }),
  ),
  /** The first required step not complete; null when the application is complete. */
  nextStepId: z.string().nullable(),
  isComplete: z.boolean(),
  groups: z.object({
    profile: z.boolean(),
    address: z.boolean(),
    confirmProduct: z.boolean(),
    finalizeAccount: z.boolean(),
  }),
});
export type ProgressView = z.infer<typeof progressViewSchema>;

/**
 * GET /api/omo/Application (and the answer of every step's save): the applicant's application as the
 * browser may see it. Never the password, the SIN (only masked '***-***-544') or a code.
 */
export const applicationViewSchema = z.object({
  /** The applicant's reference number (prefix, 8 characters, P or J). */
  appRefNo: z.string(),
  flow: z.enum(['single', 'joint']),
  email: z.string(),
  promoCode: z.string(),
  referralCode: z.string(),
  consent: z.boolean(),
  productIds: z.array(z.string()),
  sweepEnabled: z.boolean(),
  personalInfo: personalInfoViewSchema.nullable(),
  phone: applicationPhoneViewSchema,
  address: addressViewSchema.nullable(),
  products: z.object({ termPeriod: z.string(), termOption: z.string() }).nullable(),
  sin: z.object({
    provided: z.boolean(),
    skipped: z.boolean(),
    masked: z
      .string()
      .regex(/^\*\*\*-\*\*\*-[0-9]{3}$/)
      .nullable(),
  }),
  accountUsage: z.record(z.string(), accountUsageAnswersSchema).nullable(),
  /** recheck: answers the result was computed from changed since, so the check runs again. */
  identity: z.object({
    status: z.enum(IDENTITY_STATUSES),
    recheck: z.boolean().optional(),
    /** The credit bureau whose file the identity check used, when it used one (the decline page says so). */
    creditBureau: z.string().nullable().optional(),
  }),
  legalTerms: legalTermsViewSchema.nullable(),
  /** The review's consent to the five statements (consentCompleted). */
  reviewConsent: z.boolean(),
  termsAccepted: z.boolean(),
  /**
   * The answers of the steps without a field of their own above, by step id (a step declared after them),
   * as its contract parsed them; an answer of the application only to those who answer it.
   */
  answers: z.record(z.string(), z.unknown()),
  /** The decision, once the application was submitted. */
  decision: z.lazy(() => decisionViewSchema).nullable(),
  progress: progressViewSchema,
  /** Where the applicant should be now (the outcome page once decided). */
  nextPath: z.string(),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** POST /api/omo/DocumentVerification/Start answer: where the applicant captures the documents. */
export const documentVerificationStartResponseSchema = z.object({
  runId: z.string(),
  /** The capture page: the sandbox's own screen, or the provider's hosted link. */
  captureUrl: z.string(),
});
export type DocumentVerificationStartResponse = z.infer<typeof documentVerificationStartResponseSchema>;

/** GET /api/omo/DocumentVerification/Status answer: the identity status and where to go once it moved. */
export const documentVerificationStatusResponseSchema = z.object({
  status: z.enum(IDENTITY_STATUSES),
  /** The document step is over (submitted, decided or expired): the applicant may go on. */
  isDone: z.boolean(),
  nextPath: z.string(),
});
export type DocumentVerificationStatusResponse = z.infer<typeof documentVerificationStatusResponseSchema>;

/** The language of the applicant's messages (e-mails), as chosen on screen. */
export const languageSchema = z.enum(['en', 'fr']) satisfies z.ZodType<Language>;

/**
 * POST /api/omo/SaveApplication body: the terms are accepted (with the FHSA declaration when the application
 * holds an FHSA). The server re-validates the whole application and decides; the answer is the save
 * response (spec 001 §3), the same stored one for every later submit.
 */
export const saveApplicationRequestSchema = z.object({
  termsAccepted: z.literal(true, { error: 'terms.accept.required' }),
  fhsaDeclaration: z.boolean().default(false),
  language: languageSchema.default('en'),
});
export type SaveApplicationRequest = z.input<typeof saveApplicationRequestSchema>;

/** PUT /api/omo/Application/ReviewConsent body: the five statements of the review are agreed to. */
export const reviewConsentRequestSchema = z.object({ consent: z.literal(true) });

/** GET /api/omo/Application/Sin/Reveal answer: the SIN in full, grouped as its mask ('046-454-286'). */
export const sinRevealResponseSchema = z.object({ sin: z.string() });

/** The decision as the browser sees it: the save response and the outcome page it routes to. */
export const decisionViewSchema = z.object({
  state: z.enum(DECISION_STATES),
  outcome: z.enum(DECISION_OUTCOMES).nullable(),
  response: membershipResponseSchema,
  /** The outcome page of the response (spec 001 §4.2–4.3). */
  route: z.string(),
  /** The products the membership opened, in order; the welcome page names the first. */
  openedProductIds: z.array(z.string()),
  /** A debit card is on its way (the first product is a chequing or savings account). */
  debitCardOrdered: z.boolean(),
  /** The credit union's question waiting for the applicant's answer, or null. */
  question: z.string().nullable(),
  /** Why staff could not accept the applicant's ID documents, or null. */
  documentsRefusedReason: z.string().nullable(),
});

/**
 * The submit's answer (SaveApplication, SaveJointApplication): the membership response and, when the
 * caller asks for it (`?view=true`), the application's view as decided, so the outcome page needs no read.
 */
export const submitResponseSchema = membershipResponseSchema.extend({
  view: applicationViewSchema
    .optional()
    .describe("The application's view after the submit (asked with ?view=true)"),
});
export type SubmitResponse = z.infer<typeof submitResponseSchema>;

/** The submit's query: `view=true` asks for the view with the answer. */
export const submitQuerySchema = z.object({
  view: z.enum(['true', 'false']).optional().describe("'true': the answer carries the application's view"),
});

/** POST /api/omo/AnswerStaffQuestion: the applicant's answer to the credit union's question. */
export const staffQuestionAnswerSchema = z.object({ answer: z.string().trim().min(1).max(2000) });
export type DecisionView = z.infer<typeof decisionViewSchema>;

/** POST /api/omo/CreateIDVerificationRequest answer (spec 001 §3 identity-request response). */
export const idVerificationRequestResponseSchema = z.object({ id: z.string() });

/**
 * POST /api/omo/CanadaPostCreate answer: the in-person ID request at a post office. dssNumber is the
 * barcode (a Code 128 PNG, base64) of the request's number; postOffice the nearest to the home address.
 */
export const canadaPostCreateResponseSchema = z.object({
  dssNumber: z.string(),
  barcodeText: z.string(),
  postOffice: postOfficeSchema.nullable(),
  /** The last day to show the ID in person (YYYY-MM-DD, inPersonIdShowBy). */
  showBy: z.string(),
});
export type CanadaPostCreateResponse = z.infer<typeof canadaPostCreateResponseSchema>;

/** GET /api/omo/Application/NearestBranch answer: the branch nearest the home postal code, if any. */
export const nearestBranchResponseSchema = z.object({ branch: branchLocationSchema.nullable() });
export type NearestBranchResponse = z.infer<typeof nearestBranchResponseSchema>;
