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
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** Day of the week, 0 = Sunday … 6 = Saturday. */
export const dayOfWeekSchema = z.number().int().min(0).max(6);

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
export type PeriodType = z.infer<typeof periodTypeSchema>;

/** One term rate of a term deposit (period, periodType, description, rate in percent). */
export const termRateSchema = z.object({
  period: z.number().int().positive(),
  periodType: periodTypeSchema,
  description: z.string(),
  rate: z.number().nonnegative(),
});
export type TermRate = z.infer<typeof termRateSchema>;

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
export const depositAcctConfigSchema = z.object({
  minBalance: z.number().nonnegative(),
  interestRate: z.number().nonnegative(),
  sweepAllowed: z.boolean(),
});
export type DepositAcctConfig = z.infer<typeof depositAcctConfigSchema>;

/** Loan configuration (spec 000 §3 "Loan config"); deposit-only omo always stores null. */
export const loanAcctConfigSchema = z.object({
  rateType: z.string().nullable(),
  locType: z.string().nullable(),
  promoRate: z.number().nullable(),
  termYrs: z.number().int().nullable(),
  termMos: z.number().int().nullable(),
  productRate: z.number().nullable(),
  prepayType: z.string().nullable(),
});
export type LoanAcctConfig = z.infer<typeof loanAcctConfigSchema>;

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
export const productGroupSchema = z.enum([
  'Chequing',
  'Savings',
  'US Dollar',
  'GICs',
  'TFSAs',
  'RRSPs',
  'FHSA',
]);
export type ProductGroup = z.infer<typeof productGroupSchema>;

/** Group of an extra /productlist link (data/product-links.json). */
export const productLinkGroupSchema = z.enum(['Bundles', 'Sweeps', 'GIC Advantage']);
export type ProductLinkGroup = z.infer<typeof productLinkGroupSchema>;

/** French product text (ours). */
export const productFrenchTextSchema = z.object({
  description: z.string(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  line3: z.string().nullable(),
  line4: z.string().nullable(),
  line5: z.string().nullable(),
  disclaimers: z.array(z.string()),
});
export type ProductFrenchText = z.infer<typeof productFrenchTextSchema>;

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

/** Selected-product summary kept by the client (spec 001 §3 "selectedProducts"). */
export const selectedProductSummarySchema = z.object({
  productID: z.string(),
  description: z.string(),
  productCode: z.string(),
  termDepositAcctConfig: termDepositAcctConfigSchema.nullable(),
});
export type SelectedProductSummary = z.infer<typeof selectedProductSummarySchema>;

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
export const pepCategorySchema = z.enum(['domestic', 'foreign', 'hio']);
export type PepCategory = z.infer<typeof pepCategorySchema>;

/** A politically exposed position (name, code). */
export const pepPositionSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  nameFr: z.string().optional(),
  category: pepCategorySchema.optional(),
});
export type PepPosition = z.infer<typeof pepPositionSchema>;

// ---------------------------------------------------------------------------------------------------------
// Applicant, contact, addresses
// ---------------------------------------------------------------------------------------------------------

