/**
 * Form schemas of omo for react-hook-form (`zodResolver`) and for the server's re-check. Every issue message
 * is a MessageKey (messages/messages.ts); translate with `formatMessage`.
 *
 * Form values are what the controls hold: text as strings, radios as 'yes' | 'no', selects as strings.
 * Conditional and cross-field rules live in one `superRefine` per form that runs even when other fields
 * already failed (`when: () => true`), so the error summary lists every problem at once; those refinements
 * read the values defensively because a failed field may hold anything.
 */
import { z } from 'zod';
import { PROMO_CODE_MAX } from './field-limits.ts';
import { FHSA_DEFAULT_PURPOSE, OTHER_PURPOSE_CODE } from '../rules/business.ts';
import { isCanada, isUnitedStates } from '../reference/lists.ts';
import type { ApplicationFlags } from '../rules/application-flags.types.ts';
import type { MessageKey } from '../messages/messages.ts';
import {
  checkAgeLimits,
  checkSweepAmount,
  isSameEmail,
  isValidCityName,
  isValidDate,
  isValidEmail,
  isValidNameText,
  isValidOtherTin,
  isValidPhone,
  isValidPostalCode,
  isValidSin,
  isValidStreetName,
  isValidStreetNumber,
  isValidUnitNumber,
  isValidUsTin,
  isValidZipCode,
  hasOnlyPasswordCharacters,
  isStorableText,
  normalizeBirthDate,
  OTHER_TIN_MAX,
  passwordMatchesCriteria,
  postalCodeMatchesProvince,
  trimName,
  YEAR_MIN,
} from '../rules/validation.ts';

/** Password length limits. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;
/** Names (first, middle, last, co-applicant). */
export const NAME_MAX = 38;
/** Referral code. */
export const REFERRAL_CODE_MAX = 12;
/** Promo and referral codes on the review screen (spec 001 §5). */
export const REVIEW_CODE_MAX = 12;
/** Referral codes begin with this prefix. */
export const REFERRAL_CODE_PREFIX = 'RF';
/** Co-applicant e-mail, and e-mail on the review screen (spec 001 §5/§9). */
export const REVIEW_EMAIL_MAX = 38;
/** Verification code digits. */
export const CODE_LENGTH = 6;
/** Send-fail, resend and invalid-code limit. */
export const VERIFICATION_LIMIT = 3;

type Ctx = z.RefinementCtx;

function issue(ctx: Ctx, path: (string | number)[], message: MessageKey): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/** Reads a string field of a value that may have failed parsing. */
function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Run a form's refinement even when some fields failed, but only on an object (never on null or a string). */
const ALWAYS = {
  when: (payload: { value: unknown }) => payload.value !== null && typeof payload.value === 'object',
} as const;

/** Any text field refuses what cannot be stored (a NUL, a broken character), with its own message. */
const UNSUPPORTED_CHARACTERS = { error: 'text.unsupportedCharacters' satisfies MessageKey } as const;

/** A string the server can store: no NUL, no unpaired surrogate ('text.unsupportedCharacters'). */
const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, UNSUPPORTED_CHARACTERS);

/** A text field: string, '' when the control is empty. */
const text = () => storableString({ error: 'choice.required' satisfies MessageKey });

/** A yes/no radio ('yes' | 'no'); anything else gives `message`. */
const yesNo = (message: MessageKey = 'choice.required') => z.enum(['yes', 'no'], { error: message });

/**
 * A name field: trimmed like on blur; required (when `required` is given), at most 38 characters, allowed
 * characters only.
 */
function nameField(required: MessageKey | null, invalid: MessageKey) {
  return z
    .string({ error: required ?? invalid })
    .overwrite(trimName)
    .superRefine((v, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: required, abort: true });
        return;
      }
      if (v.length > NAME_MAX) ctx.addIssue({ code: 'custom', message: 'name.max' satisfies MessageKey });
      else if (!isValidNameText(v)) ctx.addIssue({ code: 'custom', message: invalid });
    });
}

/** An e-mail field: trimmed, required, valid address, optional maximum length. */
function emailField(required: MessageKey, invalid: MessageKey, max?: number) {
  return z
    .string({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: required });
      else if (max !== undefined && v.length > max)
        ctx.addIssue({ code: 'custom', message: 'email.max' satisfies MessageKey });
      else if (!isValidEmail(v)) ctx.addIssue({ code: 'custom', message: invalid });
    });
}

// ---------------------------------------------------------------------------------------------------------
// Create profile (spec 000 §5, spec 001 §2.7)
// ---------------------------------------------------------------------------------------------------------

