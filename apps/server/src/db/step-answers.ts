/**
 * The answers kept in step_answers, by step id, as the step contracts give them (packages/domain
 * flows/steps.ts): a step name or an answer of another shape does not compile. The SIN is kept sealed
 * (AES-256-GCM, lib/crypto.ts, associated data: the applicant id) beside its last three digits.
 */
import {
  SAVABLE_STEPS,
  type AddressForm,
  type LegalTermsForm,
  type PersonalInfoForm,
  type ProductChoice,
} from '@omo/domain';

export type SealedSin = { isSkipped: true } | { isSkipped: false; ciphertext: string; last3: string };

export interface StoredAnswers {
  personalinfo: PersonalInfoForm;
  address: AddressForm;
  confirmproducts: ProductChoice;
  sin: SealedSin;
  finalizeaccount: Record<string, unknown>;
  legalterms: LegalTermsForm;
  reviewapplication: true;
}
export type StoredStepId = keyof StoredAnswers;

/** Every stored step, as a list. */
export const STORED_STEPS = [
  'personalinfo',
  'address',
  'confirmproducts',
  'sin',
  'finalizeaccount',
  'legalterms',
  'reviewapplication',
] as const satisfies readonly StoredStepId[];

/** The answers of the application rather than of one applicant (by contract): the primary's rows. */
export const APPLICATION_ANSWERS: readonly StoredStepId[] = STORED_STEPS.filter(
  (id) => SAVABLE_STEPS[id].save.scope === 'application',
);

/** A stored step's answers, by step id (those not given are absent). */
export type AnswersByStep = { [Id in StoredStepId]?: StoredAnswers[Id] };
