/**
 * Landing loader (spec 000 §2 Landing). Order matters: the session is cleared first, then the reference
 * lists are loaded (unless held) while every requested product id is looked up; any failure or unknown id
 * sends the visitor to /error/3. The selection, sweep and promo code go to the application slice. The
 * server is told of the arrival: it ends a submitted application's session, and names a draft in progress
 * so that the visitor chooses to continue it or to start a new one.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ERROR_IDS, PROMO_CODE_MAX, splitProductCodes, type ProductOffering } from '@omo/domain';
import { findProducts } from '../../lib/api.ts';
import { arriveOnLanding } from '../../lib/session-api.ts';
import { ensureReferenceData } from '../../lib/reference-data.ts';
import { clearAll, setSlice } from '../../lib/session-state.ts';
import { errorPath } from '../../config/paths.ts';

interface LandingQuery {
  productIds: string[];
  sweep: boolean;
  promoCode: string;
}

/** Reads productIds (semicolon-separated), sweep ('true') and prm (first 8 characters). */
export function readLandingQuery(search: URLSearchParams): LandingQuery {
  return {
    productIds: splitProductCodes(search.get('productIds') ?? ''),
    sweep: search.get('sweep') === 'true',
    promoCode: (search.get('prm') ?? '').slice(0, PROMO_CODE_MAX),
  };
}

export interface LandingData {
  products: ProductOffering[];
  /** Where a draft started on this device continues: the visitor chooses to continue it or start anew. */
  draftPath: string | null;
  /** Without a product asked for (a session that ended in a new tab, a bare address): every product. */
  choices: ProductOffering[];
}

/** The server's word on a session this device holds; without an answer, none is offered. */
async function findDraftPath(signal: AbortSignal): Promise<string | null> {
  try {
    return await arriveOnLanding(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/** The catalogue grouped by category, in the order the categories first come. */
function byCategory(products: ProductOffering[]): ProductOffering[] {
  const categories = [...new Set(products.map((p) => p.accountCategory))];
  return categories.flatMap((c) => products.filter((p) => p.accountCategory === c));
}

export async function landingLoader({ request }: LoaderFunctionArgs): Promise<LandingData | Response> {
  clearAll();
  const query = readLandingQuery(new URL(request.url).searchParams);
  let selected: ProductOffering[] = [];
  let draftPath: string | null = null;
  let choices: ProductOffering[] = [];
  try {
    // The lists and the products asked for are fetched side by side: neither needs the other.
    const [{ products }, found, draft] = await Promise.all([
      ensureReferenceData(),
      query.productIds.length > 0 ? findProducts(query.productIds.join(';'), request.signal) : [],
      findDraftPath(request.signal),
    ]);
    draftPath = draft;
    if (query.productIds.length === 0) choices = byCategory(products);
    if (query.productIds.length > 0) {
      const byId = (id: string) => found.find((p) => p.productID === id || p.productCode === id);
      if (query.productIds.some((id) => byId(id) === undefined))
        return redirect(errorPath(ERROR_IDS.loadFailure));
      // Keep the order of the query: the first product names the application and decides the debit card.
      selected = query.productIds.map((id) => byId(id)!);
    }
  } catch (error) {
    if (request.signal.aborted) throw error;
    return redirect(errorPath(ERROR_IDS.loadFailure));
  }
  setSlice('application', {
    selectedProducts: selected,
    sweepEnabled: query.sweep,
    promoCode: query.promoCode,
  });
  return { products: selected, draftPath, choices };
}