/**
 * Password rules: required, 8..12 characters, digit + lower + upper case, none of < > , /, and no control
 * character ('text.unsupportedCharacters'). The maximum is the online-banking sign-in's (decision 0012).
 */
export const passwordFieldSchema = z
  .string({ error: 'password.required' satisfies MessageKey })
  .superRefine((v, ctx) => {
    if (v === '') issue(ctx, [], 'password.required');
    else if (!hasOnlyPasswordCharacters(v)) issue(ctx, [], 'text.unsupportedCharacters');
    else if (v.length < PASSWORD_MIN) issue(ctx, [], 'password.min');
    else if (v.length > PASSWORD_MAX) issue(ctx, [], 'password.max');
    else if (!passwordMatchesCriteria(v)) issue(ctx, [], 'password.criteria');
  });

/** Optional promo code, at most `max` characters. */
export const promoCodeFieldSchema = (max: number = PROMO_CODE_MAX) =>
  storableString()
    .trim()
    .max(max, { error: 'promoCode.max' satisfies MessageKey })
    .optional();

/** Optional referral code: at most 12 characters, begins with RF (any case; kept upper case). */
export const referralCodeFieldSchema = storableString()
  .trim()
  .toUpperCase()
  .superRefine((v, ctx) => {
    if (v === '') return;
    if (v.length > REFERRAL_CODE_MAX) issue(ctx, [], 'referralCode.max');
    else if (!v.startsWith(REFERRAL_CODE_PREFIX)) issue(ctx, [], 'referralCode.prefix');
  })
  .optional();

/** 'Create your profile': e-mail, password, optional promo and referral codes, marketing consent. */
export const createProfileFormSchema = z.object({
  email: emailField('email.required', 'email.invalid'),
  password: passwordFieldSchema,
  promoCode: promoCodeFieldSchema(),
  referralCode: referralCodeFieldSchema,
  consent: z.boolean().default(false),
});
export type CreateProfileForm = z.infer<typeof createProfileFormSchema>;
export type CreateProfileFormInput = z.input<typeof createProfileFormSchema>;

/** Promo and referral codes as edited on the review screen (both at most 12). */
export const reviewCodesFormSchema = z.object({
  promoCode: promoCodeFieldSchema(REVIEW_CODE_MAX),
  referralCode: referralCodeFieldSchema,
});

// ---------------------------------------------------------------------------------------------------------
// Personal info (spec 000 §5; joint flow spec 001 §2.7)
// ---------------------------------------------------------------------------------------------------------

/** What the personal-info rules depend on. */
export interface PersonalInfoContext {
  flags: Pick<ApplicationFlags, 'mStudent' | 'mSenior' | 'mRRSP' | 'mFHSA'>;
  today: Date;
  /** The sweep section is shown (sweep enabled). */
  sweepEnabled: boolean;
  /** The co-applicant's own flow: no joint section. */
  isJointFlow: boolean;
  /** The joint section is shown (false for RRSP, TFSA and FHSA). */
  jointAllowed: boolean;
  /** The primary applicant's e-mail (the co-applicant e-mail must differ). */
  primaryEmail?: string;
  /** Province of residence when already known (age of majority); 18 is used otherwise. */
  province?: string;
}

/**
 * Adds the date-of-birth issues of spec 000 §5: per-field required/format messages first, then the date
 * ('Please enter a valid date.'), a future date ('Please enter a valid date of birth'), then the age limits
 * under the day or year field.
 */
function refineBirthDate(
  value: Record<string, unknown>,
  ctx: Ctx,
  flags: PersonalInfoContext['flags'],
  today: Date,
  province?: string,
): void {
  const month = str(value.dob_month).trim();
  const day = str(value.dob_day).trim();
  const year = str(value.dob_year).trim();
  let fieldsOk = true;
  if (month === '') {
    issue(ctx, ['dob_month'], 'dob.month.required');
    fieldsOk = false;
  }
  if (day === '') {
    issue(ctx, ['dob_day'], 'dob.day.required');
    fieldsOk = false;
  } else if (!/^[0-9]{1,2}$/.test(day) || Number(day) < 1 || Number(day) > 31) {
    issue(ctx, ['dob_day'], 'dob.day.invalid');
    fieldsOk = false;
  }
  if (year === '') {
    issue(ctx, ['dob_year'], 'dob.year.required');
    fieldsOk = false;
  } else if (!/^[0-9]{4}$/.test(year) || Number(year) < YEAR_MIN) {
    issue(ctx, ['dob_year'], 'dob.year.invalid');
    fieldsOk = false;
  }
  if (!fieldsOk) return;
  if (!isValidDate(month, day, year, today)) {
    issue(ctx, ['dob_day'], 'date.invalid');
    return;
  }
  const birthDate = normalizeBirthDate({ dob_year: year, dob_month: month, dob_day: day });
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  if (new Date(y, m - 1, d) > today) {
    issue(ctx, ['dob_day'], 'dob.invalid');
    return;
  }
  const ageIssue = checkAgeLimits(flags, birthDate, today, province);
  if (ageIssue) issue(ctx, [ageIssue.field], ageIssue.key);
}

