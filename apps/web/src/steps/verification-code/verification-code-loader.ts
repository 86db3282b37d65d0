/**
 * verificationCode loader: the draft (no session → '/', too early → its nextPath). Without a verification
 * under way (no code ever sent, or only send failures below the limit) the applicant goes back to the send
 * screen; the send screen's loader does the reverse, so the two never bounce.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { pathOf } from '@omo/domain';
import { loadApplicationForStep, type ApplicationView } from '../../lib/application-api.ts';
import { flowOfPath, isVerificationStarted } from '../phone-verification/phone-verification-state.ts';

export async function verificationCodeLoader({ request }: LoaderFunctionArgs): Promise<ApplicationView> {
  const flow = flowOfPath(new URL(request.url).pathname);
  const view = await loadApplicationForStep(flow, 'verificationCode', { signal: request.signal });
  if (!isVerificationStarted(view.phone)) throw redirect(pathOf(flow, 'phoneverification'));
  return view;
}
