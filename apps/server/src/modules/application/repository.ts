/**
 * Applications and their applicants (migration 0005). Every function takes the Kysely instance (`app.db`
 * or a transaction). A record never holds the password hash or the SIN ciphertext: those are read by the
 * one function that needs each.
 */
import {
  DECISION_OUTCOMES,
  DECISION_STATES,
  REVIEW_REASONS,
  type ReviewReason,
  type ScreeningHit,
  isIdentityStatus,
  type Decision,
  type Language,
  type AddressForm,
  type ApplicantRole,
  type IdentityStatus,
  type LegalTermsForm,
  type PersonalInfoForm,
  type PhoneStatus,
  type ProductChoice,
} from '@omo/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PhoneStateJson } from '../../db/schema.ts';
import {
  APPLICATION_ANSWERS,
  type AnswersByStep,
  type StoredAnswers,
  type StoredStepId,
} from '../../db/step-answers.ts';

export type { ApplicantRole, ProductChoice };
export type PhoneChannel = 'sms' | 'call';
export type PhoneCounter = 'sendFailCounter' | 'resendCounter' | 'invalidCounter' | 'newCodeCounter';

/** The phone-verification state of an applicant, defaults filled. */
export interface PhoneState {
  status: PhoneStatus;
  channel: PhoneChannel | null;
  sendFailCounter: number;
  resendCounter: number;
  invalidCounter: number;
  /** New codes sent after the wrong codes allowed were used up (decision 0091). */
  newCodeCounter?: number;
  /** The provider's id of the pending verification. */
  sid?: string | null;
  /** The provider failed while checking a code: the applicant may go on, unverified. */
  serviceException?: boolean;
  /** The last send failed because the SMS partner was down: its failures do not lock the step. */
  partnerDown?: boolean;
}

export const INITIAL_PHONE_STATE: PhoneState = {
  status: 'none',
  channel: null,
  sendFailCounter: 0,
  resendCounter: 0,
  invalidCounter: 0,
};

/** The identity verification of an applicant: its typed status and what the providers answered. */
export interface IdentityState {
  status: IdentityStatus;
  /** The identity provider's evaluation (journey application) token. */
  evaluationToken?: string;
  /** The document-verification run, once documents are asked for, and where it captures them. */
  documentRunId?: string;
  documentCaptureUrl?: string;
  /** When the ID verification terms were accepted (ISO time). */
  documentConsentAt?: string;
  /** The keyed digest of the profile the check was run on: the result holds for that profile only. */
  digest?: string;
  /** The answers the result was bound to changed: the check must run again. */
  lapsed?: boolean;
  /** Why staff refused the ID documents (shown to the applicant on their outcome page). */
  documentsRefusedReason?: string;
}