/**
 * 'Tell us about yourself' (single and joint flows). Sweep fields are checked only when `sweepEnabled`
 * and the answer is yes; the joint section only in the single flow when `jointAllowed`, and its fields only
 * when the answer is yes.
 */
export function personalInfoFormSchema(ctx: PersonalInfoContext) {
  return personalInfoFields(sectionsOf(ctx)).superRefine(
    (value, rctx) => refinePersonalInfo(value as Record<string, unknown>, rctx, ctx),
    ALWAYS,
  );
}
export type PersonalInfoForm = z.infer<ReturnType<typeof personalInfoFormSchema>>;
export type PersonalInfoFormInput = z.input<ReturnType<typeof personalInfoFormSchema>>;

/**
 * True when saved answers pass personalInfoFormSchema(ctx), without building the schema (the server
 * re-checks every saved answer on each read).
 */
export function isValidPersonalInfo(value: unknown, ctx: PersonalInfoContext): boolean {
  const parsed = personalInfoFields(sectionsOf(ctx)).safeParse(value);
  if (!parsed.success) return false;
  let valid = true;
  const collect = {
    value: parsed.data,
    addIssue: () => {
      valid = false;
    },
  } as unknown as Ctx;
  refinePersonalInfo(parsed.data as Record<string, unknown>, collect, ctx);
  return valid;
}

/** The sections of the personal-information form a context shows. */
function sectionsOf(ctx: PersonalInfoContext) {
  return { showSweep: ctx.sweepEnabled, showJoint: !ctx.isJointFlow && ctx.jointAllowed };
}

/** The cross-field rules of personal information: the birth date, the sweep amounts, the joint section. */
function refinePersonalInfo(v: Record<string, unknown>, rctx: Ctx, ctx: PersonalInfoContext): void {
  const { showSweep, showJoint } = sectionsOf(ctx);
  refineBirthDate(v, rctx, ctx.flags, ctx.today, ctx.province);
  if (showSweep && v.hasSweep === 'yes') {
    for (const field of ['sweepBelowBalance', 'sweepExceedsBalance'] as const) {
      const key = checkSweepAmount(str(v[field]));
      if (key) issue(rctx, [field], key);
    }
  }
  if (showJoint && v.hasJointApp === 'yes') refineJointSection(v, rctx, ctx.primaryEmail);
}

/** The fields of personal information, built once per pair of sections (a schema costs a millisecond). */
const personalInfoFieldsBySections = new Map<string, ReturnType<typeof buildPersonalInfoFields>>();
function personalInfoFields(sections: { showSweep: boolean; showJoint: boolean }) {
  const key = `${sections.showSweep}|${sections.showJoint}`;
  let fields = personalInfoFieldsBySections.get(key);
  if (!fields) {
    fields = buildPersonalInfoFields(sections);
    personalInfoFieldsBySections.set(key, fields);
  }
  return fields;
}

function buildPersonalInfoFields({ showSweep, showJoint }: { showSweep: boolean; showJoint: boolean }) {
  return z.object({
    firstName: nameField('name.first.required', 'name.first.invalid'),
    middleName: nameField(null, 'name.invalid').optional(),
    lastName: nameField('name.last.required', 'name.last.invalid'),
    dob_month: text(),
    dob_day: text(),
    dob_year: text(),
    phoneNumber: z
      .string({ error: 'phone.invalid' satisfies MessageKey })
      .refine(isValidPhone, { error: 'phone.invalid' satisfies MessageKey }),
    phoneType: z.enum(['mobile', 'home'], { error: 'phone.type.required' satisfies MessageKey }),
    hasSweep: showSweep ? yesNo() : yesNo().optional(),
    sweepBelowBalance: text().optional(),
    sweepExceedsBalance: text().optional(),
    hasJointApp: showJoint ? yesNo() : yesNo().optional(),
    jointFirstName: text().optional(),
    jointLastName: text().optional(),
    jointEmail: text().optional(),
  });
}

