/**
 * Loads the reference data of data/*.json into the database at start. Idempotent: rows are upserted by
 * id and rows no longer in a file are deleted, so the seed files are the truth for these tables and a
 * second start leaves the same rows. Every file is validated first (products with the domain's
 * productOfferingSchema); a bad file stops the start with a message naming it. A missing file is skipped.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  foldAccents,
  branchLocationSchema,
  occupationSchema,
  pepPositionSchema,
  postOfficeSchema,
  productListLinkSchema,
  productOfferingSchema,
  promoCodeEntrySchema,
} from '@omo/domain';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from './schema.ts';

/** A civic address of the sandbox address set (data/addresses.json). */
const seedAddressSchema = z.object({
  id: z.string().min(1),
  buildingNumber: z.string(),
  subBuilding: z.string().default(''),
  street: z.string().min(1),
  city: z.string().min(1),
  provinceCode: z.string().length(2),
  provinceName: z.string().min(1),
  postalCode: z.string().min(3),
  language: z.enum(['ENG', 'FRE']),
});

/** FSA → [latitude, longitude] (data/postal-geo.json). */
const postalGeoSchema = z.record(
  z.string().regex(/^[A-Za-z]\d[A-Za-z]$/),
  z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
);

/** Rows written per table by one seed run (absent: the file was missing). */
type SeedReport = Partial<Record<keyof DB, number>>;

export class SeedError extends Error {
  override name = 'SeedError';
}

/** Lower-case, accent-free text for address matching. */
export function toSearchText(...parts: string[]): string {
  return foldAccents(parts.filter((p) => p.length > 0).join(' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Bumped when the mapping from a seed file to its rows changes, so every file is loaded again. */
const SEED_FORMAT = 'omo-seed-1\n';

/** Checksums of the seed files as last loaded, and those read by this run (written after it). */
interface SeedChecksums {
  loaded: Map<string, string>;
  read: Map<string, string>;
}

/**
 * Reads and validates one seed file. Undefined when the file is missing, or when it is unchanged since it
 * was last loaded (same SHA-256): its table already holds exactly its rows.
 */
async function readSeedFile<T>(
  seedDir: string,
  file: string,
  schema: z.ZodType<T>,
  checksums: SeedChecksums,
): Promise<T | undefined> {
  const fullPath = path.join(seedDir, file);
  if (!existsSync(fullPath)) return undefined;
  const text = await readFile(fullPath, 'utf8');
  const checksum = createHash('sha256').update(SEED_FORMAT).update(text).digest('hex');
  if (checksums.loaded.get(file) === checksum) return undefined;
  checksums.read.set(file, checksum);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SeedError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 10)
      .map((i) => `  ${i.path.join('.')}: ${i.message}`)
      .join('\n');
    throw new SeedError(`${file} does not match its schema:\n${issues}`);
  }
  return result.data;
}

function assertUniqueIds(file: string, ids: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new SeedError(`${file}: duplicate id ${id}`);
    seen.add(id);
  }
}

const CHUNK = 400;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's row typing cannot follow a table name
   chosen at run time; the rows are built per table in seedDatabase. */
/**
 * Replaces a table's content by `rows` without churning unchanged ids: upsert every row, then delete
 * the ids the file no longer has.
 */
