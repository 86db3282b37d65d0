/**
 * phoneverification loader: the draft (no session → '/', too early → its nextPath). When the verification
 * is already under way the screen is skipped and the applicant goes straight to the code screen (spec 000
 * §2 "If the identity check is already initialised the screen skips straight to the code screen").
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { pathOf } from '@omo/domain';
import { loadApplicationForStep, type ApplicationView } from '../../lib/application-api.ts';
import { flowOfPath, isVerificationStarted } from './phone-verification-state.ts';

export async function phoneVerificationLoader({ request }: LoaderFunctionArgs): Promise<ApplicationView> {
  const flow = flowOfPath(new URL(request.url).pathname);
  const view = await loadApplicationForStep(flow, 'phoneverification', { signal: request.signal });
  if (isVerificationStarted(view.phone)) throw redirect(pathOf(flow, 'verificationCode'));
  return view;
}
