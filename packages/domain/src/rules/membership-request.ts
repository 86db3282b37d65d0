/**
 * The one mapping from an application's answers (as the decision froze them) to the membership request
 * the core banking receives (schemas/membership-request.ts, decision 0075). The server adapts its stored
 * applicants into `MembershipAnswers` in one function; every core adapter reads the request, never the
 * answers.
 */
import { findCountry, isCanada, isUnitedStates } from '../reference/countries.ts';
import { findProvince } from '../reference/provinces.ts';
import { findUsState } from '../reference/us-states.ts';
import type { IdentityStatus } from '../flows/identity.ts';
import type { AccountFunding } from '../flows/steps.ts';
import type { AccountType, ProductOffering } from '../schemas/entities.ts';
import { hasTermRates, renewalOptionValues, termPeriodValue } from '../schemas/forms/term-choice.ts';
import {
  CONTRACT_TYPES,
  MATURITY_INSTRUCTIONS,
  membershipRequestSchema,
  type AccountUsageLine,
  type ContractType,
  type MaturityInstruction,
  type MembershipApplicant,
  type MembershipCompliance,
  type MembershipContact,
  type MembershipProductLine,
  type MembershipRequest,
} from '../schemas/membership-request.ts';
import { deriveApplicationFlags } from './application-flags.ts';
import { OTHER_PURPOSE_CODE, purposeToUsageType } from './business.ts';
import { computeDepositPercentages, type AccountUsageAnswers } from './validation/amounts.ts';
import { normalizeBirthDate } from './validation/dates.ts';
import { splitPhoneForPayload } from './validation/phone.ts';
import { trimName } from './validation/text.ts';

/** An address as the address step stores it (home fields, and the ma-prefixed mailing ones). */
export interface AddressAnswers {
  streetNumber?: string | undefined;
  unitNumber?: string | undefined;
  streetName?: string | undefined;
  cityName?: string | undefined;
  provinceName?: string | undefined;
  postalCode?: string | undefined;
  country?: string | undefined;
  isMailingAddressSame: boolean;
  maStreetNumber?: string | undefined;
  maUnitNumber?: string | undefined;
  maStreetName?: string | undefined;
  maCityName?: string | undefined;
  maProvinceName?: string | undefined;
  maPostalCode?: string | undefined;
  maCountry?: string | undefined;
}

/** The compliance answers of 'Review the legal terms'. */
export interface LegalTermsAnswers {
  resStatus: 'yes' | 'no';
  taxResidentorCitizenUs: 'yes' | 'no';
  taxNotCanadaNotUS: 'yes' | 'no';
  crsUsTin?: string | undefined;
  crsCountry?: string | undefined;
  crsTin?: string | undefined;
  polExposed: 'yes' | 'no';
  politicallyExposedType?: string | undefined;
  positionHeld?: string | undefined;
  countryPositionHeld?: string | undefined;
  ontarioWork: 'yes' | 'no';
  occupation?: { id: string; name: string } | null | undefined;
  ownerOperator: 'yes' | 'no';
  singleInstitution: 'yes' | 'no';
  natureOfBanking: 'Personal' | 'PersonalBusiness';
  primaryPurpose: string;
  primaryOtherPurpose?: string | undefined;
  primaryPurposeGIC?: string | undefined;
  primaryOtherPurposeGIC?: string | undefined;
}

/** One applicant's answers. */
export interface MembershipApplicantAnswers {
  applicantId: string;
  email: string;
  language: 'en' | 'fr';
  /** Consent to receive communications (offers) by e-mail. */
  consent: boolean;
  personalInfo: {
    firstName: string;
    middleName?: string | undefined;
    lastName: string;
    dob_year: string;
    dob_month: string;
    dob_day: string;
    phoneNumber: string;
    phoneType: 'mobile' | 'home';
    hasSweep?: 'yes' | 'no' | undefined;
    sweepBelowBalance?: string | undefined;
    sweepExceedsBalance?: string | undefined;
  };
  address: AddressAnswers;
  /** The SIN's 9 digits, 'atBranch' when it will be given at a branch, null when it was not asked. */
  sin: string | 'atBranch' | null;
  legalTerms: LegalTermsAnswers;
  identityStatus: IdentityStatus;
}