async function syncTable<T extends keyof DB & string>(
  trx: Transaction<DB>,
  table: T,
  key: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const columns = rows[0] ? Object.keys(rows[0]).filter((c) => c !== key) : [];
  for (const batch of chunks(rows)) {
    await (trx.insertInto(table) as any)
      .values(batch)
      .onConflict((oc: any) =>
        oc
          .column(key)
          .doUpdateSet(Object.fromEntries(columns.map((c) => [c, (eb: any) => eb.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
  const keep = rows.map((r) => r[key] as string);
  const del = trx.deleteFrom(table) as any;
  if (keep.length === 0) await del.execute();
  else await del.where(key, 'not in', keep).execute();
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Loads every seed file found in `seedDir`; returns the row count written per table. */
export async function seedDatabase(db: Kysely<DB>, seedDir: string): Promise<SeedReport> {
  const loadedRows = await db.selectFrom('seed_state').select(['file', 'checksum']).execute();
  const checksums: SeedChecksums = {
    loaded: new Map(loadedRows.map((r) => [r.file, r.checksum])),
    read: new Map(),
  };
  const [
    products,
    links,
    promoCodes,
    occupations,
    pepPositions,
    branches,
    postOffices,
    addresses,
    postalGeo,
  ] = await Promise.all([
    readSeedFile(seedDir, 'products.json', z.array(productOfferingSchema), checksums),
    readSeedFile(seedDir, 'product-links.json', z.array(productListLinkSchema), checksums),
    readSeedFile(seedDir, 'promo-codes.json', z.array(promoCodeEntrySchema), checksums),
    readSeedFile(seedDir, 'occupations.json', z.array(occupationSchema), checksums),
    readSeedFile(seedDir, 'pep-positions.json', z.array(pepPositionSchema), checksums),
    readSeedFile(seedDir, 'branches.json', z.array(branchLocationSchema), checksums),
    readSeedFile(seedDir, 'post-offices.json', z.array(postOfficeSchema), checksums),
    readSeedFile(seedDir, 'addresses.json', z.array(seedAddressSchema), checksums),
    readSeedFile(seedDir, 'postal-geo.json', postalGeoSchema, checksums),
  ]);

  const tables: [keyof DB & string, string, string, Record<string, unknown>[] | undefined][] = [];
  if (products) {
    assertUniqueIds(
      'products.json',
      products.map((p) => p.productID),
    );
    tables.push([
      'products',
      'id',
      'products.json',
      products.map((p) => ({
        id: p.productID,
        product_code: p.productCode,
        display_order: p.displayOrder,
        group: p.group,
        data: JSON.stringify(p),
      })),
    ]);
  }
  if (links) {
    const rows = links.map((l, i) => ({
      id: `${l.group}|${l.label}`,
      group: l.group,
      position: i,
      data: JSON.stringify(l),
    }));
    assertUniqueIds(
      'product-links.json',
      rows.map((r) => r.id),
    );
    tables.push(['product_links', 'id', 'product-links.json', rows]);
  }
  if (promoCodes) {
    assertUniqueIds(
      'promo-codes.json',
      promoCodes.map((p) => p.code),
    );
    tables.push([
      'promo_codes',
      'code',
      'promo-codes.json',
      promoCodes.map((p) => ({ code: p.code, data: JSON.stringify(p) })),
    ]);
  }
  if (occupations) {
    assertUniqueIds(
      'occupations.json',
      occupations.map((o) => o.code),
    );
    tables.push([
      'occupations',
      'code',
      'occupations.json',
      occupations.map((o, i) => ({ code: o.code, name: o.name, name_fr: o.nameFr ?? null, position: i })),
    ]);
  }
  if (pepPositions) {
    assertUniqueIds(
      'pep-positions.json',
      pepPositions.map((p) => p.code),
    );
    tables.push([
      'pep_positions',
      'code',
      'pep-positions.json',
      pepPositions.map((p, i) => ({
        code: p.code,
        name: p.name,
        name_fr: p.nameFr ?? null,
        category: p.category ?? null,
        position: i,
      })),
    ]);
  }
  if (branches) {
    assertUniqueIds(
      'branches.json',
      branches.map((b) => b.id),
    );
    tables.push([
      'branches',
      'id',
      'branches.json',
      branches.map((b) => ({
        id: b.id,
        name: b.name,
        latitude: b.address.latitude,
        longitude: b.address.longitude,
        data: JSON.stringify(b),
      })),
    ]);
  }
  if (postOffices) {
    assertUniqueIds(
      'post-offices.json',
      postOffices.map((p) => p.id),
    );
    tables.push([
      'post_offices',
      'id',
      'post-offices.json',
      postOffices.map((p) => ({
        id: p.id,
        name: p.name,
        latitude: p.address.latitude,
        longitude: p.address.longitude,
        data: JSON.stringify(p),
      })),
    ]);
  }
  if (addresses) {
    assertUniqueIds(
      'addresses.json',
      addresses.map((a) => a.id),
    );
    tables.push([
      'addresses',
      'id',
      'addresses.json',
      addresses.map((a) => ({
        id: a.id,
        building_number: a.buildingNumber,
        sub_building: a.subBuilding,
        street: a.street,
        city: a.city,
        province_code: a.provinceCode,
        province_name: a.provinceName,
        postal_code: a.postalCode,
        language: a.language,
        search: toSearchText(a.subBuilding, a.buildingNumber, a.street, a.city, a.provinceCode, a.postalCode),
      })),
    ]);
  }
  if (postalGeo) {
    tables.push([
      'postal_geo',
      'fsa',
      'postal-geo.json',
      Object.entries(postalGeo).map(([fsa, [latitude, longitude]]) => ({
        fsa: fsa.toUpperCase(),
        latitude,
        longitude,
      })),
    ]);
  }

  const report: SeedReport = {};
  await db.transaction().execute(async (trx) => {
    for (const [table, key, , rows] of tables) {
      if (!rows) continue;
      await syncTable(trx, table, key, rows);
      report[table] = rows.length;
    }
    const now = new Date();
    for (const [file, checksum] of checksums.read) {
      await trx
        .insertInto('seed_state')
        .values({ file, checksum, loaded_at: now })
        .onConflict((oc) => oc.column('file').doUpdateSet({ checksum, loaded_at: now }))
        .execute();
    }
  });
  return report;
}