/** Contact block of the applicant payload (spec 000 §3 "Contact"). */
export const contactSchema = z.object({
  unit: z.string().optional(),
  streetNo: z.string(),
  streetName: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  postalCode: z.string(),
  email1: z.string().optional(),
  homeArea: z.string().optional(),
  homePhone: z.string().optional(),
  mobileArea: z.string().optional(),
  mobilePhone: z.string().optional(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Audit fields of a stored row. */
export const auditFieldsSchema = z.object({
  modifiedByUser: z.string().nullable(),
  modifiedDate: z.string().nullable(),
  createdByUser: z.string().nullable(),
  createdDate: z.string().nullable(),
});
export type AuditFields = z.infer<typeof auditFieldsSchema>;

/** Stored address record (spec 000 §3 "Address record"). */
export const addressRecordSchema = z
  .object({
    id: z.string(),
    applicantId: z.string(),
    streetNumber: z.string(),
    streetName: z.string(),
    streetType: z.string().nullable(),
    streetDirection: z.string().nullable(),
    unitType: z.string().nullable(),
    unitNumber: z.string().nullable(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
    deliveryMode: z.string().nullable(),
    modeNumber: z.string().nullable(),
    deliveryMode2: z.string().nullable(),
    modeNumber2: z.string().nullable(),
    isMailing: z.boolean(),
  })
  .extend(auditFieldsSchema.shape);
export type AddressRecord = z.infer<typeof addressRecordSchema>;

/** Address as the client stores it (spec 001 §3; home, or mailing with its `ma` prefix dropped). */
export const storedAddressSchema = z.object({
  streetNumber: z.string(),
  streetName: z.string(),
  unitNumber: z.string().optional(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type StoredAddress = z.infer<typeof storedAddressSchema>;

/** Address type by position in the list: first primary, second mailing, others other (spec 000 §3). */
export const addressTypeSchema = z.enum(['primary', 'mailing', 'other']);
export type AddressType = z.infer<typeof addressTypeSchema>;

/** Phone channel of a verification. */
export const phoneChannelSchema = z.enum(['sms', 'call']);
export type PhoneChannel = z.infer<typeof phoneChannelSchema>;

/** Phone-check result (spec 000 §3). `status` is the verification provider's status (pending, approved…). */
export const phoneCheckResultSchema = z.object({
  checkTriesExceeded: z.boolean(),
  codeVerified: z.boolean(),
  to: z.string(),
  channel: phoneChannelSchema,
  status: z.string(),
  sid: z.string(),
});
export type PhoneCheckResult = z.infer<typeof phoneCheckResultSchema>;

/** Applicant type of the payload. */
export const applicantTypeSchema = z.enum(['Item', 'Single', 'Joint']);
export type ApplicantType = z.infer<typeof applicantTypeSchema>;

/** Intended relationship (natureOfBanking). */
export const natureOfBankingSchema = z.enum(['Personal', 'PersonalBusiness']);
export type NatureOfBanking = z.infer<typeof natureOfBankingSchema>;

/** Credit-source percentages (cash, cheque, payroll, EFT), each 0..100. */
export const creditSourcePercentagesSchema = z.object({
  cashPrct: z.number().min(0).max(100),
  chequePrct: z.number().min(0).max(100),
  payrollPrct: z.number().min(0).max(100),
  eftPrct: z.number().min(0).max(100),
});
export type CreditSourcePercentages = z.infer<typeof creditSourcePercentagesSchema>;

/** Deposit-source percentages (in branch, ATM, wire, EFT), each 0..100. */
export const depositSourcePercentagesSchema = z.object({
  branchPrct: z.number().min(0).max(100),
  atmPrct: z.number().min(0).max(100),
  wiresPrct: z.number().min(0).max(100),
  eftPrct: z.number().min(0).max(100),
});
export type DepositSourcePercentages = z.infer<typeof depositSourcePercentagesSchema>;

/** Applicant payload sent with a submission (spec 000 §3 "Applicant (payload)"). */
export const applicantPayloadSchema = z.object({
  applicantType: applicantTypeSchema,
  /** 'STUDENT', 'NTC' or '' (spec 000 §3). */
  benefit: z.string(),
  branchCode: z.string(),
  canadianResident: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  alloySessionId: z.string().optional(),
  password: z.string(),
  birthDate: isoDateSchema,
  contact: contactSchema,
  mailingContact: contactSchema.nullable().optional(),
  /** The credit union is the only financial institution the applicant banks with. */
  meridianOnly: z.boolean(),
  ontarioWork: z.boolean(),
  resStatus: z.boolean(),
  sin: z.string().optional(),
  title: z.string().optional(),
  rcvEmailOffers: z.boolean(),
  usCitizen: z.boolean(),
  usResident: z.boolean(),
  ownerOperator: z.boolean(),
  occupation: z.string(),
  occupationCode: z.string(),
  thirdPartyCreditSources: creditSourcePercentagesSchema.nullable().optional(),
  thirdPartyDepositSources: depositSourcePercentagesSchema.nullable().optional(),
  crsCountry: z.string().optional(),
  crsTin: z.string().optional(),
  usTin: z.string().optional(),
  crsNoTinReason: z.string().optional(),
  crsTaxOtherCountry: z.boolean().optional(),
  crsNoTinReasonOther: z.string().optional(),
  creditBureau: z.boolean(),
  orderDebitCard: z.boolean(),
  polExposed: z.boolean(),
  polExpoFamMem: z.boolean(),
  positionHeld: z.string().optional(),
  /** Country of the position held. */
  contPositionHeld: z.string().optional(),
  natureOfBanking: natureOfBankingSchema,
  twilio: phoneCheckResultSchema.nullable().optional(),
});
export type ApplicantPayload = z.infer<typeof applicantPayloadSchema>;

/** Stored applicant: the payload without the password, plus identity-document fields (spec 000 §3). */
export const storedApplicantSchema = applicantPayloadSchema.omit({ password: true }).extend({
  id: z.string(),
  idPassed: z.boolean(),
  idType: z.string().nullable(),
  idNo: z.string().nullable(),
  idSrc: z.string().nullable(),
  idRegion: z.string().nullable(),
  idCountry: z.string().nullable(),
  idExpiry: isoDateSchema.nullable(),
  agentName: z.string().nullable(),
  idType2: z.string().nullable(),
  idNo2: z.string().nullable(),
  idSrc2: z.string().nullable(),
});
export type StoredApplicant = z.infer<typeof storedApplicantSchema>;

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

/** Post-office lookup: the in-person verification number (shown as a barcode) and the nearest post office. */
export const postOfficeLookupSchema = z.object({
  dssNumber: z.string(),
  /** Barcode image as base64 PNG (spec 001 §3 "cpResp"); absent when the client renders it. */
  barcodeImage: z.string().optional(),
  postOffice: postOfficeSchema.nullable(),
});
export type PostOfficeLookup = z.infer<typeof postOfficeLookupSchema>;

/** Client-side applicant form state (spec 000 §3 and spec 001 §3 "Applicant (this part)"). */
export const clientApplicantSchema = z.object({
  id: z.string().optional(),
  firstName: z.string(),
  middleName: z.string().optional(),
  lastName: z.string(),
  dob_year: z.string(),
  /** '01'..'12'. */
  dob_month: z.string(),
  dob_day: z.string(),
  phoneNumber: z.string(),
  phoneType: z.enum(['mobile', 'home']),
  sin: z.string().optional(),
  hasJointApp: z.boolean(),
  jointFirstName: z.string().optional(),
  jointLastName: z.string().optional(),
  jointEmail: z.string().optional(),
  alloySessionId: z.string().optional(),
  consentCompleted: z.boolean().optional(),
  twilioResult: phoneCheckResultSchema.nullable().optional(),
  sendFailCounter: z.number().int().min(0),
  resendCounter: z.number().int().min(0),
  invalidCounter: z.number().int().min(0),
  cpResp: postOfficeLookupSchema.nullable().optional(),
});
export type ClientApplicant = z.infer<typeof clientApplicantSchema>;

/** Credential (email, password, marketing-communication consent). */
export const credentialSchema = z.object({
  email: z.string(),
  password: z.string(),
  consent: z.boolean().optional(),
});
export type Credential = z.infer<typeof credentialSchema>;

// ---------------------------------------------------------------------------------------------------------
// Compliance and legal terms
// ---------------------------------------------------------------------------------------------------------

/** Who is politically exposed. */
export const politicallyExposedTypeSchema = z.enum(['self', 'relative']);
export type PoliticallyExposedType = z.infer<typeof politicallyExposedTypeSchema>;

/** Compliance info of the server applicant record (FATCA/CRS, residency, PEP; spec 000 §3). */
export const complianceInfoSchema = z.object({
  fatcaReportingStatus: z.string().nullable(),
  crsReportingStatus: z.string().nullable(),
  tinType: z.string().nullable(),
  usTin: z.string().nullable(),
  foreignTin: z.string().nullable(),
  taxResidenceCountries: z.array(z.string()),
  noTinReason: z.string().nullable(),
  noTinReasonOther: z.string().nullable(),
  isUsCitizen: z.boolean(),
  isUsResident: z.boolean(),
  isCanadianTaxResident: z.boolean(),
  isTaxResidentOutsideCanUsa: z.boolean(),
  liveInCanada: z.boolean(),
  workInCanada: z.boolean(),
  ownerOperator: z.boolean(),
  financialRelationshipType: natureOfBankingSchema.nullable(),
  pepPosition: z.string().nullable(),
  pepInstitution: z.string().nullable(),
  pepGovernmentLevel: z.string().nullable(),
  pepCountry: z.string().nullable(),
  pepFamilyPosition: z.string().nullable(),
  pepFamilyInstitution: z.string().nullable(),
  pepFamilyGovernmentLevel: z.string().nullable(),
  pepFamilyCountry: z.string().nullable(),
  pepFamilyType: z.string().nullable(),
});
export type ComplianceInfo = z.infer<typeof complianceInfoSchema>;

/** Server applicant record (spec 000 §3). The SIN is held encrypted; only its last digits are shown. */
export const serverApplicantRecordSchema = z
  .object({
    id: z.string(),
    addresses: z.array(addressRecordSchema),
    complianceInfo: complianceInfoSchema.nullable(),
    legalFirstName: z.string(),
    legalLastName: z.string(),
    middleName: z.string().nullable(),
    dateOfBirth: isoDateSchema,
    sin: z.string().nullable(),
    emailAddress: z.string(),
    phoneNumber: z.string(),
    phoneType: z.enum(['mobile', 'home']),
  })
  .extend(auditFieldsSchema.shape);
export type ServerApplicantRecord = z.infer<typeof serverApplicantRecordSchema>;

/** Purpose code '1'..'9' (spec 001 §3). */
export const purposeCodeSchema = z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
export type PurposeCode = z.infer<typeof purposeCodeSchema>;

/** Legal terms / compliance questionnaire answers (spec 001 §3 "Legal terms"). */
export const legalTermsSchema = z.object({
  resStatus: z.boolean(),
  taxResidentorCitizenUs: z.boolean(),
  taxNotCanadaNotUS: z.boolean(),
  polExposed: z.boolean(),
  politicallyExposedType: politicallyExposedTypeSchema.optional(),
  positionHeld: z.string().optional(),
  countryPositionHeld: z.string().optional(),
  ontarioWork: z.boolean(),
  employmentError: z.string().optional(),
  ownerOperator: z.boolean(),
  /** The credit union is the only financial institution the applicant banks with. */
  singleInstitution: z.boolean(),
  occupation: z.object({ id: z.string(), name: z.string() }),
  natureOfBanking: natureOfBankingSchema,
  primaryPurpose: purposeCodeSchema,
  primaryOtherPurpose: z.string().optional(),
  primaryPurposeGIC: purposeCodeSchema.optional(),
  primaryOtherPurposeGIC: z.string().optional(),
  crsUsTin: z.string().optional(),
  crsTin: z.string().optional(),
  crsCountry: z.string().optional(),
  fieldsCompleted: z.boolean().optional(),
});
export type LegalTerms = z.infer<typeof legalTermsSchema>;

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

/** Questionnaire answer: 0 Never, 1 Not very often, 2 On occasion, 3 All the time. */
export const answerScaleSchema = z.number().int().min(0).max(3);
export type AnswerScale = z.infer<typeof answerScaleSchema>;

/**
 * Account-usage questionnaire (spec 000 §3): raw answers plus derived percentages. Credit sources and deposit
 * sources each total 100; `eftPrct` is the credit-side EFT share and `depositEftPrct` the deposit-side one.
 */
export const accountUsageSchema = z.object({
  creditSources: z.object({
    cash: answerScaleSchema,
    cheque: answerScaleSchema,
    payroll: answerScaleSchema,
    eft: answerScaleSchema,
  }),
  depositSources: z.object({
    branch: answerScaleSchema,
    atm: answerScaleSchema,
    wires: answerScaleSchema,
    eft: answerScaleSchema,
  }),
  fieldsCompleted: z.boolean().optional(),
  cashPrct: z.number().min(0).max(100),
  chequePrct: z.number().min(0).max(100),
  payrollPrct: z.number().min(0).max(100),
  eftPrct: z.number().min(0).max(100),
  atmPrct: z.number().min(0).max(100),
  branchPrct: z.number().min(0).max(100),
  wiresPrct: z.number().min(0).max(100),
  depositEftPrct: z.number().min(0).max(100).optional(),
});
export type AccountUsage = z.infer<typeof accountUsageSchema>;

/** Third-party info of a product line (spec 000 §3): usage, source percentages, third-party identity. */
export const thirdPartyInfoSchema = z.object({
  usageType: usageTypeSchema,
  otherUsage: z.string().optional(),
  cashPrct: z.number().min(0).max(100),
  chequePrct: z.number().min(0).max(100),
  payrollPrct: z.number().min(0).max(100),
  eftPrct: z.number().min(0).max(100),
  branchPrct: z.number().min(0).max(100),
  atmPrct: z.number().min(0).max(100),
  wiresPrct: z.number().min(0).max(100),
  depositEftPrct: z.number().min(0).max(100).optional(),
  thirdPartyUse: z.boolean().optional(),
  thirdPartyName: z.string().optional(),
  thirdPartyRelationship: z.string().optional(),
  thirdPartyBirthDate: isoDateSchema.optional(),
  thirdPartyOccupation: z.string().optional(),
  thirdPartyAddress: z.string().optional(),
});
export type ThirdPartyInfo = z.infer<typeof thirdPartyInfoSchema>;

/** Product type of a selected product line. */
export const productTypeSchema = z.enum(['Item', 'Savings', 'Term', 'Chequing', 'Loan']);
export type ProductType = z.infer<typeof productTypeSchema>;

/** Registered-plan contract type. */
export const contractTypeSchema = z.enum(['RSP', 'RIF', 'TFSA', 'FHSA']);
export type ContractType = z.infer<typeof contractTypeSchema>;

/** Term maturity option chosen for a term deposit. */
export const termOptionSchema = z.enum(['transfer', 'rollover', 'payout']);
export type TermOption = z.infer<typeof termOptionSchema>;

/** Term choices (spec 000 §3): termPeriod is the text 'period periodType rate%'. */
export const termConfigSchema = z.object({
  termPeriod: z.string(),
  termOption: termOptionSchema,
});
export type TermConfig = z.infer<typeof termConfigSchema>;

/** A selected product line of an application (spec 000 §3). */
export const selectedProductLineSchema = z.object({
  id: z.string().optional(),
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  productBenefit: z.string(),
  productType: productTypeSchema,
  thirdPartyInfo: thirdPartyInfoSchema.nullable(),
  termParams: z.object({ termLength: z.string(), termMaturityOptions: termOptionSchema }).nullable(),
  contractParams: z
    .object({ contractType: contractTypeSchema, contractNo: z.string().nullable() })
    .nullable(),
});
export type SelectedProductLine = z.infer<typeof selectedProductLineSchema>;

/** Co-applicant named by the primary applicant. */
export const jointApplicantSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type JointApplicant = z.infer<typeof jointApplicantSchema>;

/** Application (spec 000 §3). */
export const applicationSchema = z.object({
  appRefNo: z.string(),
  promoCode: z.string().optional(),
  sweepEnabled: z.boolean(),
  sweepInAmount: z.number().nonnegative().nullable(),
  sweepOutAmount: z.number().nonnegative().nullable(),
  idPassed: z.boolean(),
  termsAccepted: z.boolean(),
  memberNo: z.string().nullable(),
  isJoint: z.boolean(),
  jointCode: z.string().nullable(),
  /** ISO date-time. */
  jointCodeExpiry: z.string().nullable(),
  autoComplete: z.boolean(),
  idCheckComplete: z.boolean(),
  referralCode: z.string().optional(),
  products: z.array(selectedProductLineSchema),
  jointApplicant: jointApplicantSchema.nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** Submission wrapper: application plus applicant (spec 000 §3). */
export const submissionSchema = z.object({
  application: applicationSchema,
  applicant: applicantPayloadSchema,
});
export type Submission = z.infer<typeof submissionSchema>;

/** Client-side progress marks (spec 000 §4): all false at start. */
export const progressSchema = z.object({
  profile: z.boolean(),
  address: z.boolean(),
  confirmProduct: z.boolean(),
  finalizeAccount: z.boolean(),
});
export type Progress = z.infer<typeof progressSchema>;

/** Client-side application flags (spec 000 §3 and spec 001 §3). */
export const clientApplicationFlagsSchema = z.object({
  promoCode: z.string().optional(),
  referralCode: z.string().optional(),
  consent: z.boolean().optional(),
  sweepEnabled: z.boolean(),
  sweepBelowBalance: z.number().nonnegative().nullable(),
  sweepExceedsBalance: z.number().nonnegative().nullable(),
  mChequing: z.boolean(),
  mSavings: z.boolean(),
  mSenior: z.boolean(),
  mStudent: z.boolean(),
  mNTC: z.boolean().optional(),
  mRRSP: z.boolean(),
  mTFSA: z.boolean(),
  mFHSA: z.boolean(),
  mTerm: z.boolean(),
  mInterestBearing: z.boolean(),
  skipAlloy: z.boolean(),
  alloySubmit: z.boolean(),
  alloyPIInit: z.boolean(),
  onfidoApplication: z.boolean(),
  applicationEndpointReached: z.boolean(),
  selectedProducts: z.array(selectedProductSummarySchema),
  pepPositions: z.array(z.object({ name: z.string(), code: z.string() })),
});
export type ClientApplicationFlags = z.infer<typeof clientApplicationFlagsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Identity, membership, joint code, block list
// ---------------------------------------------------------------------------------------------------------

/** Address of an identity profile. */
export const identityAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  countryCode: z.string().length(2),
  type: addressTypeSchema,
});
export type IdentityAddress = z.infer<typeof identityAddressSchema>;

/** Identity profile sent to the verification service (spec 000 §3). */
export const identityProfileSchema = z.object({
  nameFirst: z.string(),
  nameLast: z.string(),
  phoneNumber: z.string(),
  sin: z.string().optional(),
  emailAddress: z.string(),
  /** YYYY-MM-DD with a two-digit day. */
  birthDate: isoDateSchema,
  addresses: z.array(identityAddressSchema),
});
export type IdentityProfile = z.infer<typeof identityProfileSchema>;

/** Identity document (spec 000 §3 "Other shapes"). */
export const identityDocumentSchema = z.object({
  idType: z.string(),
  idNumber: z.string(),
  issuingRegion: z.string().nullable(),
  issuingCountry: z.string().nullable(),
  status: z.string(),
  expiry: isoDateSchema.nullable(),
  documents: z.array(z.string()),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;

/** ID verification request with its notifications (spec 000 §3 "Other shapes"). */
export const idVerificationRequestSchema = z.object({
  id: z.string(),
  applicantId: z.string(),
  status: z.string(),
  notifications: z.array(z.object({ type: z.string(), status: z.string(), receivedAt: z.string() })),
});
export type IdVerificationRequest = z.infer<typeof idVerificationRequestSchema>;

/** Identity-request response (spec 001 §3): the id of the created request. */
export const identityRequestResponseSchema = z.object({ id: z.string() });
export type IdentityRequestResponse = z.infer<typeof identityRequestResponseSchema>;

/** Membership (save) response (spec 000 §3, spec 001 §3). `hasResponse` is added by the client. */
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
  hasResponse: z.boolean().optional(),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

/** Joint-code lookup response (spec 001 §3). */
export const jointCodeLookupSchema = z.object({
  isExpired: z.boolean(),
  productIds: z.array(z.string()),
  jointFirstName: z.string(),
  jointLastName: z.string(),
  jointEmail: z.string(),
});
export type JointCodeLookup = z.infer<typeof jointCodeLookupSchema>;

/** Block-list result. */
export const blockListResultSchema = z.object({ blockListFound: z.boolean() });
export type BlockListResult = z.infer<typeof blockListResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Branches, configuration, errors
// ---------------------------------------------------------------------------------------------------------

/** Branch/ATM site type. */
export const siteTypeSchema = z.enum(['Branch', 'ATM', 'Branch and ATM']);
export type SiteType = z.infer<typeof siteTypeSchema>;

/** Opening hours of one weekday; closed days are omitted. */
export const openingHoursSchema = z.object({
  dayOfWeek: dayOfWeekSchema,
  openingTime: timeOfDaySchema,
  closingTime: timeOfDaySchema,
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

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

/** Branch search (spec 000 §3): point, radius in km, optional city and provider. */
export const branchSearchSchema = z.object({
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  radius: z.number().positive().optional(),
  cityName: z.string().optional(),
  provider: z.string().optional(),
});
export type BranchSearch = z.infer<typeof branchSearchSchema>;

/** Server configuration shown on /Diagnostics (spec 001 §3). */
export const apiConfigSchema = z.object({
  alloyEnabled: z.boolean(),
  /** Forced identity result for testing, or null. */
  forceIdResult: z.string().nullable(),
  irsApiUrl: z.string(),
  irsRequestKey: z.string(),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;

/** Problem-details error (RFC 9457) with omo's field errors: `message` is a MessageKey or English text. */
export const problemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string(), key: z.string().optional() })).optional(),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
