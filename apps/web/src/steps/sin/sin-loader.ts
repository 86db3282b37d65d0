import { asksForSin } from '@omo/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { stepLoader, type StepData } from '../../lib/step-route.ts';

const loadStep = stepLoader('sin');

/** sin: the step exists only for applications that ask for the SIN; anything else goes where the server says. */
export async function sinLoader(args: LoaderFunctionArgs): Promise<StepData> {
  const data = await loadStep(args);
  if (!asksForSin(data.products)) throw redirect(data.view.nextPath);
  return data;
}
