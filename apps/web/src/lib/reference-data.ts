/**
 * Reference lists the flow needs later (products, occupations, politically-exposed positions), loaded once
 * on the landing page and held in memory for the page's life ("loaded if not already held", spec 000 §2).
 * They are not application data, so `clearAll()` of the session slices does not drop them.
 */
import type { Occupation, PepPosition, ProductOffering } from '@omo/domain';
import { listOccupations, listOnlineAccounts, listPepPositions } from './api.ts';

interface ReferenceData {
  products: ProductOffering[];
  occupations: Occupation[];
  pepPositions: PepPosition[];
}

let held: ReferenceData | null = null;
/** The lists being fetched: a second caller (a screen fetched ahead, then opened) waits for the same. */
let pending: Promise<ReferenceData> | null = null;

/**
 * The three lists, fetched in parallel unless already held or being fetched. Rejects when any call fails.
 * A fetch is shared, so no caller's signal stops it (the lists are small).
 */
export async function ensureReferenceData(): Promise<ReferenceData> {
  if (held) return held;
  if (pending) return pending;
  const fetching = Promise.all([listOnlineAccounts(), listOccupations(), listPepPositions()])
    .then(([products, occupations, pepPositions]) => (held = { products, occupations, pepPositions }))
    .finally(() => {
      if (pending === fetching) pending = null;
    });
  pending = fetching;
  return fetching;
}

/** Test hook. */
export function resetReferenceData(): void {
  held = null;
  pending = null;
}