function refineJointSection(v: Record<string, unknown>, ctx: Ctx, primaryEmail?: string): void {
  const checkName = (field: 'jointFirstName' | 'jointLastName', required: MessageKey) => {
    const name = trimName(str(v[field]));
    if (name === '') issue(ctx, [field], required);
    else if (name.length > NAME_MAX) issue(ctx, [field], 'name.max');
    else if (!isValidNameText(name)) issue(ctx, [field], 'name.invalid');
  };
  checkName('jointFirstName', 'joint.firstName.required');
  checkName('jointLastName', 'joint.lastName.required');
  const email = str(v.jointEmail).trim();
  if (email === '') issue(ctx, ['jointEmail'], 'joint.email.required');
  else if (email.length > REVIEW_EMAIL_MAX) issue(ctx, ['jointEmail'], 'email.max');
  else if (!isValidEmail(email)) issue(ctx, ['jointEmail'], 'email.invalid');
  else if (primaryEmail && isSameEmail(email, primaryEmail))
    issue(ctx, ['jointEmail'], 'joint.email.sameAsPrimary');
}

/**
 * Co-applicant details as edited on the review screen (spec 001 §5): names required, at most 38, name
 * characters ('Enter valid name'); e-mail required ('Enter valid email'), valid, at most 38, different
 * from the primary e-mail.
 */
export function jointApplicantFormSchema(ctx: { primaryEmail?: string } = {}) {
  return z
    .object({
      jointFirstName: nameField('joint.firstName.required', 'joint.name.invalid'),
      jointLastName: nameField('joint.lastName.required', 'joint.name.invalid'),
      jointEmail: emailField('joint.email.invalid', 'joint.email.invalid', REVIEW_EMAIL_MAX),
    })
    .superRefine((v, rctx) => {
      const email = str(v.jointEmail).trim();
      if (ctx.primaryEmail && email !== '' && isSameEmail(email, ctx.primaryEmail)) {
        issue(rctx, ['jointEmail'], 'joint.email.sameAsPrimary');
      }
    }, ALWAYS);
}
export type JointApplicantForm = z.infer<ReturnType<typeof jointApplicantFormSchema>>;

// ---------------------------------------------------------------------------------------------------------
// Phone verification (spec 000 §4/§5)
// ---------------------------------------------------------------------------------------------------------

/** The editable phone on the verification screen: empty → 'Please enter phone number'. */
export const phoneFormSchema = z.object({
  phoneNumber: z.string({ error: 'phone.required' satisfies MessageKey }).superRefine((v, ctx) => {
    if (v.trim() === '') issue(ctx, [], 'phone.required');
    else if (!isValidPhone(v)) issue(ctx, [], 'phone.invalid');
  }),
});
export type PhoneForm = z.infer<typeof phoneFormSchema>;

/** The verification code: exactly six digits. */
export const verificationCodeSchema = z.object({
  code: z
    .string({ error: 'code.invalid' satisfies MessageKey })
    .regex(new RegExp(`^[0-9]{${CODE_LENGTH}}$`), { error: 'code.invalid' satisfies MessageKey }),
});
export type VerificationCodeForm = z.infer<typeof verificationCodeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Address (spec 000 §4/§5, spec 001 §4.7/§5)
// ---------------------------------------------------------------------------------------------------------

interface ManualFieldNames {
  streetNumber: string;
  unitNumber: string;
  streetName: string;
  cityName: string;
  provinceName: string;
  postalCode: string;
  country: string;
}

const HOME_FIELDS: ManualFieldNames = {
  streetNumber: 'streetNumber',
  unitNumber: 'unitNumber',
  streetName: 'streetName',
  cityName: 'cityName',
  provinceName: 'provinceName',
  postalCode: 'postalCode',
  country: 'country',
};

const MAILING_FIELDS: ManualFieldNames = {
  streetNumber: 'maStreetNumber',
  unitNumber: 'maUnitNumber',
  streetName: 'maStreetName',
  cityName: 'maCityName',
  provinceName: 'maProvinceName',
  postalCode: 'maPostalCode',
  country: 'maCountry',
};

/**
 * Manual address rules. The province is required for Canada ('Select your province name') and the US
 * ('Select your state name') and hidden otherwise; the postal code is required ('Enter your postal code',
 * US 'Enter your zip code') and checked for Canada (format, and agreement with a two-letter province code)
 * and the US (ZIP). When `mustBeCanada` (home address) a country other than Canada gives the resident
 * message; a mailing address may be abroad.
 */
