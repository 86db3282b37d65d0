/**
 * The rules of a step only the server can apply, beside the step's contract (packages/domain
 * flows/steps.ts): a check after the contract's parse (reference lists, the age of majority for the
 * province) and a store when the answer is not kept as it is in step_answers (the SIN sealed, the phone's
 * reset, the application's codes). A step without a hook is validated by its contract and stored as parsed.
 */
import {
  checkAgeLimits,
  codeChannelOnSave,
  findCountry,
  flagsOf,
  manualAddressSchema,
  normalizeBirthDate,
  parseWith,
  phoneDigits,
  provinceOfAddress,
  type SavableStepId,
  type Language,
  type StepIssue,
  type StepValues,
} from '@omo/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { SinCipher } from '../../lib/crypto.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { validationProblem } from './problems.ts';
import type { ProgressRead } from './progress.ts';
import {
  saveAnswer,
  updateApplicant,
  updateApplication,
  updatePhoneState,
  type AnswerKey,
  type ApplicantContext,
} from './repository.ts';

/** What a step's save is given. */
export interface StepInput extends ProgressRead {
  context: ApplicantContext;
  /** Where the step's answer is kept (the applicant's own, or the primary's row for the application's). */
  key: AnswerKey;
}

/** What the caller of a save asks of it beyond storing the answer, and who the caller is. */
export interface SaveRequest {
  /** Send the phone's code now when it is the next step and the phone takes a text (personal information). */
  sendCode: boolean;
  ip: string;
  language: Language;
  log: FastifyBaseLogger;
}

export interface StepHook<Id extends SavableStepId> {
  /** Checks the parsed answer against what only the server holds; may return it completed. */
  check?(value: StepValues[Id], input: StepInput): StepValues[Id] | Promise<StepValues[Id]>;
  /** Stores the answer (in the save's transaction) when it is not kept as it is. */
  store?(trx: Database, input: StepInput, value: StepValues[Id]): Promise<void>;
  /**
   * Once the answer is stored (after the transaction): what the save does on, as the caller asked.
   * @returns true when it changed the application (the view is read again)
   */
  after?(stored: ApplicantContext, next: ProgressRead, request: SaveRequest | undefined): Promise<boolean>;
}

/** What the steps need of the phone verification (given by the composition, plugins/applicant-services.ts). */
export interface PhoneHooks {
  /** Sends a code as POST PhoneVerification/Start does (same limits and ceilings); never throws. */
  sendCode(context: ApplicantContext, channel: 'sms' | 'call', request: SaveRequest): Promise<void>;
}

export type StepHooks = { [Id in SavableStepId]?: StepHook<Id> };

export interface StepHookDeps {
  catalogue: Pick<CatalogueService, 'listOccupations' | 'listPepPositions'>;
  sinCipher: SinCipher;
  config: Pick<AppConfig, 'contactPhone'>;
  phone?: PhoneHooks | undefined;
}

export function createStepHooks({ catalogue, sinCipher, config, phone }: StepHookDeps): StepHooks {
  const refuse = (issues: StepIssue[]) => {
    if (issues.length > 0) throw validationProblem(issues, config.contactPhone);
  };

  /** A new phone number must be verified again: the verification restarts (the counters stay). */
  async function resetPhoneIfChanged(trx: Database, context: ApplicantContext, phoneNumber: string) {
    const { applicant } = context;
    if (applicant.phoneNumber !== null && phoneDigits(applicant.phoneNumber) === phoneDigits(phoneNumber))
      return;
    await updatePhoneState(trx, applicant.id, {
      status: 'none',
      channel: null,
      sid: null,
      serviceException: false,
    });
    await updateApplicant(trx, applicant.id, { phoneVerified: null });
  }

  return {
    createprofile: {
      // The codes are columns of the application (the decision and the start read them).
      store: (trx, { context }, codes) => updateApplication(trx, context.application.id, codes),
    },

    personalinfo: {
      async store(trx, { context, key }, info) {
        await resetPhoneIfChanged(trx, context, info.phoneNumber);
        await saveAnswer(trx, key, 'personalinfo', info);
        await updateApplicant(trx, context.applicant.id, {
          phoneNumber: info.phoneNumber,
          phoneType: info.phoneType,
        });
      },
      // A mobile phone whose verification is next is texted its code with the save, when asked.
      async after(stored, next, request) {
        const channel = codeChannelOnSave(stored.applicant.phoneType);
        if (!phone || !request?.sendCode || !channel) return false;
        if (next.progress.nextStepId !== 'phoneverification') return false;
        await phone.sendCode(stored, channel, request);
        return true;
      },
    },

    phoneverification: {
      // The number of the verification screen restarts the verification and is the profile's number too.
      async store(trx, { context, key }, { phoneNumber }) {
        await resetPhoneIfChanged(trx, context, phoneNumber);
        await updateApplicant(trx, context.applicant.id, { phoneNumber });
        const info = context.applicant.personalInfo;
        if (info) await saveAnswer(trx, key, 'personalinfo', { ...info, phoneNumber });
      },
    },

    address: {
      check(address, { context, facts }) {
        if (!address.isManualAddress && address.streetName && address.country) {
          // A chosen suggestion's fields, when sent, are held to the manual rules too (Canada only).
          const manual = parseWith(manualAddressSchema, address);
          if (!manual.ok) refuse(manual.issues);
        }
        // The province sets the age of majority: an applicant too young there cannot go on.
        const info = context.applicant.personalInfo;
        const province = provinceOfAddress(address);
        if (info && province) {
          const issue = checkAgeLimits(flagsOf(facts), normalizeBirthDate(info), facts.today, province);
          if (issue?.key === 'age.majority') {
            refuse([{ path: address.isManualAddress ? 'provinceName' : 'autoAddress', key: issue.key }]);
          }
        }
        return address;
      },
    },

    sin: {
      // The SIN is kept sealed (associated data: the applicant id), with its last three digits shown.
      store: (trx, { context, key }, sin) =>
        saveAnswer(
          trx,
          key,
          'sin',
          sin.isSkipped
            ? { isSkipped: true }
            : {
                isSkipped: false,
                ciphertext: sinCipher.encrypt(sin.digits, context.applicant.id),
                last3: sin.digits.slice(-3),
              },
        ),
    },

    legalterms: {
      // Answers are held to the reference lists the screen offers.
      async check(parsed) {
        const issues: StepIssue[] = [];
        const occupations = await catalogue.listOccupations();
        const occupation = occupations.find((o) => o.code === parsed.occupation?.id);
        if (!occupation) issues.push({ path: 'occupation', key: 'legal.occupation.required' });
        if (parsed.polExposed === 'yes') {
          const positions = await catalogue.listPepPositions();
          if (!positions.some((p) => p.code === parsed.positionHeld)) {
            issues.push({ path: 'positionHeld', key: 'legal.pep.position.required' });
          }
          if (!findCountry(parsed.countryPositionHeld)) {
            issues.push({ path: 'countryPositionHeld', key: 'legal.pep.country.required' });
          }
        }
        if (parsed.taxNotCanadaNotUS === 'yes' && !findCountry(parsed.crsCountry)) {
          issues.push({ path: 'crsCountry', key: 'legal.taxCountry.required' });
        }
        refuse(issues);
        return { ...parsed, occupation: { id: occupation!.code, name: occupation!.name } };
      },
    },
  };
}
