/**
 * Entities of omo as zod schemas (spec 000 §3 and spec 001 §3), each with its inferred type (type name =
 * schema name in PascalCase without "Schema"). Field names stay exactly as the spec spells them because they
 * cross the API. Types the spec leaves open (it names fields, not their types) are decided here:
 * yes/no answers are booleans, amounts and percentages numbers, dates ISO `YYYY-MM-DD` strings, ids strings.
 *
 * No transforms or defaults: these schemas are also used as Fastify response schemas and for JSON Schema
 * (OpenAPI) output, where a transform cannot be represented.
 */
import { z } from 'zod';

/** ISO calendar date `YYYY-MM-DD` (birth dates, expiries). */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Local time `HH:MM` (24 h) of an opening hour. */
const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** Day of the week, 0 = Sunday … 6 = Saturday. */
const dayOfWeekSchema = z.number().int().min(0).max(6);

// ---------------------------------------------------------------------------------------------------------
// Products (spec 000 §3 "Product offering", spec 001 §3 "Product")
// ---------------------------------------------------------------------------------------------------------

/** Account type (spec 000 §3). */
export const ACCOUNT_TYPES = [
  'Chequing',
  'Savings',
  'USChequing',
  'GIC',
  'TFSA',
  'FHSA',
  'RRSP',
  'RIF',
  'Mortgage',
  'LOC',
  'CreditCard',
  'Other',
] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Unit of a term length. */
export const periodTypeSchema = z.enum(['Months', 'Years', 'Days']);

/** One term rate of a term deposit (period, periodType, description, rate in percent). */
const termRateSchema = z.object({
  period: z.number().int().positive(),
  periodType: periodTypeSchema,
  description: z.string(),
  rate: z.number().nonnegative(),
});

/** Term deposit configuration of a product (spec 000 §3 "Term deposit config"). */
export const termDepositAcctConfigSchema = z.object({
  isFixedLength: z.boolean(),
  defaultLength: z.number().int().nonnegative().nullable(),
  maxLength: z.number().int().nonnegative().nullable(),
  minAmount: z.number().nonnegative(),
  maxAmount: z.number().nonnegative(),
  /** Default maturity option (e.g. "rollover", "transfer"). */
  mdDefault: z.string().nullable(),
  mdAllowRenew: z.boolean(),
  mdAllowTransfer: z.boolean(),
  mdAllowCheque: z.boolean(),
  mdAllowMature: z.boolean(),
  mdAllowRollover: z.boolean(),
  /** Interest payment schedule (e.g. "AtMaturity", "Annually", "Monthly"). */
  intSchedule: z.string().nullable(),
  /** Interest disposition / decimal places as the core system states it; opaque to omo. */
  interestDP: z.union([z.number(), z.string()]).nullable(),
  termRate: z.array(termRateSchema),
});
export type TermDepositAcctConfig = z.infer<typeof termDepositAcctConfigSchema>;

/** Deposit account configuration (ours: minimum balance, interest rate in percent, sweep allowed). */
const depositAcctConfigSchema = z.object({
  minBalance: z.number().nonnegative(),
  interestRate: z.number().nonnegative(),
  sweepAllowed: z.boolean(),
});

/** Loan configuration (spec 000 §3 "Loan config"); deposit-only omo always stores null. */
const loanAcctConfigSchema = z.object({
  rateType: z.string().nullable(),
  locType: z.string().nullable(),
  promoRate: z.number().nullable(),
  termYrs: z.number().int().nullable(),
  termMos: z.number().int().nullable(),
  productRate: z.number().nullable(),
  prepayType: z.string().nullable(),
});

/** Groups of the /productlist page (spec 001 §2.13), in display order. */
export const PRODUCT_LIST_GROUPS = [
  'Chequing',
  'Savings',
  'US Dollar',
  'GICs',
  'TFSAs',
  'RRSPs',
  'Bundles',
  'Sweeps',
  'GIC Advantage',
  'FHSA',
] as const;
export const productListGroupSchema = z.enum(PRODUCT_LIST_GROUPS);
export type ProductListGroup = z.infer<typeof productListGroupSchema>;

