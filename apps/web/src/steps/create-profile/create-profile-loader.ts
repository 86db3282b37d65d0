/**
 * createprofile loader: the application slice set by the landing page (products, sweep, promo code) and,
 * when an application already exists for this session (Back, reload), its view so the answers come back.
 * No session yet is the normal case here. Without products the applicant has not come through the landing
 * page: back to '/'.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import { getApplication, type ApplicationView } from '../../lib/application-api.ts';
import { findSlice, type ApplicationState } from '../../lib/session-state.ts';

export interface CreateProfileData {
  view: ApplicationView | null;
  application: ApplicationState;
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
  if (!view && application.selectedProducts.length === 0) throw redirect('/');
  return { view, application };
}
