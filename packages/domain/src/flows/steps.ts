/**
 * Every step of the flows as one declared contract: its id, the API path its answer is saved at, who
 * answers it (roles) and where the answer is kept (the applicant's own, or the application's), how a body is
 * validated (the step's domain schema under the facts only the server knows), what an answer clears, when
 * the step is complete (derived from the saved answers under today's rules), its texts' keys and an example
 * answer for tests. The flow table (flows.ts) orders the steps by these ids; progress (progress.ts) asks
 * each contract whether it is complete; the server's one save service runs `parse` and stores the answer
 * (with a hook beside the contract for a rule only the server can apply: reference lists, the age of
 * majority for the province, the phone's reset, the SIN's encryption).
 *
 * Adding a step: a contract here, a row in the flow table, a screen, and a server hook if it has a
 * server-only rule (docs/decisions/0060-step-contract.md).
 */
import * as z from 'zod/mini';
import { isValidSin, sinDigits } from '../rules/validation/sin-and-tin.ts';
import { formatPhoneMask } from '../rules/validation/phone.ts';
import { APPLICATION_API_PATHS, stepAnswerPath } from '../schemas/api-paths.ts';
import {
  applicationAccountUsageRequestSchema,
  applicationPhoneRequestSchema,
  applicationProductsRequestSchema,
  applicationSinRequestSchema,
  legalTermsRequestSchema,
  personalInfoRequestSchema,
  reviewConsentRequestSchema,
} from '../schemas/api.ts';
import { addressFormSchema, type AddressForm } from '../schemas/forms/address.ts';
import { identityConsentFormSchema, type IdentityConsentForm } from '../schemas/forms/identity-consent.ts';
import { legalTermsFormSchema, type LegalTermsForm } from '../schemas/forms/legal-terms.ts';
import {
  isValidPersonalInfo,
  personalInfoFormSchema,
  type PersonalInfoForm,
} from '../schemas/forms/personal-info.ts';
import { phoneFormSchema } from '../schemas/forms/phone.ts';
import { ALWAYS, issue, str, text } from '../schemas/forms/form-helpers.ts';
import { reviewCodesFormSchema } from '../schemas/forms/review-codes.ts';
import { sinFormSchema } from '../schemas/forms/sin.ts';
import { renewalOptionValues, termChoiceFormSchema, termPeriodValue } from '../schemas/forms/term-choice.ts';
import type { Language, MessageKey } from '../messages/messages.ts';
import type { StepId } from './flows.ts';
import {
  EXAMPLE_ACCOUNT_USAGE,
  EXAMPLE_ADDRESS,
  EXAMPLE_LEGAL_TERMS,
  EXAMPLE_PERSONAL_INFO,
} from './step-examples.ts';
import { isDocumentStepDone, isIdentityCheckStepComplete } from './identity.ts';
import {
  accountUsageSchemaFor,
  flagsOf,
  legalTermsContextOf,
  personalInfoContextOf,
  provinceOfAddress,
  termProductOf,
  type ApplicantAnswers,
  type ApplicantFacts,
  type ApplicantRole,
  type ProductChoice,
  type ProductFacts,
} from './step-context.ts';

/** A field issue: the dotted path and the MessageKey of its message. */
export interface StepIssue {
  path: string;
  key: string;
}

/** A body parsed by a step: its answer, or the field issues (a 400 on the server, messages on screen). */
export type StepParse<T> = { ok: true; value: T } | { ok: false; issues: StepIssue[] };

/** What a step's rules read: the facts, the answers saved so far and who answers. */
export interface StepContext {
  facts: ApplicantFacts;
  answers: ApplicantAnswers;
  role: ApplicantRole;
}

/** Where a stored answer belongs: the applicant's own, or the application's (answered by the primary). */
export type AnswerScope = 'applicant' | 'application';

