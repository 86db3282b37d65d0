import type { LoaderFunctionArgs } from 'react-router';
import type { ProductOffering } from '@omo/domain';
import {
  findViewProducts,
  flowOfPath,
  loadApplicationForStep,
  type ApplicationView,
} from '../../lib/application-api.ts';

export interface StepData {
  view: ApplicationView;
  products: ProductOffering[];
}

/** personalinfo: the draft (401 → '/', not reachable yet → its next path) and its products (age rules). */
export async function personalInfoLoader({ request }: LoaderFunctionArgs): Promise<StepData> {
  const flow = flowOfPath(new URL(request.url).pathname);
  const view = await loadApplicationForStep(flow, 'personalinfo', { signal: request.signal });
  return { view, products: await findViewProducts(view, request.signal) };
}
