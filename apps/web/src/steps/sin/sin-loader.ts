import { redirect, type LoaderFunctionArgs } from 'react-router';
import { findViewProducts, flowOfPath, loadApplicationForStep } from '../../lib/application-api.ts';
import type { StepData } from '../personal-info/personal-info-loader.ts';

/**
 * sin: the draft (401 → '/', not reachable yet → its next path) and its products. The step exists only for
 * interest-bearing applications (spec 001 §2.3): anything else goes on to where the draft says.
 */
export async function sinLoader({ request }: LoaderFunctionArgs): Promise<StepData> {
  const flow = flowOfPath(new URL(request.url).pathname);
  const view = await loadApplicationForStep(flow, 'sin', {
    signal: request.signal,
    ctx: { isInterestBearing: true },
  });
  const products = await findViewProducts(view, request.signal);
  if (!products.some((p) => p.isInterestBearing)) throw redirect(view.nextPath);
  return { view, products };
}
