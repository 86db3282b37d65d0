/**
 * /single/applyassingle?code=…&ApplicantType=… (spec 001 §2.12): the link that resumes a joint application
 * as a single one. The loader asks the server (POST ApplyAsSingle with the code and the type) and goes to
 * the page of the answer by the single routing table (the welcome page once a member is made); missing
 * parameters, a refused code or a failed call go to /error/1.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  API_PATHS,
  ERROR_IDS,
  errorRoute,
  routeSingleSaveResponse,
  type MembershipResponse,
} from '@omo/domain';
import { apiRequest } from '../../lib/api.ts';

/** A query parameter by name, whatever its case ('ApplicantType', 'applicantType', 'type'). */
function queryValue(url: URL, ...names: string[]): string | null {
  const wanted = names.map((n) => n.toLowerCase());
  for (const [key, value] of url.searchParams) {
    if (wanted.includes(key.toLowerCase()) && value.trim() !== '') return value.trim();
  }
  return null;
}

export async function applyAsSingleLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url);
  const code = queryValue(url, 'code');
  const type = queryValue(url, 'ApplicantType', 'type');
  const failed = errorRoute(ERROR_IDS.generic);
  if (!code || !type) throw redirect(failed);
  let response: MembershipResponse;
  try {
    response = await apiRequest<MembershipResponse>(API_PATHS.applyAsSingle, {
      method: 'POST',
      query: { code, type },
      signal: request.signal,
    });
  } catch {
    throw redirect(failed);
  }
  throw redirect(routeSingleSaveResponse(response));
}