function refineManualAddress(
  v: Record<string, unknown>,
  ctx: Ctx,
  names: ManualFieldNames,
  mustBeCanada: boolean,
): void {
  const streetNumber = str(v[names.streetNumber]).trim();
  if (streetNumber === '') issue(ctx, [names.streetNumber], 'address.streetNumber.required');
  else if (!isValidStreetNumber(streetNumber))
    issue(ctx, [names.streetNumber], 'address.streetNumber.invalid');

  if (!isValidUnitNumber(str(v[names.unitNumber]).trim())) {
    issue(ctx, [names.unitNumber], 'address.unitNumber.invalid');
  }

  const streetName = str(v[names.streetName]).trim();
  if (streetName === '') issue(ctx, [names.streetName], 'address.streetName.required');
  else if (!isValidStreetName(streetName)) issue(ctx, [names.streetName], 'address.streetName.invalid');

  const city = str(v[names.cityName]).trim();
  if (city === '') issue(ctx, [names.cityName], 'address.city.required');
  else if (!isValidCityName(city)) issue(ctx, [names.cityName], 'address.city.invalid');

  const country = str(v[names.country]).trim();
  const inCanada = isCanada(country);
  const isUs = isUnitedStates(country);
  if (country === '') issue(ctx, [names.country], 'address.country.required');
  else if (mustBeCanada && !inCanada) issue(ctx, [names.country], 'address.country.notCanada');

  const province = str(v[names.provinceName]).trim();
  if (province === '' && (inCanada || isUs)) {
    issue(ctx, [names.provinceName], isUs ? 'address.state.required' : 'address.province.required');
  }

  const postal = str(v[names.postalCode]).trim();
  if (postal === '') {
    issue(ctx, [names.postalCode], isUs ? 'address.zipCode.required' : 'address.postalCode.required');
  } else if (inCanada) {
    if (!isValidPostalCode(postal)) issue(ctx, [names.postalCode], 'address.postalCode.invalid');
    else if (/^[A-Za-z]{2}$/.test(province) && !postalCodeMatchesProvince(postal, province)) {
      issue(ctx, [names.postalCode], 'address.postalCode.provinceMismatch');
    }
  } else if (isUs && !isValidZipCode(postal)) {
    issue(ctx, [names.postalCode], 'address.zipCode.invalid');
  }
}

const manualAddressShape = {
  streetNumber: text(),
  unitNumber: text().optional(),
  streetName: text(),
  cityName: text(),
  provinceName: text().optional(),
  postalCode: text(),
  country: text(),
};

/**
 * A manually entered home address (also the shape the server re-checks and the review screen edits):
 * street number, optional unit, street name, city, province/state, postal/zip code, country (must be
 * Canada). Province values are the two-letter codes of the province select.
 */
export const manualAddressSchema = z.object(manualAddressShape).superRefine((v, ctx) => {
  refineManualAddress(v as Record<string, unknown>, ctx, HOME_FIELDS, true);
}, ALWAYS);
export type ManualAddressForm = z.infer<typeof manualAddressSchema>;

/**
 * 'Where do you live?'. Home address in search mode (`isManualAddress` false: the search box `autoAddress`
 * is required, and a chosen suggestion `autoAddressSelectedId` too) or manual mode (manual fields required).
 * When `isMailingAddressSame` is false the mailing block (ma-prefixed fields, search `autoMailAddress` /
 * `autoMailAddressSelectedId`, manual `isManualMailingAddress`) is required the same way.
 */
export const addressFormSchema = z
  .object({
    isManualAddress: z.boolean().default(false),
    autoAddress: text().optional(),
    autoAddressSelectedId: text().optional(),
    ...manualAddressShape,
    streetNumber: text().optional(),
    streetName: text().optional(),
    cityName: text().optional(),
    postalCode: text().optional(),
    country: text().optional(),
    isMailingAddressSame: z.boolean().default(true),
    isManualMailingAddress: z.boolean().default(false),
    autoMailAddress: text().optional(),
    autoMailAddressSelectedId: text().optional(),
    maStreetNumber: text().optional(),
    maUnitNumber: text().optional(),
    maStreetName: text().optional(),
    maCityName: text().optional(),
    maProvinceName: text().optional(),
    maPostalCode: text().optional(),
    maCountry: text().optional(),
  })
  .superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    if (v.isManualAddress === true) {
      refineManualAddress(v, ctx, HOME_FIELDS, true);
    } else if (str(v.autoAddress).trim() === '') {
      issue(ctx, ['autoAddress'], 'address.search.required');
    } else if (str(v.autoAddressSelectedId).trim() === '') {
      issue(ctx, ['autoAddress'], 'address.selection.required');
    }
    if (v.isMailingAddressSame === false) {
      if (v.isManualMailingAddress === true) {
        refineManualAddress(v, ctx, MAILING_FIELDS, false);
      } else if (str(v.autoMailAddress).trim() === '') {
        issue(ctx, ['autoMailAddress'], 'address.mailingSearch.required');
      } else if (str(v.autoMailAddressSelectedId).trim() === '') {
        issue(ctx, ['autoMailAddress'], 'address.selection.required');
      }
    }
  }, ALWAYS);
