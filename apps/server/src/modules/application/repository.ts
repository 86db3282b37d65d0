/**
 * Draft applications in the `applications` table (migration 0002). Every function takes the Kysely
 * instance (`app.db`, or a transaction) and the application id; none of them ever returns the password
 * hash or the SIN ciphertext (an `ApplicationRecord` has neither).
 *
 * For the phone-verification module (server-providers), the functions to code against:
 * - `getApplication(db, id)` → ApplicationRecord | undefined (phoneNumber, phoneType, phoneVerified,
 *   phoneState with defaults filled, completedSteps...). In a route, `await request.requireApplication()`
 *   (plugins/session.ts) gives the same record for the request's session, or throws the 401 problem.
 * - `updatePhoneState(db, id, patch)` merges `patch` into `phone_state` atomically (jsonb ||) and
 *   returns the new PhoneState. Keys: status 'none' | 'pending' | 'approved' | 'failed' | 'skipped',
 *   channel 'sms' | 'call' | null, sendFailCounter, resendCounter, invalidCounter, plus any extra
 *   keys you need (e.g. sid, lastSentAt: JSON values).
 * - `incrementPhoneCounters(db, id, { resendCounter: 1, invalidCounter: 1 })` adds to counters
 *   atomically (two concurrent resends both count) and returns the new PhoneState.
 * - `completeStep(db, id, stepId)` adds a step id (domain StepId, e.g. 'verificationCode') to
 *   completed_steps once; `uncompleteSteps(db, id, stepIds)` removes them.
 * - `setPhoneVerified(db, id, verified)` records the outcome of the phone step: true verified, false
 *   continued unverified after a limit, null not decided yet.
 * - `recordPhone(db, id, { phoneNumber, phoneType? })` stores the number (the PUT Phone route uses it).
 * - `toPhoneView(record)` (./view.ts) builds the contract's `phone` object for your `{ phone }` answers.
 */
import type { AddressForm, PersonalInfoForm, StepId } from '@omo/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApplicationsTable, PhoneStateJson } from '../../db/schema.ts';

export type PhoneStatus = 'none' | 'pending' | 'approved' | 'failed' | 'skipped';
export type PhoneChannel = 'sms' | 'call';
export type PhoneCounter = 'sendFailCounter' | 'resendCounter' | 'invalidCounter';

/** The phone-verification state of a draft, defaults filled. Extra keys are the providers module's. */
export interface PhoneState {
  status: PhoneStatus;
  channel: PhoneChannel | null;
  sendFailCounter: number;
  resendCounter: number;
  invalidCounter: number;
  [key: string]: unknown;
}

export const INITIAL_PHONE_STATE: PhoneState = {
  status: 'none',
  channel: null,
  sendFailCounter: 0,
  resendCounter: 0,
  invalidCounter: 0,
};

export interface TermChoice {
  termPeriod: string;
  termOption: string;
}

/** A draft application without its secrets. */
export interface ApplicationRecord {
  id: string;
  appRefNo: string;
  flow: 'single' | 'joint';
  email: string;
  promoCode: string | null;
  referralCode: string | null;
  consent: boolean;
  productIds: string[];
  sweepEnabled: boolean;
  skipAlloy: boolean;
  personalInfo: PersonalInfoForm | null;
  phoneNumber: string | null;
  phoneType: 'mobile' | 'home' | null;
  phoneVerified: boolean | null;
  phoneState: PhoneState;
  address: AddressForm | null;
  termChoice: TermChoice | null;
  /** A SIN is stored (encrypted). */
  sinProvided: boolean;
  sinLast3: string | null;
  completedSteps: StepId[];
  createdAt: Date;
  updatedAt: Date;
}

const RECORD_COLUMNS = [
  'id',
  'app_ref_no',
  'flow',
  'email',
  'promo_code',
  'referral_code',
  'consent',
  'product_ids',
  'sweep_enabled',
  'skip_alloy',
  'personal_info',
  'phone_number',
  'phone_type',
  'phone_verified',
  'phone_state',
  'address',
  'term_choice',
  'sin_last3',
  'completed_steps',
  'created_at',
  'updated_at',
] as const;

type RecordRow = Pick<ApplicationsTable, (typeof RECORD_COLUMNS)[number]> & { has_sin: boolean };

