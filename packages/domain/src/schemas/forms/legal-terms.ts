/** 'Review the legal terms' and compliance (spec 001 §2.2/§5). */
import * as z from 'zod/mini';
import { isCanada, isUnitedStates } from '../../reference/countries.ts';
import { FHSA_DEFAULT_PURPOSE, OTHER_PURPOSE_CODE } from '../../rules/business.ts';
import type { MessageKey } from '../../messages/messages.ts';
import { isValidOtherTin, isValidUsTin, OTHER_TIN_MAX } from '../../rules/validation/sin-and-tin.ts';
import { ALWAYS, issue, str, text, yesNo } from './form-helpers.ts';
import { OTHER_PURPOSE_MAX } from './limits.ts';

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

/** The questionnaire's yes/no questions, in the page's order (each answered 'yes' or 'no'). */
export const LEGAL_TERMS_YES_NO_QUESTIONS = [
  'resStatus',
  'taxResidentorCitizenUs',
  'taxNotCanadaNotUS',
  'polExposed',
  'ontarioWork',
  'ownerOperator',
  'singleInstitution',
] as const;

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
  const answers = z
    .object({
      resStatus: yesNo(),
      taxResidentorCitizenUs: yesNo(),
      taxNotCanadaNotUS: yesNo(),
      crsUsTin: z.optional(text()),
      crsCountry: z.optional(text()),
      crsTin: z.optional(text()),
      polExposed: yesNo(),
      politicallyExposedType: z.optional(text()),
      positionHeld: z.optional(text()),
      countryPositionHeld: z.optional(text()),
      ontarioWork: yesNo(),
      occupation: z.optional(
        z.nullable(
          z.object({ id: text(), name: text() }, { error: 'legal.occupation.required' satisfies MessageKey }),
        ),
      ),
      ownerOperator: yesNo(),
      singleInstitution: yesNo(),
      natureOfBanking: z.enum(['Personal', 'PersonalBusiness'], {
        error: 'legal.natureOfBanking.required' satisfies MessageKey,
      }),
      primaryPurpose: ctx.isFhsa
        ? z.pipe(
            z.optional(text()),
            z.transform((p: string | undefined) => (p ? p : FHSA_DEFAULT_PURPOSE)),
          )
        : text(),
      primaryOtherPurpose: z.optional(text(OTHER_PURPOSE_MAX)),
      primaryPurposeGIC: z.optional(text()),
      primaryOtherPurposeGIC: z.optional(text(OTHER_PURPOSE_MAX)),
    })
    .check(
      z.superRefine((value, rctx) => {
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
          if (v.primaryPurpose !== FHSA_DEFAULT_PURPOSE)
            issue(rctx, ['primaryPurpose'], 'legal.purpose.fhsa');
        } else {
          checkPurpose('primaryPurpose', 'primaryOtherPurpose');
        }
        if (ctx.isTerm) checkPurpose('primaryPurposeGIC', 'primaryOtherPurposeGIC');
      }, ALWAYS),
    );
  return z.pipe(
    answers,
    z.transform((v: z.output<typeof answers>) => {
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
    }),
  );
}
export type LegalTermsForm = z.infer<ReturnType<typeof legalTermsFormSchema>>;
export type LegalTermsFormInput = z.input<ReturnType<typeof legalTermsFormSchema>>;