/** The application's answers the membership is made from. */
export interface MembershipAnswers {
  applicationId: string;
  appRefNo: string;
  /** ISO time of the submission. */
  submittedAt: string;
  sweepEnabled: boolean;
  productChoice: { termPeriod?: string | undefined; termOption?: string | undefined } | null;
  /** Each product's account-usage answers, by product id. */
  accountUsage: Record<string, AccountUsageAnswers> | null;
  /** The applicant accepted the savings account offered instead. */
  isSavingsOffer: boolean;
  /** How each account is funded (the funding step), by the primary applicant; null when not answered. */
  funding: { accounts: readonly AccountFunding[] } | null;
  primary: MembershipApplicantAnswers;
  /** The co-applicant of a joint membership. */
  coApplicant?: MembershipApplicantAnswers | undefined;
}

/** What the credit union sets, and the catalogue entries of the products to open (in order). */
export interface MembershipSettings {
  branchCode: string;
  products: readonly ProductOffering[];
}

/** The membership request cannot be made from these answers (a snapshot the flow cannot produce). */
export class MembershipRequestError extends Error {
  override name = 'MembershipRequestError';
}

/** A debit card comes with a membership whose first account is a chequing or savings account. */
export function ordersDebitCard(first: Pick<ProductOffering, 'accountCategory'> | undefined): boolean {
  return first?.accountCategory === 'Chequing' || first?.accountCategory === 'Savings';
}

/** The registered-plan contract of an account category (RRSP is contract RSP). */
export function contractTypeOf(category: AccountType): ContractType | undefined {
  const contract = category === 'RRSP' ? 'RSP' : category;
  return (CONTRACT_TYPES as readonly string[]).includes(contract) ? (contract as ContractType) : undefined;
}

const clean = (value: string | undefined | null) => (value ?? '').trim();
const optional = (value: string | undefined | null) => (clean(value) === '' ? undefined : clean(value));

function countryCode(value: string | undefined): string {
  const code = findCountry(value)?.code;
  if (!code) throw new MembershipRequestError('An address has a country of the list');
  return code;
}

function regionCode(province: string | undefined, country: string | undefined): string {
  if (isCanada(country)) return findProvince(province)?.code ?? clean(province).toUpperCase();
  if (isUnitedStates(country)) return findUsState(province)?.code ?? clean(province).toUpperCase();
  return '';
}

function contactOf(a: MembershipApplicantAnswers, mailing: boolean): MembershipContact {
  const d = a.address;
  const [no, unit, street, city, province, postal, country] =
    mailing && !d.isMailingAddressSame
      ? [
          d.maStreetNumber,
          d.maUnitNumber,
          d.maStreetName,
          d.maCityName,
          d.maProvinceName,
          d.maPostalCode,
          d.maCountry,
        ]
      : [d.streetNumber, d.unitNumber, d.streetName, d.cityName, d.provinceName, d.postalCode, d.country];
  const unitNo = optional(unit);
  return {
    ...(unitNo ? { unit: unitNo } : {}),
    streetNo: clean(no),
    streetName: clean(street),
    city: clean(city),
    province: regionCode(province, country),
    country: countryCode(country),
    postalCode: clean(postal).toUpperCase(),
    email1: a.email.trim().toLowerCase(),
    ...splitPhoneForPayload(a.personalInfo.phoneNumber, a.personalInfo.phoneType),
  };
}

