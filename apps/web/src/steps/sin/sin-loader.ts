import { redirect, type LoaderFunctionArgs } from 'react-router';
import { stepLoader, type StepData } from '../../lib/step-route.ts';

const loadStep = stepLoader('sin');

/** sin: the step exists only for interest-bearing applications; anything else goes where the server says. */
export async function sinLoader(args: LoaderFunctionArgs): Promise<StepData> {
  const data = await loadStep(args);
  if (!data.products.some((p) => p.isInterestBearing)) throw redirect(data.view.nextPath);
  return data;
}
