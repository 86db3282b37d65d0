import type { LoaderFunctionArgs } from 'react-router';
import { findViewProducts, flowOfPath, loadApplicationForStep } from '../../lib/application-api.ts';
import type { StepData } from '../personal-info/personal-info-loader.ts';

/** confirmproducts: the draft (401 → '/', not reachable yet → its next path) and its products. */
export async function confirmProductsLoader({ request }: LoaderFunctionArgs): Promise<StepData> {
  const flow = flowOfPath(new URL(request.url).pathname);
  const view = await loadApplicationForStep(flow, 'confirmproducts', { signal: request.signal });
  return { view, products: await findViewProducts(view, request.signal) };
}