function complianceOf(t: LegalTermsAnswers): MembershipCompliance {
  const pep = t.polExposed === 'yes';
  const usTin = t.taxResidentorCitizenUs === 'yes' ? optional(t.crsUsTin) : undefined;
  const other = t.taxNotCanadaNotUS === 'yes';
  const crsCountry = other ? optional(t.crsCountry) : undefined;
  const crsTin = other ? optional(t.crsTin) : undefined;
  const positionHeld = pep ? optional(t.positionHeld) : undefined;
  const contPositionHeld = pep ? optional(t.countryPositionHeld) : undefined;
  return {
    canadianResident: t.resStatus === 'yes',
    usCitizenOrResident: t.taxResidentorCitizenUs === 'yes',
    ...(usTin ? { usTin } : {}),
    crsTaxOtherCountry: other,
    ...(crsCountry ? { crsCountry: findCountry(crsCountry)?.code ?? crsCountry } : {}),
    ...(crsTin ? { crsTin } : {}),
    workInCanada: t.ontarioWork === 'yes',
    ownerOperator: t.ownerOperator === 'yes',
    singleInstitution: t.singleInstitution === 'yes',
    natureOfBanking: t.natureOfBanking,
    polExposed: pep && t.politicallyExposedType === 'self',
    polExpoFamMem: pep && t.politicallyExposedType === 'relative',
    ...(positionHeld ? { positionHeld } : {}),
    ...(contPositionHeld
      ? { contPositionHeld: findCountry(contPositionHeld)?.code ?? contPositionHeld }
      : {}),
    occupationCode: clean(t.occupation?.id),
    occupation: clean(t.occupation?.name),
  };
}

function identityOf(status: IdentityStatus): MembershipApplicant['identityVerification'] {
  switch (status) {
    case 'passed':
      return { method: 'identityProvider' };
    case 'documentApproved':
      return { method: 'documents' };
    case 'skipped':
      return { method: 'notChecked' };
    default:
      throw new MembershipRequestError(`A membership is opened on a confirmed identity, not '${status}'`);
  }
}

function applicantOf(a: MembershipApplicantAnswers): MembershipApplicant {
  const info = a.personalInfo;
  const middleName = optional(info.middleName && trimName(info.middleName));
  return {
    applicantId: a.applicantId,
    firstName: trimName(info.firstName),
    ...(middleName ? { middleName } : {}),
    lastName: trimName(info.lastName),
    birthDate: normalizeBirthDate(info),
    language: a.language,
    contact: contactOf(a, false),
    mailingContact: contactOf(a, true),
    ...(a.sin !== null && a.sin !== 'atBranch' ? { sin: a.sin.replace(/\D/g, '') } : {}),
    sinStatus: a.sin === null ? 'notAsked' : a.sin === 'atBranch' ? 'atBranch' : 'provided',
    rcvEmailOffers: a.consent,
    compliance: complianceOf(a.legalTerms),
    identityVerification: identityOf(a.identityStatus),
  };
}

/** A product line's usage: its purpose, the answers (a row the short form lacks is 0) and percentages. */
function usageOf(
  answers: AccountUsageAnswers,
  purpose: string | undefined,
  other: string | undefined,
): AccountUsageLine {
  const usageType = purposeToUsageType(clean(purpose));
  if (!usageType) throw new MembershipRequestError('A product line has a purpose of the list');
  const c = answers.creditSources;
  const d = answers.depositSources;
  const otherUsage = clean(purpose) === OTHER_PURPOSE_CODE ? optional(other) : undefined;
  return {
    usageType,
    ...(otherUsage ? { otherUsage } : {}),
    creditSources: { cash: c.cash ?? 0, cheque: c.cheque ?? 0, payroll: c.payroll ?? 0, eft: c.eft ?? 0 },
    depositSources: { branch: d.branch ?? 0, atm: d.atm ?? 0, wires: d.wires ?? 0, eft: d.eft ?? 0 },
    ...computeDepositPercentages(answers),
  };
}

/**
 * The term of a term deposit: the length and renewal option chosen (the flow asks them for the first
 * product with term rates); another term product takes the same when it offers them, else its first length
 * and rollover.
 */
function termOf(
  product: ProductOffering,
  choice: MembershipAnswers['productChoice'],
  isChosen: boolean,
): MembershipProductLine['term'] {
  const rates = product.termDepositAcctConfig?.termRate ?? [];
  const chosen = rates.find((r) => termPeriodValue(r) === clean(choice?.termPeriod));
  const option = clean(choice?.termOption);
  const offered = renewalOptionValues(product).includes(option);
  if (isChosen && (!chosen || !offered)) {
    throw new MembershipRequestError('A term deposit has a length and a renewal option it offers');
  }
  const rate = chosen ?? rates[0];
  if (!rate) throw new MembershipRequestError('A term deposit has term rates');
  return {
    period: rate.period,
    periodType: rate.periodType,
    rate: rate.rate,
    minimumDeposit: product.termDepositAcctConfig?.minAmount ?? 0,
    maturityInstruction:
      offered && (MATURITY_INSTRUCTIONS as readonly string[]).includes(option)
        ? (option as MaturityInstruction)
        : 'rollover',
  };
}