/** The values the savable steps' `parse` gives (what the server stores, hooks aside). */
export interface StepValues {
  createprofile: { promoCode: string | null; referralCode: string | null };
  personalinfo: PersonalInfoForm;
  phoneverification: { phoneNumber: string };
  address: AddressForm;
  confirmproducts: ProductChoice;
  funding: { accounts: AccountFunding[] };
  sin: { isSkipped: true } | { isSkipped: false; digits: string };
  identityconsent: IdentityConsentForm;
  finalizeaccount: Record<string, unknown>;
  legalterms: LegalTermsForm;
  reviewapplication: true;
}
export type SavableStepId = keyof StepValues;

/** How a step's answer is saved: where, by whom, validated how. */
export interface StepSave<Id extends SavableStepId> {
  /**
   * The API path's name (APPLICATION_API_PATHS) the answer is PUT to; absent: the generic
   * `stepAnswerPath(id)` (a step declared after the spec's paths).
   */
  apiPath?: keyof typeof APPLICATION_API_PATHS;
  /** What the save route does, as its OpenAPI entry says it. */
  summary: string;
  /** The body as the OpenAPI document shows it (`parse` validates it). */
  body: z.core.$ZodType;
  /** Who may answer: anyone else is refused (403). */
  roles: readonly ApplicantRole[];
  scope: AnswerScope;
  /** Validates a body with the step's domain schema, then applies `clears`. */
  parse(body: unknown, ctx: StepContext): StepParse<StepValues[Id]>;
  /** A body that parses under these facts (tests fill a step with it). */
  example(facts: ApplicantFacts): unknown;
}

export interface StepContract<Id extends StepId = StepId> {
  id: Id;
  /** The i18n keys of the step's texts. */
  texts: { title: string };
  /** True when the saved answers complete the step under today's rules (absent: never complete). */
  isComplete?(answers: ApplicantAnswers, facts: ApplicantFacts): boolean;
}

/** A contract whose answer is saved through the one save service. */
export interface SavableStepContract<Id extends SavableStepId> extends StepContract<Id> {
  save: StepSave<Id>;
}

/** The path a step's answer is PUT to. */
export function stepSavePathOf(id: SavableStepId): string {
  const { apiPath } = SAVABLE_STEPS[id].save as StepSave<SavableStepId>;
  return apiPath ? APPLICATION_API_PATHS[apiPath] : stepAnswerPath(id);
}

/** Parses with a domain schema; the issues carry their MessageKeys. */
export function parseWith<S extends z.core.$ZodType>(schema: S, body: unknown): StepParse<z.output<S>> {
  const result = z.safeParse(schema, body ?? {});
  return result.success
    ? { ok: true, value: result.data }
    : {
        ok: false,
        issues: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), key: i.message })),
      };
}

const map = <T, U>(parsed: StepParse<T>, f: (value: T) => U): StepParse<U> =>
  parsed.ok ? { ok: true, value: f(parsed.value) } : parsed;

/**
 * What the personal-information answer clears: a hidden section's answers and the fields a 'no' had
 * revealed (sweep amounts, the co-applicant's name and e-mail); an empty middle name.
 */
export function clearPersonalInfo(
  info: PersonalInfoForm,
  ctx: { sweepEnabled: boolean; isJointFlow: boolean; jointAllowed: boolean },
): PersonalInfoForm {
  const out: PersonalInfoForm = { ...info };
  if (!ctx.sweepEnabled) delete out.hasSweep;
  if (out.hasSweep !== 'yes') {
    delete out.sweepBelowBalance;
    delete out.sweepExceedsBalance;
  }
  if (ctx.isJointFlow || !ctx.jointAllowed) delete out.hasJointApp;
  if (out.hasJointApp !== 'yes') {
    delete out.jointFirstName;
    delete out.jointLastName;
    delete out.jointEmail;
  } else {
    out.jointEmail = out.jointEmail?.trim();
  }
  if (out.middleName === '') delete out.middleName;
  return out;
}

/** Mailing-block fields, dropped when the mailing address is the home one. */
const MAILING_KEY = /^(ma[A-Z]|autoMailAddress)/;