/** The product-list group a single product belongs to (the others are extra links: product-links.json). */
const productGroupSchema = z.enum(['Chequing', 'Savings', 'US Dollar', 'GICs', 'TFSAs', 'RRSPs', 'FHSA']);

/** Group of an extra /productlist link (data/product-links.json). */
const productLinkGroupSchema = z.enum(['Bundles', 'Sweeps', 'GIC Advantage']);

/** French product text (ours). */
const productFrenchTextSchema = z.object({
  description: z.string(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  line3: z.string().nullable(),
  line4: z.string().nullable(),
  line5: z.string().nullable(),
  disclaimers: z.array(z.string()),
});

/**
 * Product offering (spec 000 §3) plus three fields of ours: `group` (the /productlist group),
 * `disclaimers` (English) and `fr` (French text). This is the shape of data/products.json and of the
 * OnlineAccountList / GetProduct answers.
 */
export const productOfferingSchema = z.object({
  productID: z.string().min(1),
  productCode: z.string().min(1),
  accountCategory: accountTypeSchema,
  description: z.string().min(1),
  /** Free text: "", "STUDENT", "SENIOR", "NTC", "SNRPLUS"… read by `deriveApplicationFlags`. */
  benefit: z.string(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  line3: z.string().nullable(),
  line4: z.string().nullable(),
  line5: z.string().nullable(),
  applyNowURL: z.string(),
  featured: z.boolean(),
  moreInfoURL: z.string(),
  displayOrder: z.number().int(),
  isInterestBearing: z.boolean(),
  depositAcctConfig: depositAcctConfigSchema.nullable(),
  termDepositAcctConfig: termDepositAcctConfigSchema.nullable(),
  loanAcctConfig: loanAcctConfigSchema.nullable(),
  group: productGroupSchema,
  /**
   * Ours: what funding the account asks (the funding step), in the account's currency: the minimum opening
   * deposit, and for TFSA and FHSA the annual contribution limit (null for the others).
   */
  funding: z.object({
    minOpeningDeposit: z.number().nonnegative(),
    annualContributionLimit: z.number().positive().nullable(),
  }),
  disclaimers: z.array(z.string()),
  fr: productFrenchTextSchema,
});
export type ProductOffering = z.infer<typeof productOfferingSchema>;

/** An extra /productlist link (data/product-links.json). */
export const productListLinkSchema = z.object({
  group: productLinkGroupSchema,
  label: z.string().min(1),
  labelFr: z.string().min(1),
  productIds: z.array(z.string().min(1)).min(1).max(2),
  sweep: z.boolean().optional(),
  prm: z.enum(['PromoGIC', 'PromoTst']).optional(),
});
export type ProductListLink = z.infer<typeof productListLinkSchema>;

/** A promo code (data/promo-codes.json). */
export const promoCodeEntrySchema = z.object({
  code: z.string().min(1).max(8),
  productIds: z.array(z.string().min(1)),
  description: z.string(),
});
export type PromoCodeEntry = z.infer<typeof promoCodeEntrySchema>;

// ---------------------------------------------------------------------------------------------------------
// Reference lists
// ---------------------------------------------------------------------------------------------------------

/** An occupation of the occupation list (name, code; French name of ours). */
export const occupationSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  nameFr: z.string().optional(),
});
export type Occupation = z.infer<typeof occupationSchema>;

/** FINTRAC category of a politically exposed position: domestic PEP, foreign PEP, head of an international organisation. */
const pepCategorySchema = z.enum(['domestic', 'foreign', 'hio']);

/** A politically exposed position (name, code). */
export const pepPositionSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  nameFr: z.string().optional(),
  category: pepCategorySchema.optional(),
});
export type PepPosition = z.infer<typeof pepPositionSchema>;

// ---------------------------------------------------------------------------------------------------------
// Phone verification and post offices
// ---------------------------------------------------------------------------------------------------------

/** Phone channel of a verification. */
export const phoneChannelSchema = z.enum(['sms', 'call']);
export type PhoneChannel = z.infer<typeof phoneChannelSchema>;