/** JSON columns come back parsed from node-postgres and PGlite; a string (other drivers) is parsed here. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

export function toPhoneState(value: unknown): PhoneState {
  const raw = (json<PhoneStateJson | null>(value) ?? {}) as Record<string, unknown>;
  return { ...INITIAL_PHONE_STATE, ...raw } as PhoneState;
}

function toRecord(row: RecordRow): ApplicationRecord {
  return {
    id: row.id,
    appRefNo: row.app_ref_no,
    flow: row.flow as unknown as ApplicationRecord['flow'],
    email: row.email,
    promoCode: row.promo_code,
    referralCode: row.referral_code,
    consent: row.consent as unknown as boolean,
    productIds: json<string[]>(row.product_ids),
    sweepEnabled: row.sweep_enabled as unknown as boolean,
    skipAlloy: row.skip_alloy as unknown as boolean,
    personalInfo: json<PersonalInfoForm | null>(row.personal_info),
    phoneNumber: row.phone_number,
    phoneType: row.phone_type,
    phoneVerified: row.phone_verified,
    phoneState: toPhoneState(row.phone_state),
    address: json<AddressForm | null>(row.address),
    termChoice: json<TermChoice | null>(row.term_choice),
    sinProvided: row.has_sin,
    sinLast3: row.sin_last3,
    completedSteps: json<StepId[]>(row.completed_steps),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

function selectRecord(db: Database) {
  return db
    .selectFrom('applications')
    .select(RECORD_COLUMNS)
    .select(sql<boolean>`sin_ciphertext is not null`.as('has_sin'));
}

/** The draft with this id, or undefined. */
export async function getApplication(db: Database, id: string): Promise<ApplicationRecord | undefined> {
  const row = await selectRecord(db).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row as unknown as RecordRow) : undefined;
}

/** The draft bound to a session-token hash, or undefined. */
export async function findApplicationBySessionHash(
  db: Database,
  sessionHash: string,
): Promise<ApplicationRecord | undefined> {
  const row = await selectRecord(db).where('session_hash', '=', sessionHash).executeTakeFirst();
  return row ? toRecord(row as unknown as RecordRow) : undefined;
}

export interface NewApplication {
  id: string;
  sessionHash: string;
  appRefNo: string;
  email: string;
  passwordHash: string;
  promoCode: string | null;
  referralCode: string | null;
  consent: boolean;
  productIds: string[];
  sweepEnabled: boolean;
  skipAlloy: boolean;
  completedSteps: StepId[];
}

/** Inserts a new draft. */
export async function createApplication(db: Database, values: NewApplication): Promise<void> {
  await db
    .insertInto('applications')
    .values({
      id: values.id,
      session_hash: values.sessionHash,
      app_ref_no: values.appRefNo,
      email: values.email,
      password_hash: values.passwordHash,
      promo_code: values.promoCode,
      referral_code: values.referralCode,
      consent: values.consent,
      product_ids: JSON.stringify(values.productIds),
      sweep_enabled: values.sweepEnabled,
      skip_alloy: values.skipAlloy,
      completed_steps: JSON.stringify(values.completedSteps),
    })
    .execute();
}

/** Fields of a draft a step may change (JSON values as objects; undefined = unchanged). */
export interface ApplicationPatch {
  appRefNo?: string;
  email?: string;
  passwordHash?: string;
  promoCode?: string | null;
  referralCode?: string | null;
  consent?: boolean;
  productIds?: string[];
  sweepEnabled?: boolean;
  skipAlloy?: boolean;
  personalInfo?: PersonalInfoForm | null;
  phoneNumber?: string | null;
  phoneType?: 'mobile' | 'home' | null;
  phoneVerified?: boolean | null;
  phoneState?: PhoneState;
  address?: AddressForm | null;
  termChoice?: TermChoice | null;
  sinCiphertext?: string | null;
  sinLast3?: string | null;
  completedSteps?: StepId[];
}

const jsonOrNull = (v: unknown) => (v === null ? null : JSON.stringify(v));

/** Updates the given fields of a draft (and updated_at). */
export async function updateApplication(db: Database, id: string, patch: ApplicationPatch): Promise<void> {
  const set: Record<string, unknown> = { updated_at: new Date() };
  const plain = {
    appRefNo: 'app_ref_no',
    email: 'email',
    passwordHash: 'password_hash',
    promoCode: 'promo_code',
    referralCode: 'referral_code',
    consent: 'consent',
    sweepEnabled: 'sweep_enabled',
    skipAlloy: 'skip_alloy',
    phoneNumber: 'phone_number',
    phoneType: 'phone_type',
    phoneVerified: 'phone_verified',
    sinCiphertext: 'sin_ciphertext',
    sinLast3: 'sin_last3',
  } as const;
  const jsonColumns = {
    productIds: 'product_ids',
    personalInfo: 'personal_info',
    phoneState: 'phone_state',
    address: 'address',
    termChoice: 'term_choice',
    completedSteps: 'completed_steps',
  } as const;
  for (const [key, column] of Object.entries(plain)) {
    const value = patch[key as keyof typeof plain];
    if (value !== undefined) set[column] = value;
  }
  for (const [key, column] of Object.entries(jsonColumns)) {
    const value = patch[key as keyof typeof jsonColumns];
    if (value !== undefined) set[column] = jsonOrNull(value);
  }
  await db.updateTable('applications').set(set).where('id', '=', id).execute();
}