export type AddressForm = z.infer<typeof addressFormSchema>;
export type AddressFormInput = z.input<typeof addressFormSchema>;

// ---------------------------------------------------------------------------------------------------------
// Confirm products: term choice (spec 000 §4/§5)
// ---------------------------------------------------------------------------------------------------------

/** The part of a product the term form depends on. */
export interface TermProductLike {
  termDepositAcctConfig?: {
    termRate?: readonly { period: number | string; periodType: string; rate: number | string }[] | null;
    mdAllowMature?: boolean | null;
  } | null;
}

/** True when the product has term rates (its length/term and renewal selects are shown and required). */
export function hasTermRates(product: TermProductLike | null | undefined): boolean {
  return (product?.termDepositAcctConfig?.termRate?.length ?? 0) > 0;
}

/** The stored value of a 'Length and term' choice: the spec's text 'period periodType rate%'. */
export function termPeriodValue(rate: {
  period: number | string;
  periodType: string;
  rate: number | string;
}): string {
  return `${rate.period} ${rate.periodType} ${rate.rate}%`;
}

/** The 'Renewal option' values a product offers: rollover and transfer, and payout when it allows maturity. */
export function renewalOptionValues(product: TermProductLike | null | undefined): string[] {
  return product?.termDepositAcctConfig?.mdAllowMature
    ? ['rollover', 'transfer', 'payout']
    : ['rollover', 'transfer'];
}

/**
 * Term choice of a product: 'Select your length and term' and 'Select a renewal option', required only
 * when the product has term rates; a value the product does not offer counts as not selected.
 */
export function termChoiceFormSchema(product: TermProductLike | null | undefined) {
  if (!product) return (termChoiceWithoutProduct ??= buildTermChoiceFormSchema(product));
  let schema = termChoiceByProduct.get(product);
  if (!schema) {
    schema = buildTermChoiceFormSchema(product);
    termChoiceByProduct.set(product, schema);
  }
  return schema;
}
export type TermChoiceForm = z.infer<ReturnType<typeof termChoiceFormSchema>>;

/** Built once per product object (the catalogue's products are not changed in place). */
const termChoiceByProduct = new WeakMap<TermProductLike, ReturnType<typeof buildTermChoiceFormSchema>>();
let termChoiceWithoutProduct: ReturnType<typeof buildTermChoiceFormSchema> | undefined;

function buildTermChoiceFormSchema(product: TermProductLike | null | undefined) {
  const required = hasTermRates(product);
  const periods = new Set((product?.termDepositAcctConfig?.termRate ?? []).map(termPeriodValue));
  const options = new Set(renewalOptionValues(product));
  return z.object({ termPeriod: text().optional(), termOption: text().optional() }).superRefine((v, ctx) => {
    if (!required) return;
    if (!periods.has(str(v.termPeriod).trim())) issue(ctx, ['termPeriod'], 'term.length.required');
    if (!options.has(str(v.termOption).trim())) issue(ctx, ['termOption'], 'term.renewal.required');
  }, ALWAYS);
}

// ---------------------------------------------------------------------------------------------------------
// SIN (spec 001 §5, reference §9)
// ---------------------------------------------------------------------------------------------------------

/** The SIN step: required and valid ('Enter a valid SIN' for both); 9-series refused for TFSA/FHSA. */
export function sinFormSchema(ctx: { isTfsaOrFhsa: boolean }) {
  return z.object({
    sin: z
      .string({ error: 'sin.invalid' satisfies MessageKey })
      .refine((v) => isValidSin(v, ctx), { error: 'sin.invalid' satisfies MessageKey }),
  });
}
export type SinForm = z.infer<ReturnType<typeof sinFormSchema>>;

// ---------------------------------------------------------------------------------------------------------
// ID verification terms
// ---------------------------------------------------------------------------------------------------------

/** The ID verification consent: Continue stays disabled until it is ticked; the server refuses it unticked. */
export const idVerifyTermsFormSchema = z.object({
  consent: z.literal(true, { error: 'idTerms.consent.required' satisfies MessageKey }),
});
export type IdVerifyTermsForm = z.infer<typeof idVerifyTermsFormSchema>;

// ---------------------------------------------------------------------------------------------------------
// Account usage questionnaire (spec 000 §3/§5)
// ---------------------------------------------------------------------------------------------------------

