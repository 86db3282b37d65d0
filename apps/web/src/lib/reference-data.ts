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

/** The three lists, fetched in parallel unless already held. Rejects when any call fails. */
export async function ensureReferenceData(signal?: AbortSignal): Promise<ReferenceData> {
  if (held) return held;
  const [products, occupations, pepPositions] = await Promise.all([
    listOnlineAccounts(signal),
    listOccupations(signal),
    listPepPositions(signal),
  ]);
  held = { products, occupations, pepPositions };
  return held;
}

/** Test hook. */
export function resetReferenceData(): void {
  held = null;
}