/** Binds a draft to a new session-token hash (the old one stops working). */
export async function setSessionHash(db: Database, id: string, sessionHash: string): Promise<void> {
  await db
    .updateTable('applications')
    .set({ session_hash: sessionHash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The password hash of a draft (argon2id PHC), for a later sign-in check. */
export async function getPasswordHash(db: Database, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('applications')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.password_hash;
}

/** The SIN ciphertext of a draft (decrypt with lib/crypto.ts, context = the id). */
export async function getSinCiphertext(db: Database, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('applications')
    .select('sin_ciphertext')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.sin_ciphertext ?? null;
}

/** Merges `patch` into the phone state atomically; returns the new state (defaults filled). */
export async function updatePhoneState(
  db: Database,
  applicationId: string,
  patch: Partial<PhoneState>,
): Promise<PhoneState> {
  const row = await db
    .updateTable('applications')
    .set({
      phone_state: sql`phone_state || ${JSON.stringify(patch)}::jsonb`,
      updated_at: new Date(),
    })
    .where('id', '=', applicationId)
    .returning('phone_state')
    .executeTakeFirstOrThrow();
  return toPhoneState(row.phone_state);
}

/** Adds to phone counters atomically (`{ resendCounter: 1 }`); returns the new state. */
export async function incrementPhoneCounters(
  db: Database,
  applicationId: string,
  increments: Partial<Record<PhoneCounter, number>>,
): Promise<PhoneState> {
  let expression = sql<string>`phone_state`;
  for (const [counter, by] of Object.entries(increments)) {
    if (!by) continue;
    if (!['sendFailCounter', 'resendCounter', 'invalidCounter'].includes(counter)) {
      throw new Error(`Unknown phone counter: ${counter}`);
    }
    expression = sql<string>`jsonb_set(${expression}, ${sql.val(`{${counter}}`)}::text[], to_jsonb(coalesce((phone_state->>${counter})::int, 0) + ${by}::int))`;
  }
  const row = await db
    .updateTable('applications')
    .set({ phone_state: expression, updated_at: new Date() })
    .where('id', '=', applicationId)
    .returning('phone_state')
    .executeTakeFirstOrThrow();
  return toPhoneState(row.phone_state);
}

/** Marks a step complete (once). */
export async function completeStep(db: Database, applicationId: string, stepId: StepId): Promise<void> {
  const step = JSON.stringify([stepId]);
  await db
    .updateTable('applications')
    .set({
      completed_steps: sql`case when completed_steps @> ${step}::jsonb then completed_steps else completed_steps || ${step}::jsonb end`,
      updated_at: new Date(),
    })
    .where('id', '=', applicationId)
    .execute();
}

/** Removes steps from the completed ones (e.g. the phone changed after it was verified). */
export async function uncompleteSteps(db: Database, applicationId: string, stepIds: StepId[]): Promise<void> {
  if (stepIds.length === 0) return;
  let expression = sql<string>`completed_steps`;
  for (const id of stepIds) expression = sql<string>`(${expression} - ${id}::text)`;
  await db
    .updateTable('applications')
    .set({ completed_steps: expression, updated_at: new Date() })
    .where('id', '=', applicationId)
    .execute();
}

/** Records the outcome of the phone step: true verified, false continued unverified, null undecided. */
export async function setPhoneVerified(db: Database, id: string, verified: boolean | null): Promise<void> {
  await db
    .updateTable('applications')
    .set({ phone_verified: verified, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Stores the applicant's phone number (and type when given). */
export async function recordPhone(
  db: Database,
  id: string,
  phone: { phoneNumber: string; phoneType?: 'mobile' | 'home' },
): Promise<void> {
  await updateApplication(db, id, {
    phoneNumber: phone.phoneNumber,
    ...(phone.phoneType ? { phoneType: phone.phoneType } : {}),
  });
}
