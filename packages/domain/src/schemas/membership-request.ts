/**
 * The membership request: what the core banking receives to open a member and their accounts (spec 000 §3
 * "Applicant (payload)", "Contact", "Compliance info", "Selected product line", "Third-party info",
 * "Account usage"), made once by `membershipRequestOf` (rules/membership-request.ts) from the answers the
 * decision froze. Strict: an unknown field, a missing answer or an answer that contradicts another is
 * refused, so a core adapter can rely on every field it reads (decision 0075).
 */
import { z } from 'zod';
import { FUNDING_METHODS } from '../flows/steps.ts';
import { accountTypeSchema, periodTypeSchema, usageTypeSchema } from './entities.ts';

const digits = (n: number) => z.string().regex(new RegExp(`^[0-9]{${n}}$`));
const nonEmpty = z.string().trim().min(1);
const isoDate = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);

/** Contact (spec 000 §3): an address with the e-mail and one phone, home or mobile. */
export const membershipContactSchema = z
  .strictObject({
    unit: z.string().optional(),
    streetNo: nonEmpty,
    streetName: nonEmpty,
    city: nonEmpty,
    /** Two-letter province or state code; empty for an address outside Canada and the US. */
    province: z.string(),
    /** ISO 3166 alpha-2. */
    country: z.string().regex(/^[A-Z]{2}$/),
    postalCode: nonEmpty,
    email1: z.email(),
    homeArea: digits(3).optional(),
    homePhone: digits(7).optional(),
    mobileArea: digits(3).optional(),
    mobilePhone: digits(7).optional(),
  })
  .check((ctx) => {
    const c = ctx.value;
    const home = c.homeArea !== undefined && c.homePhone !== undefined;
    const mobile = c.mobileArea !== undefined && c.mobilePhone !== undefined;
    if (home === mobile) ctx.issues.push({ code: 'custom', message: 'one phone: home or mobile', input: c });
    if (['CA', 'US'].includes(c.country) && !/^[A-Z]{2}$/.test(c.province)) {
      ctx.issues.push({ code: 'custom', message: 'a province or state code', input: c, path: ['province'] });
    }
  });
export type MembershipContact = z.infer<typeof membershipContactSchema>;

/** Compliance info (spec 000 §3): residency for tax (CRS/FATCA), employment, PEP, occupation. */
export const membershipComplianceSchema = z
  .strictObject({
    /** Resident of Canada for tax purposes. */
    canadianResident: z.boolean(),
    /** US citizen or US resident for tax purposes (the flow asks one question for both). */
    usCitizenOrResident: z.boolean(),
    usTin: z.string().optional(),
    /** Resident for tax purposes of a country other than Canada and the US. */
    crsTaxOtherCountry: z.boolean(),
    crsCountry: z.string().optional(),
    crsTin: z.string().optional(),
    /** Employed in Canada (spec: ontarioWork). */
    workInCanada: z.boolean(),
    ownerOperator: z.boolean(),
    /** The credit union is the only financial institution the applicant banks with. */
    singleInstitution: z.boolean(),
    natureOfBanking: z.enum(['Personal', 'PersonalBusiness']),
    /** Politically exposed: the applicant themself. */
    polExposed: z.boolean(),
    /** Politically exposed: a family member or close associate. */
    polExpoFamMem: z.boolean(),
    positionHeld: z.string().optional(),
    /** The country of the position held. */
    contPositionHeld: z.string().optional(),
    occupationCode: nonEmpty,
    occupation: nonEmpty,
  })
  .check((ctx) => {
    const c = ctx.value;
    const need = (when: boolean, field: keyof typeof c) => {
      const value = c[field];
      const present = typeof value === 'string' && value.trim() !== '';
      if (when !== present) {
        ctx.issues.push({
          code: 'custom',
          message: when ? 'required by the answer' : 'not allowed by the answer',
          input: value,
          path: [field],
        });
      }
    };
    need(c.usCitizenOrResident, 'usTin');
    need(c.crsTaxOtherCountry, 'crsCountry');
    need(c.crsTaxOtherCountry, 'crsTin');
    const pep = c.polExposed || c.polExpoFamMem;
    need(pep, 'positionHeld');
    need(pep, 'contPositionHeld');
    if (c.polExposed && c.polExpoFamMem) {
      ctx.issues.push({ code: 'custom', message: 'the applicant or a relative, not both', input: c });
    }
    if (!c.canadianResident && !c.usCitizenOrResident && !c.crsTaxOtherCountry) {
      ctx.issues.push({ code: 'custom', message: 'a residency for tax purposes', input: c });
    }
  });
