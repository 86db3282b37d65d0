/**
 * createprofile loader: the application slice set by the landing page (products, sweep, promo code) and,
 * when an application already exists for this session (Back, reload), its view so the answers come back.
 * No session yet is the normal case here. Without products the applicant has not come through the landing
 * page: to the landing's products to choose from. The co-applicant comes with their invitation's code (jointCode in the address): its
 * e-mail is offered and its products are the application's; an ended invitation goes to /error/5, an
 * unknown code to /error/3.
 */
import { FLOW_ERROR_ROUTES, type JointCodeLookupResponse } from '@omo/domain';
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

/** How long what was read ahead stays good to use. */
const AHEAD_FOR_MS = 60_000;

/**
 * What the loader reads, asked for while the applicant reads the screen before (app/prefetch.ts), so that
 * Get Started waits for no round trip: used once, within a minute, for the same invitation, and only when
 * leaving the screen it was read on (Back from a later screen reads again: a session may exist since).
 */
let ahead:
  | {
      at: number;
      from: string;
      view: Promise<ApplicationView | null>;
      jointCode: string | null;
      invitation?: Promise<JointCodeLookupResponse>;
    }
  | undefined;

/** Whether this session has an application (its view) or not (null: no session yet, the usual case). */
const readView = (signal?: AbortSignal) =>
  // 401 (no application yet) is expected; any other failure shows up on submit.
  getApplication(signal).catch(() => null);

/** Reads ahead what the loader will need on the page the applicant is reading. */
export function readAhead(): Promise<unknown> {
  const jointCode = new URLSearchParams(window.location.search).get('jointCode');
  // The start page's own lookup, when it found this invitation, is not made again.
  const invitation = jointCode ? lookupJointCode(jointCode, undefined, AHEAD_FOR_MS) : undefined;
  invitation?.catch(() => undefined);
  ahead = {
    at: Date.now(),
    from: window.location.pathname,
    view: readView(),
    jointCode,
    ...(invitation ? { invitation } : {}),
  };
  return Promise.allSettled([ahead.view, invitation]);
}

function takeAhead(jointCode: string | null) {
  const taken = ahead;
  ahead = undefined;
  // The loader runs before the address changes: the screen being left is still the window's.
  const fresh =
    taken &&
    Date.now() - taken.at < AHEAD_FOR_MS &&
    taken.from === window.location.pathname &&
    taken.jointCode === jointCode;
  return fresh ? taken : undefined;
}

async function invitationOf(jointCode: string, lookup: Promise<JointCodeLookupResponse>) {
  let found;
  try {
    found = await lookup;
  } catch {
    throw redirect(FLOW_ERROR_ROUTES.loadFailure);
  }
  if (found.isExpired) throw redirect(FLOW_ERROR_ROUTES.jointExpired);
  return { jointCode, email: found.jointEmail, productIds: found.productIds };
}

export async function createProfileLoader({ request }: LoaderFunctionArgs): Promise<CreateProfileData> {
  const url = new URL(request.url);
  const isJoint = flowOfPath(url.pathname).kind === 'joint';
  const jointCode = isJoint ? url.searchParams.get('jointCode') : null;
  const readSoFar = takeAhead(jointCode);
  // The invitation and the session are asked for together.
  const lookup = jointCode
    ? (readSoFar?.invitation ?? lookupJointCode(jointCode, request.signal, AHEAD_FOR_MS))
    : undefined;
  lookup?.catch(() => undefined);
  let view = await (readSoFar?.view ?? readView(request.signal));
  const application = findSlice('application') ?? EMPTY_APPLICATION;
  if (isJoint) {
    // Another applicant's session on this device (the primary's, who did not leave) is not the
    // co-applicant's: nothing of it is shown, and the co-applicant starts as one without a session.
    if (view && view.flow !== 'joint') view = null;
    if (jointCode && lookup) return { view, application, invitation: await invitationOf(jointCode, lookup) };
    if (!view) throw redirect(FLOW_ERROR_ROUTES.loadFailure);
    return { view, application };
  }
  // No product known: the products to choose from.
  if (!view && application.selectedProducts.length === 0) throw redirect('/#choose-account');
  return { view, application };
}
