/**
 * Reads the answer of GET /api/dev/productlist into the page's groups (spec 001 §2.13). Accepted shapes:
 * `{ products, links }` (products carry their `group`; links are data/product-links.json rows), a flat array
 * of such items, or `{ groups: [{ group|name, links }] }`. Unknown items are ignored.
 */
import { PRODUCT_LIST_GROUPS, type ProductListGroup } from '@omo/domain';
import { landingLink } from '../config/paths.ts';

interface ProductListEntry {
  label: string;
  labelFr: string;
  href: string;
}

export type ProductListGroups = Record<ProductListGroup, ProductListEntry[]>;

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const asString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const isGroup = (v: unknown): v is ProductListGroup =>
  typeof v === 'string' && (PRODUCT_LIST_GROUPS as readonly string[]).includes(v);

function entryOf(item: Raw): { group?: string; entry: ProductListEntry } | null {
  const group = asString(item.group);
  if (Array.isArray(item.productIds)) {
    const ids = item.productIds.filter((id): id is string => typeof id === 'string');
    const label = asString(item.label) ?? ids.join(' + ');
    const prm = asString(item.prm);
    const href = landingLink(ids, { sweep: item.sweep === true, ...(prm ? { prm } : {}) });
    return { group, entry: { label, labelFr: asString(item.labelFr) ?? label, href } };
  }
  const id = asString(item.productID);
  if (id) {
    const label = `${asString(item.description) ?? id} (${id})`;
    const fr = isObject(item.fr) ? asString(item.fr.description) : undefined;
    return {
      group,
      entry: { label, labelFr: fr ? `${fr} (${id})` : label, href: landingLink([id], { sweep: false }) },
    };
  }
  return null;
}

export function groupProductList(input: unknown): ProductListGroups {
  const groups = Object.fromEntries(
    PRODUCT_LIST_GROUPS.map((g) => [g, [] as ProductListEntry[]]),
  ) as ProductListGroups;
  const add = (item: unknown, fallbackGroup?: string) => {
    if (!isObject(item)) return;
    const found = entryOf(item);
    const group = found?.group ?? fallbackGroup;
    if (found && isGroup(group)) groups[group].push(found.entry);
  };
  if (Array.isArray(input)) {
    input.forEach((item) => add(item));
  } else if (isObject(input)) {
    if (Array.isArray(input.groups)) {
      for (const g of input.groups) {
        if (!isObject(g)) continue;
        const name = asString(g.group) ?? asString(g.name);
        const items = Array.isArray(g.links) ? g.links : Array.isArray(g.products) ? g.products : [];
        items.forEach((item) => add(item, name));
      }
    }
    if (Array.isArray(input.products)) input.products.forEach((item) => add(item));
    if (Array.isArray(input.links)) input.links.forEach((item) => add(item));
  }
  return groups;
}
