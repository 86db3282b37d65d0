/**
 * Reads the catalogue's reference data: products, /productlist links, promo codes, occupations and
 * politically exposed positions. Rows hold the seeded domain objects as they were validated.
 */
import type { Occupation, PepPosition, ProductListLink, ProductOffering, PromoCodeEntry } from '@omo/domain';
import type { Database } from '../../db/database.ts';

export interface CatalogueRepository {
  listProducts(): Promise<ProductOffering[]>;
  listProductLinks(): Promise<ProductListLink[]>;
  listPromoCodes(): Promise<PromoCodeEntry[]>;
  listOccupations(): Promise<Occupation[]>;
  listPepPositions(): Promise<PepPosition[]>;
}

export function createCatalogueRepository(db: Database): CatalogueRepository {
  return {
    async listProducts() {
      const rows = await db
        .selectFrom('products')
        .select('data')
        .orderBy('display_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.data as ProductOffering);
    },
    async listProductLinks() {
      const rows = await db.selectFrom('product_links').select('data').orderBy('position').execute();
      return rows.map((r) => r.data as ProductListLink);
    },
    async listPromoCodes() {
      const rows = await db.selectFrom('promo_codes').select('data').orderBy('code').execute();
      return rows.map((r) => r.data as PromoCodeEntry);
    },
    async listOccupations() {
      const rows = await db
        .selectFrom('occupations')
        .select(['code', 'name', 'name_fr'])
        .orderBy('position')
        .execute();
      return rows.map((r) => ({ code: r.code, name: r.name, ...(r.name_fr ? { nameFr: r.name_fr } : {}) }));
    },
    async listPepPositions() {
      const rows = await db
        .selectFrom('pep_positions')
        .select(['code', 'name', 'name_fr', 'category'])
        .orderBy('position')
        .execute();
      return rows.map((r) => ({
        code: r.code,
        name: r.name,
        ...(r.name_fr ? { nameFr: r.name_fr } : {}),
        ...(r.category ? { category: r.category as PepPosition['category'] } : {}),
      }));
    },
  };
}
