/**
 * phoneverification loader: when the verification is already under way the screen is skipped and the
 * applicant goes straight to the code screen.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { pathOf } from '@omo/domain';
import { stepLoader, type StepData } from '../../lib/step-route.ts';
import { isVerificationStarted } from '../../lib/phone-verification-state.ts';

const loadStep = stepLoader('phoneverification');

export async function phoneVerificationLoader(args: LoaderFunctionArgs): Promise<StepData> {
  const data = await loadStep(args);
  if (isVerificationStarted(data.view.phone)) throw redirect(pathOf(data.flow, 'verificationCode'));
  return data;
}
