/**
 * The loader of every outcome page. The server decides and names the outcome's page (the view's
 * decision.route): an outcome page shows only that decision, so an application not yet submitted, or one
 * whose outcome is another page (another flow's, an error page), goes where the server says instead.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { ApplicationView, DecisionView, Flow, ProductOffering } from '@omo/domain';
import { findProducts } from '../lib/api.ts';
import { findViewProducts, flowOfPath } from '../lib/application-api.ts';
import { loadView } from '../lib/step-route.ts';

export interface OutcomeData {
  view: ApplicationView;
  decision: DecisionView;
  flow: Flow;
  /** The products applied for, in order. */
  requestedProducts: ProductOffering[];
  /** The products the membership opened, in order (approved only). */
  openedProducts: ProductOffering[];
}

/** A path compared as the router matches it: case-insensitive, without a trailing slash. */
const samePath = (a: string, b: string) =>
  a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

export async function outcomeLoader({ request }: LoaderFunctionArgs): Promise<OutcomeData> {
  const { pathname } = new URL(request.url);
  // The submit hands its view to the outcome page it names; a page opened directly reads it.
  const view = await loadView(request.signal, pathname);
  const decision = view.decision;
  if (!decision || !samePath(decision.route, pathname)) throw redirect(view.nextPath);
  const requestedProducts = await findViewProducts(view, request.signal);
  return {
    view,
    decision,
    flow: flowOfPath(pathname),
    requestedProducts,
    openedProducts: await openedOf(decision.openedProductIds, requestedProducts, request.signal),
  };
}

/** The opened products: those applied for as held, else looked up (the savings account offered instead). */
async function openedOf(
  ids: readonly string[],
  requested: readonly ProductOffering[],
  signal: AbortSignal,
): Promise<ProductOffering[]> {
  const held = ids.map((id) => requested.find((p) => p.productID === id));
  if (held.every((p): p is ProductOffering => p !== undefined)) return held;
  return findProducts(ids.join(';'), signal);
}