/** Post office of the in-person fallback (spec 000 §3 "post-office lookup"; data/post-offices.json). */
export const postOfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  bilingualServices: z.boolean(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    line3: z.string().nullable(),
    city: z.string(),
    province: z.string(),
    postalCode: z.string(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  hours: z.array(
    z.object({ dayOfWeek: dayOfWeekSchema, openingTime: timeOfDaySchema, closingTime: timeOfDaySchema }),
  ),
  /** Distance in km from the applicant's home; absent in the seed data. */
  distance: z.number().nonnegative().optional(),
});
export type PostOffice = z.infer<typeof postOfficeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Compliance and legal terms
// ---------------------------------------------------------------------------------------------------------

/** Purpose code '1'..'9' (spec 001 §3). */
export const purposeCodeSchema = z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
export type PurposeCode = z.infer<typeof purposeCodeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Usage and products of an application
// ---------------------------------------------------------------------------------------------------------

/** Usage type (spec 000 §3); purpose codes 1..9 map to these in order. */
export const USAGE_TYPE_VALUES = [
  'PayrollandorLivingExpenses',
  'Pension',
  'RecreationEntertainment',
  'SavingsEducation',
  'SavingsRetirement',
  'SavingsHomeAssetPurchase',
  'SavingsTravel',
  'HomeImprovementsSavingsExpenses',
  'Other',
] as const;
export const usageTypeSchema = z.enum(USAGE_TYPE_VALUES);
export type UsageType = z.infer<typeof usageTypeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Identity, membership, joint code, block list
// ---------------------------------------------------------------------------------------------------------

/**
 * Membership (save) response (spec 000 §3, spec 001 §3). `hasResponse` says a stored response is being
 * reused. `showDeclineScreen` is ours: the spec's tables route a refusal nowhere but /error/1, while its
 * pages include applicationdecline.
 */
export const membershipResponseSchema = z.object({
  primaryCustNo: z.string().nullable(),
  jointCustNo: z.string().nullable(),
  appRefNo: z.string().nullable(),
  applicantId: z.string().nullable(),
  applicationId: z.string().nullable(),
  errMsg: z.string().nullable(),
  showCanadaPostScreen: z.boolean(),
  showAgeErrorScreen: z.boolean(),
  showGenericErrorScreen: z.boolean(),
  showBlockListErrorScreen: z.boolean(),
  showPrimaryCompleteScreen: z.boolean(),
  showJointCompleteScreen: z.boolean(),
  showCustomErrorScreen: z.boolean(),
  showTimeoutScreen: z.boolean(),
  showSavingsAccountOfferScreen: z.boolean(),
  showDeclineScreen: z.boolean(),
  hasResponse: z.boolean().optional(),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

/** Block-list result. */
export const blockListResultSchema = z.object({ blockListFound: z.boolean() });

// ---------------------------------------------------------------------------------------------------------
// Branches, configuration, errors
// ---------------------------------------------------------------------------------------------------------

/** Branch/ATM site type. */
const siteTypeSchema = z.enum(['Branch', 'ATM', 'Branch and ATM']);

/** Opening hours of one weekday; closed days are omitted. */
const openingHoursSchema = z.object({
  dayOfWeek: dayOfWeekSchema,
  openingTime: timeOfDaySchema,
  closingTime: timeOfDaySchema,
});

/** Branch/ATM location (spec 000 §3; data/branches.json). */
export const branchLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  siteType: siteTypeSchema,
  phones: z.array(z.object({ type: z.string(), number: z.string() })),
  address: z.object({
    street: z.string(),
    city: z.string(),
    province: z.string(),
    postalCode: z.string(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  hours: z.array(openingHoursSchema),
  cashMachine: z.object({ depositTaking: z.boolean(), currencies: z.array(z.string()) }).nullable(),
  /** Distance in km from the searched point; set by the server. */
  distanceKm: z.number().nonnegative().optional(),
});
export type BranchLocation = z.infer<typeof branchLocationSchema>;

/** Problem-details error (RFC 9457) with omo's field errors: `message` is a MessageKey or English text. */
export const problemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string(), key: z.string().optional() })).optional(),
  /** Where the applicant should be instead (a step saved out of order). */
  nextPath: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
