/** 'Tell us about yourself' (spec 000 §5; joint flow spec 001 §2.7). */
import * as z from 'zod/mini';
import type { ApplicationFlags } from '../../rules/application-flags.types.ts';
import type { MessageKey } from '../../messages/messages.ts';
import { checkSweepAmount } from '../../rules/validation/amounts.ts';
import { checkAgeLimits, isValidDate, normalizeBirthDate, YEAR_MIN } from '../../rules/validation/dates.ts';
import { isValidPhone } from '../../rules/validation/phone.ts';
import { isSameEmail, isValidEmail, isValidNameText, trimName } from '../../rules/validation/text.ts';
import { ALWAYS, issue, nameField, str, text, yesNo, type Ctx } from './form-helpers.ts';
import { NAME_MAX, REVIEW_EMAIL_MAX } from './limits.ts';

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
  const showSweep = ctx.sweepEnabled;
  const showJoint = !ctx.isJointFlow && ctx.jointAllowed;
  return z
    .object({
      firstName: nameField('name.first.required', 'name.first.invalid'),
      middleName: z.optional(nameField(null, 'name.invalid')),
      lastName: nameField('name.last.required', 'name.last.invalid'),
      dob_month: text(),
      dob_day: text(),
      dob_year: text(),
      phoneNumber: z
        .string({ error: 'phone.invalid' satisfies MessageKey })
        .check(z.refine(isValidPhone, { error: 'phone.invalid' satisfies MessageKey })),
      phoneType: z.enum(['mobile', 'home'], { error: 'phone.type.required' satisfies MessageKey }),
      hasSweep: showSweep ? yesNo() : z.optional(yesNo()),
      sweepBelowBalance: z.optional(text()),
      sweepExceedsBalance: z.optional(text()),
      hasJointApp: showJoint ? yesNo() : z.optional(yesNo()),
      jointFirstName: z.optional(text()),
      jointLastName: z.optional(text()),
      jointEmail: z.optional(text()),
    })
    .check(
      z.superRefine((value, rctx) => {
        const v = value as Record<string, unknown>;
        refineBirthDate(v, rctx, ctx.flags, ctx.today, ctx.province);
        if (showSweep && v.hasSweep === 'yes') {
          for (const field of ['sweepBelowBalance', 'sweepExceedsBalance'] as const) {
            const key = checkSweepAmount(str(v[field]));
            if (key) issue(rctx, [field], key);
          }
        }
        if (showJoint && v.hasJointApp === 'yes') refineJointSection(v, rctx, ctx.primaryEmail);
      }, ALWAYS),
    );
}
export type PersonalInfoForm = z.infer<ReturnType<typeof personalInfoFormSchema>>;
export type PersonalInfoFormInput = z.input<ReturnType<typeof personalInfoFormSchema>>;

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
