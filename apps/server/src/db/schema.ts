/**
 * Table types of the database, as Kysely sees them. Column names are snake_case in SQL; the repositories
 * map rows to the domain's camelCase shapes. JSON columns hold the validated domain objects as they are.
 */
import type { Language } from '@omo/domain';
import type { TokenPurpose } from '@omo/domain';
import type { ColumnType, Generated } from 'kysely';
import type { StoredStepId } from './step-answers.ts';

/** A jsonb column: written as a JSON string, read back as the parsed value. */
type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A time given when the row is written, never changed. */
type WrittenAt = ColumnType<Date, Date | string, never>;
/** A time given when the row is written, changed later. */
type MovingTime = ColumnType<Date, Date | string, Date | string>;
/** A time set later, or never. */
type LaterTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** What a browser session and a staff session both keep: the SHA-256 of the cookie token and its times. */
interface SessionColumns {
  token_hash: string;
  created_at: WrittenAt;
  last_seen_at: MovingTime;
}

export interface ProductsTable {
  id: string;
  product_code: string;
  display_order: number;
  group: string;
  data: Json<unknown>;
}

export interface ProductLinksTable {
  id: string;
  group: string;
  position: number;
  data: Json<unknown>;
}

export interface PromoCodesTable {
  code: string;
  data: Json<unknown>;
}

export interface OccupationsTable {
  code: string;
  name: string;
  name_fr: string | null;
  position: number;
}

export interface PepPositionsTable {
  code: string;
  name: string;
  name_fr: string | null;
  category: string | null;
  position: number;
}

export interface BranchesTable {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  data: Json<unknown>;
}

export interface PostOfficesTable {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  data: Json<unknown>;
}

export interface AddressesTable {
  id: string;
  building_number: string;
  sub_building: string;
  street: string;
  city: string;
  province_code: string;
  province_name: string;
  postal_code: string;
  language: string;
  /** Lower-cased, accent-free text the address search matches against. */
  search: string;
}

export interface PostalGeoTable {
  fsa: string;
  latitude: number;
  longitude: number;
}

export interface OutboxTable {
  seq: Generated<number>;
  id: string;
  channel: 'sms' | 'voice' | 'email';
  to: string;
  subject: string | null;
  body: string;
  /** An e-mail's HTML part. */
  html: string | null;
  sent_at: CreatedAt;
}

export interface PhoneVerificationsTable {
  sid: string;
  /** E.164 number. */
  to: string;
  channel: 'sms' | 'call';
  /** HMAC-SHA-256 of the code (hex); the code itself is never stored. */
  code_hash: string;
  status: string;
  check_attempts: ColumnType<number, number | undefined, number>;
  expires_at: MovingTime;
  created_at: WrittenAt;
}

export interface PhoneSendEventsTable {
  id: Generated<number>;
  applicant_id: string;
  ip: string;
  /** E.164 number. */
  to: string;
  channel: 'sms' | 'call';
  /** The provider's verification sid when the send succeeded. */
  sid: string | null;
  succeeded: boolean;
  created_at: WrittenAt;
}

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Phone-verification state of an applicant (the phone-verification module writes it). */
export interface PhoneStateJson {
  status?: 'none' | 'pending' | 'approved' | 'failed' | 'skipped';
  channel?: 'sms' | 'call' | null;
  sendFailCounter?: number;
  resendCounter?: number;
  invalidCounter?: number;
  newCodeCounter?: number;
  sid?: string | null;
  serviceException?: boolean;
  /** The last send failed because the SMS partner was down (not because it refused the number). */
  partnerDown?: boolean;
}

