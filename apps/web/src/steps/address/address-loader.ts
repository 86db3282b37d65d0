/**
 * address loader: the draft (no session → '/', phone step not done → its nextPath). Reaching the address
 * means the profile group (create profile … phone verification) is done: its tracker mark goes on here.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { SINGLE_FLOW, findStepByPath } from '@omo/domain';
import { loadApplicationForStep, type ApplicationView } from '../../lib/application-api.ts';
import { updateSlice } from '../../lib/session-state.ts';

export async function addressLoader({ request }: LoaderFunctionArgs): Promise<ApplicationView> {
  const flow = findStepByPath(new URL(request.url).pathname)?.flow ?? SINGLE_FLOW;
  const view = await loadApplicationForStep(flow, 'address', { signal: request.signal });
  updateSlice('progress', { profile: true });
  return view;
}