/** An application as stored: what it was created with (NewApplication), then the answers and decision. */
export interface ApplicationRecord extends NewApplication {
  productChoice: ProductChoice | null;
  accountUsage: Record<string, unknown> | null;
  decision: Decision | null;
  submittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ApplicantRecord {
  id: string;
  applicationId: string;
  role: ApplicantRole;
  email: string;
  consent: boolean;
  personalInfo: PersonalInfoForm | null;
  phoneNumber: string | null;
  phoneType: 'mobile' | 'home' | null;
  phoneVerified: boolean | null;
  phoneState: PhoneState;
  address: AddressForm | null;
  /** A SIN is stored (encrypted). */
  sinProvided: boolean;
  sinLast3: string | null;
  sinSkipped: boolean;
  identity: IdentityState;
  legalTerms: LegalTermsForm | null;
  reviewConsent: boolean;
  termsAccepted: boolean;
  /**
   * Every stored answer by step id (the applicant's own and the application's; the SIN without its
   * ciphertext): a step declared after the fields above is read here.
   */
  answers: Readonly<Record<string, unknown>>;
  language: Language;
  createdAt: Date;
  updatedAt: Date;
}

/** An applicant with their application: what a session reaches. */
export interface ApplicantContext {
  application: ApplicationRecord;
  applicant: ApplicantRecord;
}

/** JSON columns come back parsed from node-postgres and PGlite; a string (other drivers) is parsed here. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

function toPhoneState(value: unknown): PhoneState {
  const raw = json<PhoneStateJson | null>(value) ?? {};
  return { ...INITIAL_PHONE_STATE, ...raw } as PhoneState;
}

/** A decision read back; an unknown state or outcome is an error, never trusted. */
export function toDecision(value: unknown): Decision | null {
  const raw = json<Record<string, unknown> | null>(value);
  if (raw === null || raw === undefined) return null;
  if (!(DECISION_STATES as readonly unknown[]).includes(raw.state)) {
    throw new Error(`Unknown decision state '${String(raw.state)}'`);
  }
  if (raw.outcome !== null && !(DECISION_OUTCOMES as readonly unknown[]).includes(raw.outcome)) {
    throw new Error(`Unknown decision outcome '${String(raw.outcome)}'`);
  }
  return {
    state: raw.state as Decision['state'],
    round: raw.round === 'joint' || raw.round === 'single' ? raw.round : 'primary',
    primaryOutcome: (raw.primaryOutcome as Decision['outcome'] | undefined) ?? null,
    outcome: (raw.outcome as Decision['outcome']) ?? null,
    primaryCustNo: (raw.primaryCustNo as string | null | undefined) ?? null,
    jointCustNo: (raw.jointCustNo as string | null | undefined) ?? null,
    openedProductIds: Array.isArray(raw.openedProductIds) ? raw.openedProductIds.map(String) : [],
    debitCardOrdered: raw.debitCardOrdered === true,
    ...(raw.offerAccepted === true ? { offerAccepted: true } : {}),
    ...((REVIEW_REASONS as readonly unknown[]).includes(raw.reviewReason)
      ? { reviewReason: raw.reviewReason as ReviewReason }
      : {}),
    ...(isRetrying(raw.retrying) ? { retrying: raw.retrying } : {}),
    ...(Array.isArray(raw.screeningHits) ? { screeningHits: raw.screeningHits as ScreeningHit[] } : {}),
    ...(Array.isArray(raw.clearedScreeningMatches)
      ? {
          clearedScreeningMatches: raw.clearedScreeningMatches as NonNullable<
            Decision['clearedScreeningMatches']
          >,
        }
      : {}),
    ...(isQuestion(raw.asked) ? { asked: { message: raw.asked.message, askedAt: raw.asked.askedAt } } : {}),
  };
}

function isQuestion(value: unknown): value is NonNullable<Decision['asked']> {
  const v = value as { message?: unknown; askedAt?: unknown } | null | undefined;
  return typeof v?.message === 'string' && typeof v.askedAt === 'string';
}

function isRetrying(value: unknown): value is NonNullable<Decision['retrying']> {
  const v = value as { reason?: unknown; failures?: unknown } | null | undefined;
  return (v?.reason === 'coreBanking' || v?.reason === 'screening') && typeof v.failures === 'number';
}

/** An identity state read back; an unknown status is kept as an error, never trusted. */
function toIdentityState(value: unknown): IdentityState {
  const raw = json<Record<string, unknown> | null>(value) ?? {};
  if (!isIdentityStatus(raw.status)) throw new Error(`Unknown identity status '${String(raw.status)}'`);
  return raw as unknown as IdentityState;
}

function selectContext(db: Database) {
  return db
    .selectFrom('applicants as p')
    .innerJoin('applications as a', 'a.id', 'p.application_id')
    .select([
      'a.id as a_id',
      'a.ref_code',
      'a.product_ids',
      'a.sweep_enabled',
      'a.promo_code',
      'a.referral_code',
      'a.uses_id_provider',
      'a.decision',
      'a.submitted_at',
      'a.created_at as a_created_at',
      'a.updated_at as a_updated_at',
      'p.id',
      'p.application_id',
      'p.role',
      'p.email',
      'p.consent',
      'p.phone_number',
      'p.phone_type',
      'p.phone_verified',
      'p.phone_state',
      'p.identity',
      'p.terms_accepted',
      'p.language',
      'p.created_at',
      'p.updated_at',
    ])
    .select((eb) =>
      // The applicant's answers and the application's (the primary's rows), by step id; the SIN's
      // ciphertext stays in the table (getSinCiphertext reads it).
      eb
        .selectFrom('step_answers as s')
        .select(
          sql<AnswersByStep>`coalesce(jsonb_object_agg(s.step_id, case when s.step_id = 'sin' then s.answer - 'ciphertext' else s.answer end), '{}'::jsonb)`.as(
            'answers',
          ),
        )
        .whereRef('s.application_id', '=', 'a.id')
        .where((w) =>
          w.or([w('s.applicant_id', '=', w.ref('p.id')), w('s.step_id', 'in', APPLICATION_ANSWERS)]),
        )
        .as('answers'),
    );
}

type ContextRow = Awaited<ReturnType<ReturnType<typeof selectContext>['executeTakeFirstOrThrow']>>;

/** The SIN answer as a record shows it (the ciphertext was left in the table). */
type ShownSin = { isSkipped: true } | { isSkipped: false; last3: string };

function toContext(row: ContextRow): ApplicantContext {
  const answers = json<AnswersByStep | null>(row.answers) ?? {};
  const sin = answers.sin as ShownSin | undefined;
  return {
    application: {
      id: row.a_id,
      refCode: row.ref_code,
      productIds: json<string[]>(row.product_ids),
      sweepEnabled: row.sweep_enabled,
      promoCode: row.promo_code,
      referralCode: row.referral_code,
      usesIdProvider: row.uses_id_provider,
      productChoice: answers.confirmproducts ?? null,
      accountUsage: answers.finalizeaccount ?? null,
      decision: toDecision(row.decision),
      submittedAt: row.submitted_at === null ? null : toDate(row.submitted_at),
      createdAt: toDate(row.a_created_at),
      updatedAt: toDate(row.a_updated_at),
    },
    applicant: {
      id: row.id,
      applicationId: row.application_id,
      role: row.role,
      email: row.email,
      consent: row.consent,
      personalInfo: answers.personalinfo ?? null,
      phoneNumber: row.phone_number,
      phoneType: row.phone_type,
      phoneVerified: row.phone_verified,
      phoneState: toPhoneState(row.phone_state),
      address: answers.address ?? null,
      sinProvided: sin?.isSkipped === false,
      sinLast3: sin?.isSkipped === false ? sin.last3 : null,
      sinSkipped: sin?.isSkipped === true,
      identity: toIdentityState(row.identity),
      legalTerms: answers.legalterms ?? null,
      reviewConsent: answers.reviewapplication === true,
      termsAccepted: row.terms_accepted,
      answers,
      language: row.language,
      createdAt: toDate(row.created_at),
      updatedAt: toDate(row.updated_at),
    },
  };
}

/** The applicant with this id and their application, or undefined. */
export async function findApplicantContext(
  db: Database,
  applicantId: string,
): Promise<ApplicantContext | undefined> {
  const row = await selectContext(db).where('p.id', '=', applicantId).executeTakeFirst();
  return row ? toContext(row) : undefined;
}

/**
 * The applicant a session token (its SHA-256) reaches, with their application and the session's last
 * use, in one query; undefined when no session has this token.
 */
export async function findSessionContext(
  db: Database,
  tokenHash: string,
): Promise<{ context: ApplicantContext; lastSeenAt: Date; createdAt: Date } | undefined> {
  const row = await selectContext(db)
    .innerJoin('sessions as s', 's.applicant_id', 'p.id')
    .select(['s.last_seen_at', 's.created_at as session_created_at'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row
    ? {
        context: toContext(row),
        lastSeenAt: toDate(row.last_seen_at),
        createdAt: toDate(row.session_created_at),
      }
    : undefined;
}

/**
 * The identity-provider draw of the earliest application still kept whose primary applicant has this
 * e-mail (lower case), or undefined when there is none.
 */
export async function findIdentityProviderDraw(db: Database, email: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('applicants as p', 'p.application_id', 'a.id')
    .select('a.uses_id_provider')
    .where('p.email', '=', email)
    .where('p.role', '=', 'primary')
    .orderBy('a.created_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.uses_id_provider;
}

/** The applicant of an application in a role (primary or joint) with their application, or undefined. */
export async function findApplicantByRole(
  db: Database,
  applicationId: string,
  role: ApplicantRole,
): Promise<ApplicantContext | undefined> {
  const row = await selectContext(db)
    .where('p.application_id', '=', applicationId)
    .where('p.role', '=', role)
    .executeTakeFirst();
  return row ? toContext(row) : undefined;
}

export interface NewApplication {
  id: string;
  refCode: string;
  productIds: string[];
  sweepEnabled: boolean;
  promoCode: string | null;
  referralCode: string | null;
  usesIdProvider: boolean;
}

export interface NewApplicant {
  id: string;
  applicationId: string;
  role: ApplicantRole;
  email: string;
  passwordHash: string;
  consent: boolean;
  identity: IdentityState;
}

/** Inserts an application. Throws the database's unique violation when the reference code is taken. */
export async function createApplication(db: Database, values: NewApplication): Promise<void> {
  await db
    .insertInto('applications')
    .values({
      id: values.id,
      ref_code: values.refCode,
      product_ids: JSON.stringify(values.productIds),
      sweep_enabled: values.sweepEnabled,
      promo_code: values.promoCode,
      referral_code: values.referralCode,
      uses_id_provider: values.usesIdProvider,
    })
    .execute();
}

/** Inserts an applicant of an application. */
export async function createApplicant(db: Database, values: NewApplicant): Promise<void> {
  await db
    .insertInto('applicants')
    .values({
      id: values.id,
      application_id: values.applicationId,
      role: values.role,
      email: values.email,
      password_hash: values.passwordHash,
      consent: values.consent,
      identity: JSON.stringify(values.identity),
    })
    .execute();
}

/** Fields of an application a step may change (undefined = unchanged). */
export interface ApplicationPatch {
  productIds?: string[];
  sweepEnabled?: boolean;
  promoCode?: string | null;
  referralCode?: string | null;
}

/** Updates the given fields of an application (and updated_at). */
export async function updateApplication(db: Database, id: string, patch: ApplicationPatch): Promise<void> {
  await db
    .updateTable('applications')
    .set({
      updated_at: new Date(),
      ...(patch.productIds !== undefined ? { product_ids: JSON.stringify(patch.productIds) } : {}),
      ...(patch.sweepEnabled !== undefined ? { sweep_enabled: patch.sweepEnabled } : {}),
      ...(patch.promoCode !== undefined ? { promo_code: patch.promoCode } : {}),
      ...(patch.referralCode !== undefined ? { referral_code: patch.referralCode } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Fields of an applicant's own row a call may change (undefined = unchanged); answers are by step. */
export interface ApplicantPatch {
  email?: string;
  passwordHash?: string;
  consent?: boolean;
  phoneNumber?: string | null;
  phoneType?: 'mobile' | 'home' | null;
  phoneVerified?: boolean | null;
  identity?: IdentityState;
}

/** Updates the given fields of an applicant (and updated_at). */
export async function updateApplicant(db: Database, id: string, patch: ApplicantPatch): Promise<void> {
  await db
    .updateTable('applicants')
    .set({
      updated_at: new Date(),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      ...(patch.consent !== undefined ? { consent: patch.consent } : {}),
      ...(patch.phoneNumber !== undefined ? { phone_number: patch.phoneNumber } : {}),
      ...(patch.phoneType !== undefined ? { phone_type: patch.phoneType } : {}),
      ...(patch.phoneVerified !== undefined ? { phone_verified: patch.phoneVerified } : {}),
      ...(patch.identity !== undefined ? { identity: JSON.stringify(patch.identity) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Where an answer is kept: its application and the applicant who gave it (the primary's for the application's). */
export interface AnswerKey {
  applicationId: string;
  applicantId: string;
}

/** Stores a step's answer (insert or replace), typed by its contract. */
export async function saveAnswer<Id extends StoredStepId>(
  db: Database,
  key: AnswerKey,
  stepId: Id,
  answer: StoredAnswers[Id],
): Promise<void> {
  const updatedAt = new Date();
  await db
    .insertInto('step_answers')
    .values({
      application_id: key.applicationId,
      applicant_id: key.applicantId,
      step_id: stepId,
      answer: JSON.stringify(answer),
      updated_at: updatedAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['application_id', 'applicant_id', 'step_id'])
        .doUpdateSet({ answer: (eb) => eb.ref('excluded.answer'), updated_at: updatedAt }),
    )
    .execute();
}

/** Removes a step's answer (the step must be answered again). */
export async function deleteAnswer(db: Database, key: AnswerKey, stepId: StoredStepId): Promise<void> {
  await db
    .deleteFrom('step_answers')
    .where('application_id', '=', key.applicationId)
    .where('applicant_id', '=', key.applicantId)
    .where('step_id', '=', stepId)
    .execute();
}

/** The SIN ciphertext of an applicant (decrypt with lib/crypto.ts, associated data = the applicant id). */
export async function getSinCiphertext(db: Database, applicantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('step_answers')
    .select(sql<string | null>`answer->>'ciphertext'`.as('ciphertext'))
    .where('applicant_id', '=', applicantId)
    .where('step_id', '=', 'sin')
    .executeTakeFirst();
  return row?.ciphertext ?? null;
}

/** Merges `patch` into an applicant's phone state atomically; returns the new state (defaults filled). */
export async function updatePhoneState(
  db: Database,
  applicantId: string,
  patch: Partial<PhoneState>,
): Promise<PhoneState> {
  return setPhoneState(db, applicantId, sql<string>`phone_state || ${JSON.stringify(patch)}::jsonb`);
}

/** Adds to phone counters atomically (`{ resendCounter: 1 }`); returns the new state. */
export async function incrementPhoneCounters(
  db: Database,
  applicantId: string,
  increments: Partial<Record<PhoneCounter, number>>,
): Promise<PhoneState> {
  let expression = sql<string>`phone_state`;
  for (const [counter, by] of Object.entries(increments)) {
    if (!by) continue;
    if (!['sendFailCounter', 'resendCounter', 'invalidCounter', 'newCodeCounter'].includes(counter)) {
      throw new Error(`Unknown phone counter: ${counter}`);
    }
    expression = sql<string>`jsonb_set(${expression}, ${sql.val(`{${counter}}`)}::text[], to_jsonb(coalesce((phone_state->>${counter})::int, 0) + ${by}::int))`;
  }
  return setPhoneState(db, applicantId, expression);
}

/** Sets an applicant's phone state to what `expression` makes of it; returns the new state. */
async function setPhoneState(
  db: Database,
  applicantId: string,
  expression: RawBuilder<string>,
): Promise<PhoneState> {
  const row = await db
    .updateTable('applicants')
    .set({ phone_state: expression, updated_at: new Date() })
    .where('id', '=', applicantId)
    .returning('phone_state')
    .executeTakeFirstOrThrow();
  return toPhoneState(row.phone_state);
}

/**
 * Moves an applicant's identity state only if it is still `from` (a compare-and-set: two requests racing
 * cannot both move it). Returns true when this call moved it.
 */
export async function moveIdentity(
  db: Database,
  applicantId: string,
  from: IdentityStatus,
  next: IdentityState,
): Promise<boolean> {
  const result = await db
    .updateTable('applicants')
    .set({ identity: JSON.stringify(next), updated_at: new Date() })
    .where('id', '=', applicantId)
    .where(sql<boolean>`identity->>'status' = ${from}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
