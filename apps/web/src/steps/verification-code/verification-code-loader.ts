/**
 * verificationCode loader: without a verification under way (no code ever sent, or only send failures
 * below the limit) the applicant goes back to the send screen; the send screen's loader does the reverse,
 * so the two never bounce.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { pathOf } from '@omo/domain';
import { stepLoader, type StepData } from '../../lib/step-route.ts';
import { isVerificationStarted } from '../../lib/phone-verification-state.ts';

const loadStep = stepLoader('verificationCode');

export async function verificationCodeLoader(args: LoaderFunctionArgs): Promise<StepData> {
  const data = await loadStep(args);
  if (!isVerificationStarted(data.view.phone)) throw redirect(pathOf(data.flow, 'phoneverification'));
  return data;
}