/** One answer: 0..3 as a number or as the radio's string; anything else is unanswered. */
const answerSchema = z
  .union([z.number(), z.string()], { error: 'usage.answerEach' satisfies MessageKey })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^[0-3]$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > 3) {
      ctx.addIssue({ code: 'custom', message: 'usage.answerEach' satisfies MessageKey });
      return z.NEVER;
    }
    return n;
  });

/** At least one answer of a group above 0 (only checked once every answer of the group is valid). */
function atLeastOneAnswered(v: Record<string, number>, ctx: Ctx): void {
  const values = Object.values(v);
  if (values.every((n) => typeof n === 'number') && !values.some((n) => n > 0))
    issue(ctx, [], 'usage.atLeastOne');
}

/**
 * The full questionnaire: every category answered ('Provide an answer for each category') and, in each of
 * the two groups (deposit types = credit sources; deposit methods = deposit sources), at least one answer
 * above Never ('Please indicate at least one type of deposit', on the group), since each group's
 * percentages must total 100.
 */
export const accountUsageFormSchema = z.object({
  creditSources: z
    .object({ cash: answerSchema, cheque: answerSchema, payroll: answerSchema, eft: answerSchema })
    .superRefine(atLeastOneAnswered),
  depositSources: z
    .object({ branch: answerSchema, atm: answerSchema, wires: answerSchema, eft: answerSchema })
    .superRefine(atLeastOneAnswered),
});
export type AccountUsageForm = z.infer<typeof accountUsageFormSchema>;
export type AccountUsageFormInput = z.input<typeof accountUsageFormSchema>;

/**
 * The shorter questionnaire of the retirement and tax-free products (RRSP, TFSA, FHSA): no cash, ABM or
 * branch rows (they count as 0 in the percentages).
 */
export const shortAccountUsageFormSchema = z.object({
  creditSources: z
    .object({ cheque: answerSchema, payroll: answerSchema, eft: answerSchema })
    .superRefine(atLeastOneAnswered),
  depositSources: z.object({ wires: answerSchema, eft: answerSchema }).superRefine(atLeastOneAnswered),
});
export type ShortAccountUsageForm = z.infer<typeof shortAccountUsageFormSchema>;

// ---------------------------------------------------------------------------------------------------------
// Legal terms and compliance (spec 001 §2.2/§5)
// ---------------------------------------------------------------------------------------------------------

/** What the compliance rules depend on. */
export interface LegalTermsContext {
  /** FHSA application: the primary purpose is fixed to '6'. */
  isFhsa: boolean;
  /** Term deposit: primaryPurposeGIC (and its Other text) are asked too. */
  isTerm: boolean;
  /**
   * Joint flow. The spec leaves the joint PEP selects' required rule open; omo requires them in both flows
   * (a PEP determination must be complete for every account holder, reference §6.10).
   */
  isJoint: boolean;
}

/**
 * 'Review the legal terms' questionnaire: every yes/no answered ('Choose an option that applies to you');
 * at least one residency 'yes'; Canadian resident or employed in Canada (on ontarioWork); US TIN when US
 * tax resident or citizen; country and TIN when resident elsewhere; PEP who/position/country when yes;
 * occupation; intended relationship; purpose (and Other text for '9'), GIC purpose for term deposits,
 * purpose '6' for FHSA (an empty FHSA purpose becomes '6').
 */
export function legalTermsFormSchema(ctx: LegalTermsContext) {
  const key = `${ctx.isFhsa}|${ctx.isTerm}|${ctx.isJoint}`;
  let schema = legalTermsByContext.get(key);
  if (!schema) {
    schema = buildLegalTermsFormSchema({ isFhsa: ctx.isFhsa, isTerm: ctx.isTerm, isJoint: ctx.isJoint });
    legalTermsByContext.set(key, schema);
  }
  return schema;
}

/** Built once per context (eight at most): a schema costs a millisecond or two to build. */
const legalTermsByContext = new Map<string, ReturnType<typeof buildLegalTermsFormSchema>>();