/** An account's funding as answered; an account nobody answered for (an offer) is funded later. */
function fundingOf(
  product: ProductOffering,
  funding: MembershipAnswers['funding'],
): MembershipProductLine['funding'] {
  const answered = funding?.accounts.find((a) => a.productId === product.productID);
  if (!answered || answered.method === 'later' || answered.amountCents === null) return { method: 'later' };
  return { method: answered.method, amount: answered.amountCents / 100 };
}

function productLineOf(
  product: ProductOffering,
  answers: MembershipAnswers,
  usage: AccountUsageAnswers,
  isChosenTerm: boolean,
): MembershipProductLine {
  const isTerm = hasTermRates(product);
  const terms = answers.primary.legalTerms;
  const contractType = contractTypeOf(product.accountCategory);
  const kind = ['Chequing', 'USChequing'].includes(product.accountCategory) ? 'Chequing' : 'Savings';
  return {
    productId: product.productID,
    productCode: product.productCode,
    productName: product.description,
    accountCategory: product.accountCategory,
    productType: isTerm ? 'Term' : kind,
    productBenefit: product.benefit,
    ...(contractType ? { contractType } : {}),
    ...(isTerm ? { term: termOf(product, answers.productChoice, isChosenTerm) } : {}),
    usage: isTerm
      ? usageOf(usage, terms.primaryPurposeGIC, terms.primaryOtherPurposeGIC)
      : usageOf(usage, terms.primaryPurpose, terms.primaryOtherPurpose),
    funding: fundingOf(product, answers.funding),
  };
}

/**
 * The membership request of an application (decision 0075): both applicants' payloads, a product line per
 * product to open (a savings account offered instead takes the usage answers of the first product
 * answered), the sweep amounts where sweep is on, the branch of digital applications.
 * @throws MembershipRequestError when the answers cannot make a valid request
 */
export function membershipRequestOf(
  answers: MembershipAnswers,
  settings: MembershipSettings,
): MembershipRequest {
  const usageById = answers.accountUsage ?? {};
  const firstAnswered = Object.values(usageById)[0];
  const chosenTerm = settings.products.find((p) => hasTermRates(p));
  const products = settings.products.map((product) => {
    const usage = usageById[product.productID] ?? (answers.isSavingsOffer ? firstAnswered : undefined);
    if (!usage) throw new MembershipRequestError('Each product to open has its account-usage answers');
    return productLineOf(product, answers, usage, product === chosenTerm);
  });
  const flags = deriveApplicationFlags(settings.products);
  const info = answers.primary.personalInfo;
  const sweepOn = answers.sweepEnabled && info.hasSweep === 'yes';
  const request = {
    applicationId: answers.applicationId,
    appRefNo: answers.appRefNo,
    submittedAt: answers.submittedAt,
    applicantType: answers.coApplicant ? 'Joint' : 'Single',
    branchCode: settings.branchCode,
    ...(flags.mStudent ? { benefit: 'STUDENT' } : flags.mNTC ? { benefit: 'NTC' } : {}),
    orderDebitCard: ordersDebitCard(settings.products[0]),
    isSavingsOffer: answers.isSavingsOffer,
    primary: applicantOf(answers.primary),
    ...(answers.coApplicant ? { jointHolder: applicantOf(answers.coApplicant) } : {}),
    products,
    ...(sweepOn
      ? {
          sweep: {
            sweepInAmount: Number(clean(info.sweepBelowBalance)),
            sweepOutAmount: Number(clean(info.sweepExceedsBalance)),
          },
        }
      : {}),
  };
  const parsed = membershipRequestSchema.safeParse(request);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new MembershipRequestError(`The membership request is not valid (${where})`);
  }
  return parsed.data;
}
