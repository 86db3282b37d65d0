/**
 * getstarted loader: the landing page's choice, and whether the page was opened with forcetutest=true (the
 * server, which decides whether the identity provider is used, honours it off production only).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import { findSlice, updateSlice, type ApplicationState } from '../../lib/session-state.ts';

export function getStartedLoader({ request }: LoaderFunctionArgs): ApplicationState {
  const forceTuTest = new URL(request.url).searchParams.get('forcetutest') === 'true';
  return updateSlice('application', { ...(findSlice('application') ?? EMPTY_APPLICATION), forceTuTest });
}
