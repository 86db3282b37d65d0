/**
 * The catalogue: products, product lookup by id or code, the /productlist groups and the reference
 * lists, cached in memory until ClearCache. Decorated on the app as `catalogue` for other modules.
 */
import {
  PRODUCT_LIST_GROUPS,
  splitProductCodes,
  type Occupation,
  type PepPosition,
  type ProductListGroup,
  type ProductListLink,
  type ProductOffering,
} from '@omo/domain';
import fp from 'fastify-plugin';
import type { MemoryCache } from '../../lib/memory-cache.ts';
import { createCatalogueRepository, type CatalogueRepository } from './repository.ts';

/** A link of the /productlist page: where it starts the application and with what. */
export interface ProductListEntry {
  label: string;
  labelFr: string;
  productIds: string[];
  sweep?: boolean | undefined;
  prm?: ProductListLink['prm'];
}

/** One group of the /productlist page. */
export interface ProductListGroupEntry {
  name: ProductListGroup;
  links: ProductListEntry[];
}

export interface CatalogueService {
  /** Every product, ordered by displayOrder. */
  listProducts(): Promise<ProductOffering[]>;
  /**
   * The products named in `prodCodes` (ids or product codes, separated by ';' or ','), in the order
   * asked, each once; unknown names are left out.
   */
  findProducts(prodCodes: string): Promise<ProductOffering[]>;
  listOccupations(): Promise<Occupation[]>;
  listPepPositions(): Promise<PepPosition[]>;
  /** The /productlist groups in the spec's order: one link per product, then the extra links. */
  listProductListGroups(): Promise<ProductListGroupEntry[]>;
}

export function createCatalogueService(
  repository: CatalogueRepository,
  cache: MemoryCache,
): CatalogueService {
  const listProducts = () => cache.getOrLoad('catalogue:products', () => repository.listProducts());

  return {
    listProducts,
    async findProducts(prodCodes) {
      const products = await listProducts();
      const found: ProductOffering[] = [];
      for (const wanted of splitProductCodes(prodCodes)) {
        const lower = wanted.toLowerCase();
        const product =
          products.find((p) => p.productID === wanted) ??
          products.find((p) => p.productCode.toLowerCase() === lower);
        if (product && !found.includes(product)) found.push(product);
      }
      return found;
    },
    listOccupations: () => cache.getOrLoad('catalogue:occupations', () => repository.listOccupations()),
    listPepPositions: () => cache.getOrLoad('catalogue:pep-positions', () => repository.listPepPositions()),
    async listProductListGroups() {
      const [products, links] = await Promise.all([
        listProducts(),
        cache.getOrLoad('catalogue:product-links', () => repository.listProductLinks()),
      ]);
      return PRODUCT_LIST_GROUPS.map((name) => ({
        name,
        links: [
          ...products
            .filter((p) => p.group === name)
            .map((p) => ({ label: p.description, labelFr: p.fr.description, productIds: [p.productID] })),
          ...links
            .filter((l) => l.group === name)
            .map((l) => ({
              label: l.label,
              labelFr: l.labelFr,
              productIds: l.productIds,
              ...(l.sweep !== undefined ? { sweep: l.sweep } : {}),
              ...(l.prm !== undefined ? { prm: l.prm } : {}),
            })),
        ],
      }));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}

/** Decorates the app with the catalogue service. */
export const catalogueServicePlugin = fp(
  async (app) => {
    app.decorate('catalogue', createCatalogueService(createCatalogueRepository(app.db), app.cache));
  },
  { name: 'catalogue-service', dependencies: ['database', 'cache'] },
);
