/**
 * createprofile loader: the application slice set by the landing page (products, sweep, promo code) and,
 * when an application already exists for this session (Back, reload), its view so the answers come back.
 * No session yet is the normal case here. Without products the applicant has not come through the landing
 * page: to the landing's products to choose from. The co-applicant comes with their invitation's code (jointCode in the address): its
 * e-mail is offered and its products are the application's; an ended invitation goes to /error/5, an
 * unknown code to /error/3.
 */
import { FLOW_ERROR_ROUTES } from '@omo/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import {
  flowOfPath,
  getApplication,
  lookupJointCode,
  type ApplicationView,
} from '../../lib/application-api.ts';
import { findSlice, type ApplicationState } from '../../lib/session-state.ts';

export interface CreateProfileData {
  view: ApplicationView | null;
  application: ApplicationState;
  /** The co-applicant's invitation: its code, the e-mail the primary gave, the products. */
  invitation?: { jointCode: string; email: string; productIds: string[] };
}

async function invitationOf(jointCode: string, signal: AbortSignal) {
  let found;
  try {
    found = await lookupJointCode(jointCode, signal);
  } catch {
    throw redirect(FLOW_ERROR_ROUTES.loadFailure);
  }
  if (found.isExpired) throw redirect(FLOW_ERROR_ROUTES.jointExpired);
  return { jointCode, email: found.jointEmail, productIds: found.productIds };
}

export async function createProfileLoader({ request }: LoaderFunctionArgs): Promise<CreateProfileData> {
  let view: ApplicationView | null;
  try {
    view = await getApplication(request.signal);
  } catch {
    // 401 (no application yet) is expected; any other failure shows up on submit.
    view = null;
  }
  const application = findSlice('application') ?? EMPTY_APPLICATION;
  const url = new URL(request.url);
  if (flowOfPath(url.pathname).kind === 'joint') {
    // Another applicant's session on this device (the primary's, who did not leave) is not the
    // co-applicant's: nothing of it is shown, and the co-applicant starts as one without a session.
    if (view && view.flow !== 'joint') view = null;
    const jointCode = url.searchParams.get('jointCode');
    if (jointCode) return { view, application, invitation: await invitationOf(jointCode, request.signal) };
    if (!view) throw redirect(FLOW_ERROR_ROUTES.loadFailure);
    return { view, application };
  }
  // No product known: the products to choose from.
  if (!view && application.selectedProducts.length === 0) throw redirect('/#choose-account');
  return { view, application };
}
