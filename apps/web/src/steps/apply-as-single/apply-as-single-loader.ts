/**
 * /single/applyassingle?code=…&ApplicantType=… (spec 001 §2.12): the link e-mailed to the primary once
 * their co-applicant's invitation ended. It resumes the application as single (POST ApplyAsSingle, which
 * signs the primary in and decides) and goes where the answer routes, /single/confirmapplication when
 * approved. Missing or wrong parameters, a used or ended link, or a failed call go to /error/1.
 */
import { API_PATHS, FLOW_ERROR_ROUTES, routeSingleSaveResponse, type MembershipResponse } from '@omo/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { apiRequest } from '../../lib/api.ts';

export async function applyAsSingleLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const params = new URL(request.url).searchParams;
  const code = params.get('code');
  const type = params.get('ApplicantType');
  if (!code || !type) throw redirect(FLOW_ERROR_ROUTES.generic);
  let response: MembershipResponse;
  try {
    response = await apiRequest<MembershipResponse>(API_PATHS.applyAsSingle, {
      method: 'POST',
      query: { code, type },
      signal: request.signal,
    });
  } catch {
    throw redirect(FLOW_ERROR_ROUTES.generic);
  }
  throw redirect(routeSingleSaveResponse(response));
}