/** An application: its products and the answers the primary applicant gives for the accounts. */
export interface ApplicationsTable {
  id: string;
  /** The 8 random characters of the applicants' reference numbers; unique. */
  ref_code: string;
  product_ids: Json<string[]>;
  sweep_enabled: Generated<boolean>;
  promo_code: string | null;
  referral_code: string | null;
  /** Decided by the server when the application starts (the identity-provider share). */
  uses_id_provider: boolean;
  /** The decision (flows/decision.ts), once submitted. */
  decision: Json<Record<string, unknown>> | null;
  submitted_at: LaterTime;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * One saved answer of a step (migration 0013): the applicant's own, or the application's (the primary's
 * row). Its shape is the step's contract: `StoredAnswers` in db/step-answers.ts.
 */
export interface StepAnswersTable {
  application_id: string;
  applicant_id: string;
  step_id: StoredStepId;
  answer: Json<unknown>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One applicant (primary or joint) of an application; their answers are in step_answers. */
export interface ApplicantsTable {
  id: string;
  application_id: string;
  role: 'primary' | 'joint';
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  consent: Generated<boolean>;
  phone_number: string | null;
  phone_type: 'mobile' | 'home' | null;
  /** null until the phone step is closed (Continue): true verified, false continued unverified. */
  phone_verified: boolean | null;
  phone_state: ColumnType<PhoneStateJson, string | undefined, string>;
  identity: ColumnType<Record<string, unknown>, string | undefined, string>;
  terms_accepted: Generated<boolean>;
  /** The language of the applicant's e-mails, as chosen on screen when submitting. */
  language: Generated<Language>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A browser session: the SHA-256 of its cookie token, bound to one applicant. */
export interface SessionsTable extends SessionColumns {
  applicant_id: string;
}

/** A workflow run of the sandbox document-verification provider. */
export interface DocumentRunsTable {
  id: string;
  applicant_id: string;
  /** Onfido's workflow-run status. */
  status: string;
  expires_at: MovingTime;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An identity image captured by the sandbox capture page, encrypted. */
export interface IdentityDocumentsTable {
  applicant_id: string;
  side: 'front' | 'back' | 'selfie';
  content_type: string;
  byte_size: number;
  ciphertext: Buffer;
  created_at: CreatedAt;
}

/** A member, made at most once per applicant (0007). */
export interface MembersTable {
  member_number: string;
  applicant_id: string;
  email: string;
  created_at: CreatedAt;
}

/** An account of a member, one per product. */
export interface AccountsTable {
  account_number: string;
  member_number: string;
  product_id: string;
  created_at: CreatedAt;
}

/** An in-person ID request (branch or post office), one per applicant; the post-office record once made. */
export interface IdVerificationRequestsTable {
  id: string;
  applicant_id: string;
  dss_number: string | null;
  post_office_id: string | null;
  created_at: CreatedAt;
}

/** The outcome of an application, reported once (spec 001 §4.9). */
export interface OutcomeReportsTable {
  application_id: string;
  report: 'pending' | 'unsuccessful' | 'complete';
  reported_at: CreatedAt;
}

/** An e-mail, written once per key before a job sends it; sent_at once sent. */
export interface EmailDeliveriesTable {
  key: string;
  applicant_id: string | null;
  to_address: string;
  template: string;
  language: Language;
  params: Json<Record<string, unknown>>;
  sent_at: LaterTime;
  created_at: CreatedAt;
}

/** The invitation of a joint application's co-applicant (0009). */
export interface JointInvitationsTable {
  application_id: string;
  first_name: string;
  last_name: string;
  email: string;
  language: Language;
  created_at: WrittenAt;
  expires_at: MovingTime;
  reminded_at: LaterTime;
  expired_at: LaterTime;
  lookups: Generated<number>;
  lookups_since: ColumnType<Date, Date | string | undefined, Date | string>;
  email_codes_sent: Generated<number>;
}

/** A one-time token: the hash of a link's or a code's secret, its purpose and binding (0014). */
export interface OneTimeTokensTable {
  id: string;
  purpose: TokenPurpose;
  /** SHA-256 (hex) of a link's secret, or of the binding's id and a code. */
  token_hash: string;
  application_id: string | null;
  applicant_id: string | null;
  created_at: WrittenAt;
  expires_at: MovingTime;
  used_at: LaterTime;
  ended_at: LaterTime;
  tries: Generated<number>;
}

/** The answers a decision is taken from, frozen at the claim of each round (0010). */
export interface DecisionSnapshotsTable {
  application_id: string;
  round: 'primary' | 'joint' | 'single';
  snapshot: Json<DecisionSnapshotJson>;
  created_at: CreatedAt;
}

/** A decision snapshot: the round's applicants as the claim read them (no password hash, no SIN). */
export interface DecisionSnapshotJson {
  primary: unknown;
  coApplicant?: unknown;
}

/** An applicant's random funnel id, deleted with the applicant (0010). */
export interface FunnelsTable {
  applicant_id: string;
  funnel_id: string;
  started_at: WrittenAt;
  /** The device class the browser last reported. */
  device: string;
  /** When the applicant came back through a resume link (0014). */
  resumed_at: LaterTime;
}

/** An applicant who asked for reminders (0014): the consent, its withdrawal, what was sent. */
export interface ReminderConsentsTable {
  applicant_id: string;
  consented_at: WrittenAt;
  /** The language the applicant used when they consented: the reminders'. */
  language: 'en' | 'fr';
  unsubscribed_at: LaterTime;
  reminders_sent: Generated<number>;
  end_notice_at: LaterTime;
}

/** What funnel events and their daily counts are told apart by. */
interface FunnelDimensions {
  flow: string;
  step: string;
  kind: string;
  detail: string;
  device: string;
  language: string;
  product: string;
}

/** One funnel event, keyed by the funnel id alone (0010). */
export interface FunnelEventsTable extends FunnelDimensions {
  id: Generated<string>;
  funnel_id: string;
  hour: MovingTime;
  elapsed_seconds: number;
  resumed: boolean;
}

/** The events of a day once past their retention, counted (0010). */
export interface FunnelDailyTable extends FunnelDimensions {
  day: ColumnType<string, string, never>;
  events: number;
  funnels: number;
}

/** A signed-in staff member's session (0015): the SHA-256 of its cookie token. */
export interface StaffSessionsTable extends SessionColumns {
  subject: string;
  name: string;
  email: string;
  role: string;
  csrf_token: string;
}

/** One entry of an application's case log (0015): append-only. */
/** A first deposit received on an opened account (0016), append-only. */
export interface DepositsTable {
  application_id: string;
  product_id: string;
  member_number: string;
  amount_cents: ColumnType<string | number | bigint, number, never>;
  method: string;
  received_at: ColumnType<Date, Date | undefined, never>;
  staff_subject: string;
}

/** A signed in-person result received from Canada Post (0017), once by its id; append-only. */
export interface CanadaPostNotificationsTable {
  notification_id: string;
  dss_number: string;
  result: string;
  application_id: string | null;
  outcome: string;
  received_at: ColumnType<Date, Date | undefined, never>;
}

export interface CaseLogTable {
  id: Generated<string>;
  application_id: string | null;
  at: CreatedAt;
  staff_subject: string;
  staff_name: string;
  staff_role: string;
  staff_session: string;
  action: string;
  note: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  request_id: string | null;
}

/** Who works on a case now (0015). */
export interface StaffAssignmentsTable {
  application_id: string;
  staff_subject: string;
  staff_name: string;
  assigned_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The ID a staff member saw in person (0015). */
export interface InPersonChecksTable {
  applicant_id: string;
  application_id: string;
  id_type: string;
  id_number_ciphertext: string;
  expiry: ColumnType<string, string, never>;
  issuing_province: string;
  place: 'branch' | 'postOffice';
  place_name: string;
  recorded_by: string;
  recorded_at: CreatedAt;
}

/** Keyed digests of the applicants' e-mail addresses, for the staff search (0015). */
export interface ApplicationEmailDigestsTable {
  digest: string;
  application_id: string;
}

/** The credit union's internal block list (0015). */
export interface BlockListTable {
  id: string;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  match_name: string;
  reason: string;
  added_by: string;
  added_at: CreatedAt;
  removed_at: LaterTime;
  removed_by: string | null;
  removal_reason: string | null;
}

/** data/*.json checksums as last loaded (0004). */
export interface SeedStateTable {
  file: string;
  checksum: string;
  loaded_at: Date;
}

export interface DB {
  seed_state: SeedStateTable;
  applications: ApplicationsTable;
  applicants: ApplicantsTable;
  step_answers: StepAnswersTable;
  sessions: SessionsTable;
  document_runs: DocumentRunsTable;
  identity_documents: IdentityDocumentsTable;
  members: MembersTable;
  accounts: AccountsTable;
  id_verification_requests: IdVerificationRequestsTable;
  outcome_reports: OutcomeReportsTable;
  email_deliveries: EmailDeliveriesTable;
  joint_invitations: JointInvitationsTable;
  one_time_tokens: OneTimeTokensTable;
  reminder_consents: ReminderConsentsTable;
  decision_snapshots: DecisionSnapshotsTable;
  funnels: FunnelsTable;
  funnel_events: FunnelEventsTable;
  funnel_daily: FunnelDailyTable;
  products: ProductsTable;
  product_links: ProductLinksTable;
  promo_codes: PromoCodesTable;
  occupations: OccupationsTable;
  pep_positions: PepPositionsTable;
  branches: BranchesTable;
  post_offices: PostOfficesTable;
  addresses: AddressesTable;
  postal_geo: PostalGeoTable;
  outbox: OutboxTable;
  phone_verifications: PhoneVerificationsTable;
  phone_send_events: PhoneSendEventsTable;
  staff_sessions: StaffSessionsTable;
  case_log: CaseLogTable;
  deposits: DepositsTable;
  canada_post_notifications: CanadaPostNotificationsTable;
  staff_assignments: StaffAssignmentsTable;
  in_person_checks: InPersonChecksTable;
  application_email_digests: ApplicationEmailDigestsTable;
  block_list: BlockListTable;
}