export type MembershipCompliance = z.infer<typeof membershipComplianceSchema>;

/**
 * How the applicant's identity was confirmed: by the identity provider on their data, by a photo ID and a
 * selfie (documents), or not checked by the provider (the identity-provider share). The ID seen in person
 * is recorded by the branch in the core, not by omo.
 */
export const identityVerificationSchema = z.strictObject({
  method: z.enum(['identityProvider', 'documents', 'notChecked']),
});

/** One applicant of the membership (spec 000 §3 "Applicant (payload)"). */
export const membershipApplicantSchema = z.strictObject({
  applicantId: nonEmpty,
  firstName: nonEmpty,
  middleName: z.string().optional(),
  lastName: nonEmpty,
  birthDate: isoDate,
  language: z.enum(['en', 'fr']),
  contact: membershipContactSchema,
  mailingContact: membershipContactSchema,
  /** SIN for tax slips: 9 digits; absent when the products earn no interest or it is given at a branch. */
  sin: digits(9).optional(),
  sinStatus: z.enum(['provided', 'atBranch', 'notAsked']),
  /** Consent to receive offers by e-mail. */
  rcvEmailOffers: z.boolean(),
  compliance: membershipComplianceSchema,
  identityVerification: identityVerificationSchema,
});
export type MembershipApplicant = z.infer<typeof membershipApplicantSchema>;

const usageAnswer = z.number().int().min(0).max(3);
const percent = z.number().int().min(0).max(100);

/**
 * Third-party info and account usage of a product line (spec 000 §3): the usage type, the questionnaire's
 * raw answers (0 Never .. 3 All the time) and the percentages the domain computes from them (each group
 * totals 100).
 */
export const accountUsageLineSchema = z
  .strictObject({
    usageType: usageTypeSchema,
    otherUsage: z.string().optional(),
    creditSources: z.strictObject({
      cash: usageAnswer,
      cheque: usageAnswer,
      payroll: usageAnswer,
      eft: usageAnswer,
    }),
    depositSources: z.strictObject({
      branch: usageAnswer,
      atm: usageAnswer,
      wires: usageAnswer,
      eft: usageAnswer,
    }),
    cashPrct: percent,
    chequePrct: percent,
    payrollPrct: percent,
    eftPrct: percent,
    branchPrct: percent,
    atmPrct: percent,
    wiresPrct: percent,
    depositEftPrct: percent,
  })
  .check((ctx) => {
    const u = ctx.value;
    const credit = u.cashPrct + u.chequePrct + u.payrollPrct + u.eftPrct;
    const deposit = u.branchPrct + u.atmPrct + u.wiresPrct + u.depositEftPrct;
    if (credit !== 100 || deposit !== 100) {
      ctx.issues.push({ code: 'custom', message: 'each group of percentages totals 100', input: u });
    }
    if ((u.usageType === 'Other') !== (u.otherUsage !== undefined && u.otherUsage.trim() !== '')) {
      ctx.issues.push({
        code: 'custom',
        message: 'otherUsage with Other only',
        input: u,
        path: ['otherUsage'],
      });
    }
  });
export type AccountUsageLine = z.infer<typeof accountUsageLineSchema>;