/** What the address answer clears: the mailing block when the mailing address is the home one. */
export function clearAddress(address: AddressForm): AddressForm {
  if (!address.isMailingAddressSame) return address;
  return Object.fromEntries(
    Object.entries({ ...address, isManualMailingAddress: false }).filter(([key]) => !MAILING_KEY.test(key)),
  ) as AddressForm;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

const texts = (id: StepId) => ({ title: `steps.${id}.title` });

const createprofile: SavableStepContract<'createprofile'> = {
  id: 'createprofile',
  texts: texts('createprofile'),
  // An applicant exists only once the profile was created.
  isComplete: () => true,
  save: {
    // The review's codes: the application's, given by the primary applicant.
    apiPath: 'codes',
    summary: "The promo and referral codes as edited on 'Review your application'",
    body: reviewCodesFormSchema,
    roles: ['primary'],
    scope: 'application',
    parse: (body) =>
      map(parseWith(reviewCodesFormSchema, body), (c) => ({
        promoCode: c.promoCode || null,
        referralCode: c.referralCode || null,
      })),
    example: () => ({ promoCode: '', referralCode: '' }),
  },
};

const personalinfo: SavableStepContract<'personalinfo'> = {
  id: 'personalinfo',
  texts: texts('personalinfo'),
  isComplete: (a, f) =>
    isValidPersonalInfo(a.personalInfo, personalInfoContextOf(f, provinceOfAddress(a.address))),
  save: {
    apiPath: 'personalInfo',
    summary: "'Tell us about yourself' (the server builds the rules' context)",
    body: personalInfoRequestSchema,
    roles: ['primary', 'joint'],
    scope: 'applicant',
    parse(body, { facts, answers }) {
      const ctx = personalInfoContextOf(facts, provinceOfAddress(answers.address));
      return map(parseWith(personalInfoFormSchema(ctx), body), (info) =>
        clearPersonalInfo({ ...info, phoneNumber: formatPhoneMask(info.phoneNumber) }, ctx),
      );
    },
    example: () => EXAMPLE_PERSONAL_INFO,
  },
};

const phoneverification: SavableStepContract<'phoneverification'> = {
  id: 'phoneverification',
  texts: texts('phoneverification'),
  isComplete: (a) => a.phone.isStarted || a.phone.isClosed,
  save: {
    apiPath: 'phone',
    summary: 'The phone number of the verification screen (restarts the verification, not the counters)',
    body: applicationPhoneRequestSchema,
    roles: ['primary', 'joint'],
    scope: 'applicant',
    parse: (body) =>
      map(parseWith(phoneFormSchema, body), (p) => ({ phoneNumber: formatPhoneMask(p.phoneNumber) })),
    example: () => ({ phoneNumber: '(416) 555-0123' }),
  },
};

const address: SavableStepContract<'address'> = {
  id: 'address',
  texts: texts('address'),
  isComplete: (a) => addressFormSchema.safeParse(a.address).success,
  save: {
    apiPath: 'address',
    summary: "'Where do you live?'; the age of majority is checked for the province",
    body: addressFormSchema,
    roles: ['primary', 'joint'],
    scope: 'applicant',
    parse: (body) => map(parseWith(addressFormSchema, body), clearAddress),
    example: () => EXAMPLE_ADDRESS,
  },
};

const confirmproducts: SavableStepContract<'confirmproducts'> = {
  id: 'confirmproducts',
  texts: texts('confirmproducts'),
  isComplete: (a, f) =>
    a.products !== null &&
    sameIds(
      a.products.productIds,
      f.products.map((p) => p.productID),
    ) &&
    termChoiceFormSchema(termProductOf(f)).safeParse(a.products).success,
  save: {
    apiPath: 'products',
    summary: 'Confirms the products, with the term choice of a product with term rates',
    body: applicationProductsRequestSchema,
    roles: ['primary'],
    scope: 'application',
    parse(body, { facts }) {
      const termProduct = termProductOf(facts);
      return map(parseWith(termChoiceFormSchema(termProduct), body), (parsed) => ({
        productIds: facts.products.map((p) => p.productID),
        ...(termProduct
          ? { termPeriod: (parsed.termPeriod ?? '').trim(), termOption: (parsed.termOption ?? '').trim() }
          : {}),
      }));
    },
    example: (facts) => {
      const term = termProductOf(facts);
      const rate = term?.termDepositAcctConfig?.termRate?.[0];
      return rate ? { termPeriod: termPeriodValue(rate), termOption: renewalOptionValues(term)[0] } : {};
    },
  },
};

// ---------------------------------------------------------------------------------------------------------
// Funding: how each account receives its first deposit
// ---------------------------------------------------------------------------------------------------------

/** How an account is funded: Interac e-Transfer, a cheque or cash at a branch, or later. */
export const FUNDING_METHODS = ['eTransfer', 'branch', 'later'] as const;
export type FundingMethod = (typeof FUNDING_METHODS)[number];

/** One account's funding as stored: its method and, unless later, the amount in cents. */
export interface AccountFunding {
  productId: string;
  method: FundingMethod;
  amountCents: number | null;
}

type FundingProduct = Pick<ProductFacts, 'productID' | 'accountCategory' | 'funding'>;

/** The currency of an account: US dollars for US-dollar chequing, else Canadian dollars. */
export function currencyOf(product: Pick<ProductFacts, 'accountCategory'>): 'CAD' | 'USD' {
  return product.accountCategory === 'USChequing' ? 'USD' : 'CAD';
}

/** An amount in an account's currency, as the applicant's language writes it ('$1,250.50', '1 250,50 $'). */
export function formatAmount(
  cents: number,
  product: Pick<ProductFacts, 'accountCategory'>,
  language: Language,
): string {
  const currency = currencyOf(product);
  const key = `${language}:${currency}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency });
    amountFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** A formatter costs far more to make than to use: one per language and currency. */
const amountFormats = new Map<string, Intl.NumberFormat>();

/** The funding form's field names of an account (flat: a product id is not an array index). */
export function fundingFieldsOf(productId: string) {
  return { method: `method_${productId}`, amount: `amount_${productId}` } as const;
}

/**
 * An amount as typed, in cents: '1500', '1,500.00', '$1,500' or '1 500,50' (spaces and '$' ignored; a
 * comma before one or two final digits is a decimal comma, any other comma groups thousands by three);
 * null when it is not an amount of dollars and cents.
 */
export function amountCentsOf(typed: string): number | null {
  const t = typed.replace(/[\s\u00a0\u202f$]/g, '');
  let plain: string;
  if (/^\d+,\d{1,2}$/.test(t)) plain = t.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) plain = t.replace(/,/g, '');
  else plain = t;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole = '0', fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * What is wrong with an opening deposit, or null: at least the product's minimum opening deposit (and a
 * cent), for TFSA and FHSA at most the annual contribution limit.
 */
function depositIssueOf(cents: number | null, product: FundingProduct): MessageKey | null {
  if (cents === null) return 'funding.amount.invalid';
  const { minOpeningDeposit, annualContributionLimit } = product.funding;
  if (cents < Math.max(1, Math.round(minOpeningDeposit * 100))) return 'funding.amount.min';
  if (annualContributionLimit !== null && cents > Math.round(annualContributionLimit * 100)) {
    return 'funding.amount.max';
  }
  return null;
}

const isFundingMethod = (value: unknown): value is FundingMethod =>
  (FUNDING_METHODS as readonly unknown[]).includes(value);

/** The funding form of an application's products: a method for each, and an amount unless later. */
export function fundingFormSchema(products: readonly FundingProduct[]) {
  return z.record(z.string(), text()).check(
    z.superRefine((v, ctx) => {
      for (const product of products) {
        const field = fundingFieldsOf(product.productID);
        const method = str(v[field.method]);
        if (!isFundingMethod(method)) issue(ctx, [field.method], 'funding.method.required');
        else if (method !== 'later') {
          const typed = str(v[field.amount]).trim();
          const key =
            typed === '' ? 'funding.amount.required' : depositIssueOf(amountCentsOf(typed), product);
          if (key) issue(ctx, [field.amount], key);
        }
      }
    }, ALWAYS),
  );
}

/** True when a stored funding answers every product of the application under today's catalogue. */
function isFundingComplete(stored: unknown, products: readonly FundingProduct[]): boolean {
  const accounts = (stored as { accounts?: unknown } | null)?.accounts;
  if (!Array.isArray(accounts) || accounts.length !== products.length) return false;
  return products.every((product, i) => {
    const account = accounts[i] as Partial<AccountFunding> | undefined;
    if (!account || account.productId !== product.productID || !isFundingMethod(account.method)) {
      return false;
    }
    return account.method === 'later' || depositIssueOf(account.amountCents ?? null, product) === null;
  });
}

const funding: SavableStepContract<'funding'> = {
  id: 'funding',
  texts: texts('funding'),
  isComplete: (a, f) => isFundingComplete(a.steps.funding, f.products),
  save: {
    summary: 'How each account is funded: a method, and an amount within the catalogue bounds unless later',
    body: z.record(z.string(), z.string()),
    // The accounts are the application's: the primary applicant answers for them.
    roles: ['primary'],
    scope: 'application',
    parse: (body, { facts }) =>
      map(parseWith(fundingFormSchema(facts.products), body), (v) => ({
        accounts: facts.products.map((product) => {
          const field = fundingFieldsOf(product.productID);
          const method = v[field.method] as FundingMethod;
          // 'Later' clears the amount it hid.
          const amountCents = method === 'later' ? null : amountCentsOf(str(v[field.amount]));
          return { productId: product.productID, method, amountCents };
        }),
      })),
    example: (facts) =>
      Object.fromEntries(
        facts.products.flatMap((p) => {
          const field = fundingFieldsOf(p.productID);
          return [
            [field.method, 'eTransfer'],
            [field.amount, String(Math.max(p.funding.minOpeningDeposit, 100))],
          ];
        }),
      ),
  },
};

const sin: SavableStepContract<'sin'> = {
  id: 'sin',
  texts: texts('sin'),
  isComplete: (a, f) => {
    if (a.sin === null) return false;
    if (a.sin.isSkipped) return true;
    const flags = flagsOf(f);
    return isValidSin(a.sin.digits, { isTfsaOrFhsa: flags.mTFSA || flags.mFHSA });
  },
  save: {
    apiPath: 'sin',
    summary:
      'The SIN (interest-bearing applications only), stored encrypted; or { skip: true } to give it at a branch',
    body: applicationSinRequestSchema,
    roles: ['primary', 'joint'],
    scope: 'applicant',
    parse(body, { facts }) {
      // { skip: true }: the SIN is given in person at a branch.
      if ((body as { skip?: unknown } | null)?.skip === true) return { ok: true, value: { isSkipped: true } };
      const flags = flagsOf(facts);
      return map(parseWith(sinFormSchema({ isTfsaOrFhsa: flags.mTFSA || flags.mFHSA }), body), (v) => ({
        isSkipped: false,
        digits: sinDigits(v.sin),
      }));
    },
    example: () => ({ sin: '130 692 544' }),
  },
};

// Asked on its own before the identity check runs (decision 0097): the check needs it as an earlier step.
const identityconsent: SavableStepContract<'identityconsent'> = {
  id: 'identityconsent',
  texts: texts('identityconsent'),
  isComplete: (a) => identityConsentFormSchema.safeParse(a.steps.identityconsent).success,
  save: {
    summary: 'The consent to the identity check at the credit bureau, given before the check runs',
    body: identityConsentFormSchema,
    roles: ['primary', 'joint'],
    scope: 'applicant',
    parse: (body) => parseWith(identityConsentFormSchema, body),
    example: () => ({ consent: true }),
  },
};

const finalizeaccount: SavableStepContract<'finalizeaccount'> = {
  id: 'finalizeaccount',
  texts: texts('finalizeaccount'),
  isComplete: (a, f) =>
    f.products.every((p) => accountUsageSchemaFor(p).safeParse(a.accountUsage?.[p.productID]).success),
  save: {
    // The accounts are the application's: the primary applicant answers for them.
    apiPath: 'accountUsage',
    summary: 'How each account will be used, by product id (the shorter form for registered plans)',
    body: applicationAccountUsageRequestSchema,
    roles: ['primary'],
    scope: 'application',
    parse(body, { facts }) {
      const answers = (body ?? {}) as Record<string, unknown>;
      const issues: StepIssue[] = [];
      const usage: Record<string, unknown> = {};
      for (const product of facts.products) {
        const parsed = parseWith(accountUsageSchemaFor(product), answers[product.productID]);
        if (parsed.ok) usage[product.productID] = parsed.value;
        else
          issues.push(
            ...parsed.issues.map((i) => ({
              ...i,
              path: [product.productID, i.path].filter(Boolean).join('.'),
            })),
          );
      }
      return issues.length > 0 ? { ok: false, issues } : { ok: true, value: usage };
    },
    example: (facts) => Object.fromEntries(facts.products.map((p) => [p.productID, EXAMPLE_ACCOUNT_USAGE])),
  },
};

const legalterms: SavableStepContract<'legalterms'> = {
  id: 'legalterms',
  texts: texts('legalterms'),
  isComplete: (a, f) => legalTermsFormSchema(legalTermsContextOf(f)).safeParse(a.legalTerms).success,
  save: {
    apiPath: 'legalTerms',
    summary: "'Review the legal terms': the compliance questionnaire",
    body: legalTermsRequestSchema,
    roles: ['primary', 'joint'],
    scope: 'applicant',
    parse: (body, { facts }) => parseWith(legalTermsFormSchema(legalTermsContextOf(facts)), body),
    example: () => EXAMPLE_LEGAL_TERMS,
  },
};

const reviewapplication: SavableStepContract<'reviewapplication'> = {
  id: 'reviewapplication',
  texts: texts('reviewapplication'),
  isComplete: (a) => a.reviewConsent,
  save: {
    apiPath: 'reviewConsent',
    summary: "'Review your application': the applicant agrees to the five statements",
    body: reviewConsentRequestSchema,
    roles: ['primary', 'joint'],
    scope: 'applicant',
    parse: (body) => map(parseWith(reviewConsentRequestSchema, body), () => true as const),
    example: () => ({ consent: true }),
  },
};

/** The savable steps, in flow order. */
export const SAVABLE_STEPS = {
  createprofile,
  personalinfo,
  phoneverification,
  address,
  confirmproducts,
  funding,
  sin,
  identityconsent,
  finalizeaccount,
  legalterms,
  reviewapplication,
} as const satisfies { [Id in SavableStepId]: SavableStepContract<Id> };

/** Every step's contract: the savable ones, and those completed by a check, a call or never. */
export const STEP_CONTRACTS: { readonly [Id in StepId]: StepContract<Id> } = {
  getstarted: { id: 'getstarted', texts: texts('getstarted') },
  ...SAVABLE_STEPS,
  verificationCode: {
    id: 'verificationCode',
    texts: texts('verificationCode'),
    isComplete: (a) => a.phone.isClosed,
  },
  // An unanswered check ('error') is retried in the background: it does not hold the applicant.
  identitycheck: {
    id: 'identitycheck',
    texts: texts('identitycheck'),
    isComplete: (a) => isIdentityCheckStepComplete(a.identity),
  },
  idverifyterms: {
    id: 'idverifyterms',
    texts: texts('idverifyterms'),
    isComplete: (a) => isDocumentStepDone(a.identity),
  },
  reviewterms: { id: 'reviewterms', texts: texts('reviewterms'), isComplete: (a) => a.termsAccepted },
  confirmapplication: { id: 'confirmapplication', texts: texts('confirmapplication') },
  confirmcoapplicantapplication: {
    id: 'confirmcoapplicantapplication',
    texts: texts('confirmcoapplicantapplication'),
  },
  jointcomplete: { id: 'jointcomplete', texts: texts('jointcomplete') },
  verifyidentification: { id: 'verifyidentification', texts: texts('verifyidentification') },
  applicationdecline: { id: 'applicationdecline', texts: texts('applicationdecline') },
  processingapplication: { id: 'processingapplication', texts: texts('processingapplication') },
  savingsaccountoffer: { id: 'savingsaccountoffer', texts: texts('savingsaccountoffer') },
};

/** True when a step is savable (has a save contract). */
export function isSavableStep(id: StepId): id is SavableStepId {
  return id in SAVABLE_STEPS;
}
