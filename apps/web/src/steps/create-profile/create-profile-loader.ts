/**
 * createprofile loader: the application slice set by landing/getstarted (products, sweep, promo code,
 * reference code) and, when a draft already exists for this session (back button, reload), its view so the
 * answers come back. No session yet is the normal case here. Without products the applicant has not come
 * through the landing page: back to '/'.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { generateReferenceCode } from '@omo/domain';
import { loadAppConfig } from '../../config/app-config.ts';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import { flowOfPath, getApplication, type ApplicationView } from '../../lib/application-api.ts';
import { findSlice, updateSlice, type ApplicationState } from '../../lib/session-state.ts';

export interface CreateProfileData {
  view: ApplicationView | null;
  application: ApplicationState;
}

export async function createProfileLoader({ request }: LoaderFunctionArgs): Promise<CreateProfileData> {
  const flow = flowOfPath(new URL(request.url).pathname);
  let view: ApplicationView | null = null;
  try {
    view = await getApplication(request.signal);
  } catch {
    // 401 (no draft yet) is expected; any other failure shows up on submit.
    view = null;
  }
  let application = findSlice('application') ?? EMPTY_APPLICATION;
  if (!view && application.selectedProducts.length === 0) throw redirect('/');
  if (!application.referenceCode) {
    const config = await loadAppConfig();
    const role = flow.kind === 'joint' ? 'J' : 'P';
    application = updateSlice('application', {
      ...application,
      referenceCode: view?.appRefNo ?? generateReferenceCode(config.referenceCodePrefix, role),
    });
  }
  return { view, application };
}
