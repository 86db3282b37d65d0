/**
 * Table types of the database, as Kysely sees them. Column names are snake_case in SQL; the repositories
 * map rows to the domain's camelCase shapes. JSON columns hold the validated domain objects as they are.
 */
import type { ColumnType, Generated } from 'kysely';

/** A jsonb column: written as a JSON string, read back as the parsed value. */
export type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

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
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface PhoneSendEventsTable {
  id: Generated<number>;
  application_id: string;
  ip: string;
  /** E.164 number. */
  to: string;
  channel: 'sms' | 'call';
  /** The provider's verification sid when the send succeeded. */
  sid: string | null;
  succeeded: boolean;
  created_at: ColumnType<Date, Date | string, never>;
}

/** Phone-verification state of a draft (the providers engineer's module writes it through the repository). */
export interface PhoneStateJson {
  status?: 'none' | 'pending' | 'approved' | 'failed' | 'skipped';
  channel?: 'sms' | 'call' | null;
  sendFailCounter?: number;
  resendCounter?: number;
  invalidCounter?: number;
  [key: string]: unknown;
}

export interface ApplicationsTable {
  id: string;
  /** SHA-256 (hex) of the session token; the token itself is never stored. */
  session_hash: string;
  app_ref_no: string;
  flow: Generated<'single' | 'joint'>;
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  promo_code: string | null;
  referral_code: string | null;
  consent: Generated<boolean>;
  product_ids: Json<string[]>;
  sweep_enabled: Generated<boolean>;
  skip_alloy: Generated<boolean>;
  personal_info: Json<Record<string, unknown>> | null;
  phone_number: string | null;
  phone_type: 'mobile' | 'home' | null;
  /** null until the phone step is closed (Continue): true verified, false continued unverified. */
  phone_verified: boolean | null;
  phone_state: ColumnType<PhoneStateJson, string | undefined, string>;
  address: Json<Record<string, unknown>> | null;
  term_choice: Json<{ termPeriod: string; termOption: string }> | null;
  /** AES-256-GCM, see lib/crypto.ts. */
  sin_ciphertext: string | null;
  sin_last3: string | null;
  completed_steps: ColumnType<string[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
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
}
