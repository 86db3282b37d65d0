/**
 * /joint/getstarted?jointCode=… loader (spec 001 §2.6, §4.4): the co-applicant's invitation. An ended
 * invitation goes to /error/5; a missing or unknown code, or any load failure, to /error/3. The products
 * are looked up so the page names the first one, as the primary's does.
 */
import { FLOW_ERROR_ROUTES } from '@omo/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { findProducts } from '../../lib/api.ts';
import { lookupJointCode } from '../../lib/application-api.ts';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import type { ApplicationState } from '../../lib/session-state.ts';

export async function jointGetStartedLoader({ request }: LoaderFunctionArgs): Promise<ApplicationState> {
  const jointCode = new URL(request.url).searchParams.get('jointCode');
  if (!jointCode) throw redirect(FLOW_ERROR_ROUTES.loadFailure);
  let invitation;
  try {
    invitation = await lookupJointCode(jointCode, request.signal);
  } catch {
    throw redirect(FLOW_ERROR_ROUTES.loadFailure);
  }
  if (invitation.isExpired) throw redirect(FLOW_ERROR_ROUTES.jointExpired);
  const products = await findProducts(invitation.productIds.join(';'), request.signal).catch(() => []);
  return { ...EMPTY_APPLICATION, selectedProducts: products };
}