function buildLegalTermsFormSchema(ctx: LegalTermsContext) {
  return z
    .object({
      resStatus: yesNo(),
      taxResidentorCitizenUs: yesNo(),
      taxNotCanadaNotUS: yesNo(),
      crsUsTin: text().optional(),
      crsCountry: text().optional(),
      crsTin: text().optional(),
      polExposed: yesNo(),
      politicallyExposedType: text().optional(),
      positionHeld: text().optional(),
      countryPositionHeld: text().optional(),
      ontarioWork: yesNo(),
      occupation: z
        .object(
          { id: storableString(), name: storableString() },
          { error: 'legal.occupation.required' satisfies MessageKey },
        )
        .nullable()
        .optional(),
      ownerOperator: yesNo(),
      singleInstitution: yesNo(),
      natureOfBanking: z.enum(['Personal', 'PersonalBusiness'], {
        error: 'legal.natureOfBanking.required' satisfies MessageKey,
      }),
      primaryPurpose: ctx.isFhsa
        ? text()
            .optional()
            .transform((p) => (p ? p : FHSA_DEFAULT_PURPOSE))
        : text(),
      primaryOtherPurpose: text().optional(),
      primaryPurposeGIC: text().optional(),
      primaryOtherPurposeGIC: text().optional(),
    })
    .superRefine((value, rctx) => {
      const v = value as Record<string, unknown>;
      const yes = (field: string) => v[field] === 'yes';
      const no = (field: string) => v[field] === 'no';

      if (no('resStatus') && no('taxResidentorCitizenUs') && no('taxNotCanadaNotUS')) {
        issue(rctx, ['resStatus'], 'legal.residency.atLeastOne');
      }
      if (no('resStatus') && no('ontarioWork')) issue(rctx, ['ontarioWork'], 'legal.residentOrEmployed');

      if (yes('taxResidentorCitizenUs')) {
        const tin = str(v.crsUsTin).trim();
        if (tin === '') issue(rctx, ['crsUsTin'], 'legal.tin.required');
        else if (!isValidUsTin(tin)) issue(rctx, ['crsUsTin'], 'legal.usTin.invalid');
      }
      if (yes('taxNotCanadaNotUS')) {
        const country = str(v.crsCountry).trim();
        if (country === '') issue(rctx, ['crsCountry'], 'legal.taxCountry.required');
        else if (isCanada(country) || isUnitedStates(country)) {
          issue(rctx, ['crsCountry'], 'legal.taxCountry.notCanadaUs');
        }
        const tin = str(v.crsTin).trim();
        if (tin === '') issue(rctx, ['crsTin'], 'legal.tin.required');
        else if (tin.length > OTHER_TIN_MAX || !isValidOtherTin(tin))
          issue(rctx, ['crsTin'], 'legal.otherTin.invalid');
      }

      if (yes('polExposed')) {
        const type = str(v.politicallyExposedType);
        if (type !== 'self' && type !== 'relative') {
          issue(rctx, ['politicallyExposedType'], 'legal.pep.type.required');
        }
        if (str(v.positionHeld).trim() === '') issue(rctx, ['positionHeld'], 'legal.pep.position.required');
        if (str(v.countryPositionHeld).trim() === '') {
          issue(rctx, ['countryPositionHeld'], 'legal.pep.country.required');
        }
      }

      const occupation = v.occupation as { id?: unknown; name?: unknown } | null | undefined;
      if (!occupation || str(occupation.id).trim() === '' || str(occupation.name).trim() === '') {
        issue(rctx, ['occupation'], 'legal.occupation.required');
      }

      const purposeCodes = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
      const checkPurpose = (field: string, otherField: string) => {
        const code = str(v[field]).trim();
        if (!purposeCodes.includes(code)) issue(rctx, [field], 'legal.purpose.required');
        else if (code === OTHER_PURPOSE_CODE && str(v[otherField]).trim() === '') {
          issue(rctx, [otherField], 'legal.otherPurpose.required');
        }
      };
      if (ctx.isFhsa) {
        if (v.primaryPurpose !== FHSA_DEFAULT_PURPOSE) issue(rctx, ['primaryPurpose'], 'legal.purpose.fhsa');
      } else {
        checkPurpose('primaryPurpose', 'primaryOtherPurpose');
      }
      if (ctx.isTerm) checkPurpose('primaryPurposeGIC', 'primaryOtherPurposeGIC');
    }, ALWAYS)
    .transform((v) => {
      // Answering no hides and clears the dependent fields (spec 001 §2.2).
      const out = { ...v };
      if (out.polExposed !== 'yes') {
        out.politicallyExposedType = '';
        out.positionHeld = '';
        out.countryPositionHeld = '';
      }
      if (out.taxResidentorCitizenUs !== 'yes') out.crsUsTin = '';
      if (out.taxNotCanadaNotUS !== 'yes') {
        out.crsCountry = '';
        out.crsTin = '';
      }
      if (out.primaryPurpose !== OTHER_PURPOSE_CODE) out.primaryOtherPurpose = '';
      if (out.primaryPurposeGIC !== OTHER_PURPOSE_CODE) out.primaryOtherPurposeGIC = '';
      return out;
    });
}
export type LegalTermsForm = z.infer<ReturnType<typeof legalTermsFormSchema>>;
export type LegalTermsFormInput = z.input<ReturnType<typeof legalTermsFormSchema>>;
