/**
 * /single/applyassingle?code=…&ApplicantType=… (spec 001 §2.12): the link that resumes a joint application
 * as a single one. Opening it asks nothing of the server (a mail scanner following the link must not use
 * it): missing parameters go to /error/1, otherwise the page asks the primary to confirm with their password.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ERROR_IDS, errorRoute } from '@omo/domain';

/** The link's code and applicant type. */
export interface ApplyAsSingleData {
  code: string;
  type: string;
}

/** A query parameter by name, whatever its case ('ApplicantType', 'applicantType', 'type'). */
function queryValue(url: URL, ...names: string[]): string | null {
  const wanted = names.map((n) => n.toLowerCase());
  for (const [key, value] of url.searchParams) {
    if (wanted.includes(key.toLowerCase()) && value.trim() !== '') return value.trim();
  }
  return null;
}

export function applyAsSingleLoader({ request }: LoaderFunctionArgs): ApplyAsSingleData {
  const url = new URL(request.url);
  const code = queryValue(url, 'code');
  const type = queryValue(url, 'ApplicantType', 'type');
  if (!code || !type) throw redirect(errorRoute(ERROR_IDS.generic));
  return { code, type };
}
