/**
 * /joint/getstarted?jointCode=… loader (spec 001 §2.6, §4.4): the co-applicant's invitation. An ended
 * invitation goes to /error/5; an unknown or used code is said on the page; a missing code, or any other
 * load failure, goes to /error/3. The products
 * are looked up so the page names the first one, as the primary's does.
 */
import { FLOW_ERROR_ROUTES } from '@omo/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { findProducts } from '../../lib/api.ts';
import { isApiStatus, lookupJointCode } from '../../lib/application-api.ts';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import { setSlice, type ApplicationState } from '../../lib/session-state.ts';

/** The start page's data, and who invited the co-applicant. */
export interface JointStartState extends ApplicationState {
  /** Who invited the co-applicant; null when the link is unknown or was used (its page says so). */
  inviter: { firstName: string; lastName: string } | null;
}

export async function jointGetStartedLoader({ request }: LoaderFunctionArgs): Promise<JointStartState> {
  const jointCode = new URL(request.url).searchParams.get('jointCode');
  if (!jointCode) throw redirect(FLOW_ERROR_ROUTES.loadFailure);
  let invitation;
  try {
    invitation = await lookupJointCode(jointCode, request.signal);
  } catch (error) {
    // An unknown or used link is not an outage: the page says so and what to do.
    if (isApiStatus(error, 404)) return { ...EMPTY_APPLICATION, inviter: null };
    throw redirect(FLOW_ERROR_ROUTES.loadFailure);
  }
  if (invitation.isExpired) throw redirect(FLOW_ERROR_ROUTES.jointExpired);
  const products = await findProducts(invitation.productIds.join(';'), request.signal).catch(() => []);
  // Held for the co-applicant's later screens, which name them too (no second read).
  if (products.length > 0) setSlice('application', { ...EMPTY_APPLICATION, selectedProducts: products });
  return {
    ...EMPTY_APPLICATION,
    selectedProducts: products,
    inviter: { firstName: invitation.inviterFirstName, lastName: invitation.inviterLastName },
  };
}
