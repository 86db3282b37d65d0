/**
 * The answers kept in step_answers, by step id, as the step contracts give them (packages/domain
 * flows/steps.ts): a step name or an answer of another shape does not compile. Every savable step is
 * stored as its contract parses it, except the codes (columns of the application) and the phone (the
 * phone module's columns); the SIN is kept sealed (AES-256-GCM, lib/crypto.ts, associated data: the
 * applicant id) beside its last three digits.
 */
import { SAVABLE_STEPS, type SavableStepId, type StepValues } from '@omo/domain';

export type SealedSin = { isSkipped: true } | { isSkipped: false; ciphertext: string; last3: string };

/** The savable steps whose answer is kept in columns of their own, not in step_answers. */
const KEPT_IN_COLUMNS = ['createprofile', 'phoneverification'] as const;

export type StoredStepId = Exclude<SavableStepId, (typeof KEPT_IN_COLUMNS)[number]>;

export type StoredAnswers = { [Id in StoredStepId]: Id extends 'sin' ? SealedSin : StepValues[Id] };

/** Every stored step, as a list. */
const STORED_STEPS = (Object.keys(SAVABLE_STEPS) as SavableStepId[]).filter(
  (id): id is StoredStepId => !(KEPT_IN_COLUMNS as readonly string[]).includes(id),
);

/** The answers of the application rather than of one applicant (by contract): the primary's rows. */
export const APPLICATION_ANSWERS: readonly StoredStepId[] = STORED_STEPS.filter(
  (id) => SAVABLE_STEPS[id].save.scope === 'application',
);

/** A stored step's answers, by step id (those not given are absent). */
export type AnswersByStep = { [Id in StoredStepId]?: StoredAnswers[Id] };
