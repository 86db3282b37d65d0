/**
 * Foundation tables: the reference data seeded from data/*.json (products, lists, branches, post
 * offices, the sandbox address set and postal-code centroids) and the outbox of sandbox messages.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .addColumn('group', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_product_code_idx').on('products').column('product_code').execute();

  await db.schema
    .createTable('product_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('occupations')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pep_positions')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text')
    .addColumn('category', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  for (const table of ['branches', 'post_offices'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .execute();
  }

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_number', 'text', (c) => c.notNull())
    .addColumn('sub_building', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province_code', 'text', (c) => c.notNull())
    .addColumn('province_name', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('search', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_postal_code_idx').on('addresses').column('postal_code').execute();

  await db.schema
    .createTable('postal_geo')
    .addColumn('fsa', 'text', (c) => c.primaryKey())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('seq', 'serial', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'voice', 'email')`))
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'outbox',
    'postal_geo',
    'addresses',
    'post_offices',
    'branches',
    'pep_positions',
    'occupations',
    'promo_codes',
    'product_links',
    'products',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
