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

export interface DB {
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
}