/** Registered-plan contract types (spec 000 §3 contractParams). */
export const CONTRACT_TYPES = ['RSP', 'RIF', 'TFSA', 'FHSA'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** What happens to a term deposit at maturity (the 'Renewal option'). */
export const MATURITY_INSTRUCTIONS = ['rollover', 'transfer', 'payout'] as const;
export type MaturityInstruction = (typeof MATURITY_INSTRUCTIONS)[number];

/** A selected product line (spec 000 §3): the product, its contract type, its term, its usage. */
export const membershipProductLineSchema = z.strictObject({
  productId: nonEmpty,
  productCode: nonEmpty,
  productName: nonEmpty,
  accountCategory: accountTypeSchema,
  /** Spec's productType: Term for a term deposit, else the deposit kind. */
  productType: z.enum(['Chequing', 'Savings', 'Term']),
  productBenefit: z.string(),
  contractType: z.enum(CONTRACT_TYPES).optional(),
  term: z
    .strictObject({
      period: z.number().int().positive(),
      periodType: periodTypeSchema,
      /** Annual rate in percent. */
      rate: z.number().nonnegative(),
      maturityInstruction: z.enum(MATURITY_INSTRUCTIONS),
      /** The product's minimum deposit: the amount the deposit is opened for until it is funded. */
      minimumDeposit: z.number().nonnegative(),
    })
    .optional(),
  usage: accountUsageLineSchema,
  /**
   * How the account's first deposit comes (the funding step): its method and, unless later, the amount
   * in the account's currency. An account nobody answered for (a savings account offered instead) comes
   * later.
   */
  funding: z.strictObject({
    method: z.enum(FUNDING_METHODS),
    amount: z.number().positive().multipleOf(0.01).optional(),
  }),
});
export type MembershipProductLine = z.infer<typeof membershipProductLineSchema>;

const amount = z.number().positive().multipleOf(0.01);

/** The membership request the core banking receives (decision 0075). */
export const membershipRequestSchema = z
  .strictObject({
    applicationId: nonEmpty,
    /** The application's reference number as the applicant knows it. */
    appRefNo: nonEmpty,
    submittedAt: z.iso.datetime(),
    applicantType: z.enum(['Single', 'Joint']),
    /** The branch digital applications are opened at (DIGITAL_BRANCH_CODE). */
    branchCode: nonEmpty,
    /** Benefit of the products chosen (a student or newcomer package); absent for the others. */
    benefit: z.enum(['STUDENT', 'NTC']).optional(),
    /** A debit card comes with a first chequing or savings account. */
    orderDebitCard: z.boolean(),
    /** The applicant accepted a savings account offered instead of the requested products. */
    isSavingsOffer: z.boolean(),
    primary: membershipApplicantSchema,
    /** The co-applicant: a member too, joint holder of every account. */
    jointHolder: membershipApplicantSchema.optional(),
    products: z.array(membershipProductLineSchema).min(1),
    /** Sweep between chequing and savings: in when the balance falls below, out when it exceeds. */
    sweep: z.strictObject({ sweepInAmount: amount, sweepOutAmount: amount }).optional(),
  })
  .check((ctx) => {
    const r = ctx.value;
    if ((r.applicantType === 'Joint') !== (r.jointHolder !== undefined)) {
      ctx.issues.push({ code: 'custom', message: 'a joint holder with Joint only', input: r });
    }
    if (r.jointHolder && r.jointHolder.applicantId === r.primary.applicantId) {
      ctx.issues.push({ code: 'custom', message: 'two different applicants', input: r });
    }
    const ids = r.products.map((p) => p.productId);
    if (new Set(ids).size !== ids.length) {
      ctx.issues.push({ code: 'custom', message: 'each product once', input: ids, path: ['products'] });
    }
    r.products.forEach((p, i) => {
      if ((p.funding.method === 'later') !== (p.funding.amount === undefined)) {
        ctx.issues.push({
          code: 'custom',
          message: 'an amount unless funded later',
          input: p.funding,
          path: ['products', i, 'funding'],
        });
      }
      if ((p.productType === 'Term') !== (p.term !== undefined)) {
        ctx.issues.push({
          code: 'custom',
          message: 'a term for a term deposit only',
          input: p,
          path: ['products', i],
        });
      }
    });
    for (const who of [r.primary, r.jointHolder]) {
      if (who && (who.sin !== undefined) !== (who.sinStatus === 'provided')) {
        ctx.issues.push({ code: 'custom', message: 'a SIN when provided only', input: who.sinStatus });
      }
    }
  });
export type MembershipRequest = z.infer<typeof membershipRequestSchema>;
