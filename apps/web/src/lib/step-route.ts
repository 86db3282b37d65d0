/**
 * What a step's route does without a form, so an outcome page uses it without loading react-hook-form and
 * zod (the 'forms' chunk): `stepLoader(stepId)` reads the applicant's application; without a session → the
 * start page (told why); a step the server says cannot be visited yet, or a path of the other flow → where
 * the server says the applicant should be; a decided application → its outcome page; an identity state
 * this build does not know → the error page. `handleStepError(...)` is what every save does when it fails:
 * 401 → the start page; 409 → the step the server names; 400 → the field errors; anything else → a notice
 * that keeps the answers.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { getStep, isIdentityStatus, type Flow, type ProductOffering, type StepId } from '@omo/domain';
import {
  fieldErrorsFromProblem,
  findViewProducts,
  flowOfPath,
  getApplication,
  isApiStatus,
  problemNextPath,
  sessionEndedPath,
  type ApplicationView,
} from './application-api.ts';
/** What a step screen's loader gives it. */
export interface StepData {
  view: ApplicationView;
  products: ProductOffering[];
  flow: Flow;
}

/** The view a save answered, while the app goes to the screen it names (decision 0064). */
let handedOff: { view: ApplicationView; path: string } | undefined;

/**
 * Goes to the screen a save's view names (or `path`, e.g. a decision's outcome page), handing that view to
 * the screen's loader: one read of the application per Continue. A reload or a screen opened directly
 * reads it from the server.
 */
export async function goToNext(
  navigate: (to: string, options?: { flushSync?: boolean }) => unknown,
  view: ApplicationView,
  path: string = view.nextPath,
): Promise<void> {
  handedOff = { view, path };
  try {
    // The next screen is drawn at once, not in slices between other work: the applicant waits for it.
    await navigate(path, { flushSync: true });
  } finally {
    handedOff = undefined;
  }
}

/** The view handed off for this path, once; nothing when the path is not the one it was handed to. */
function takeHandedOff(pathname: string | undefined): ApplicationView | undefined {
  const given = handedOff;
  handedOff = undefined;
  if (!given || pathname === undefined) return undefined;
  // Compared as the router matches paths: case-insensitive, without a trailing slash.
  const bare = (path: string) => path.replace(/\/+$/, '').toLowerCase();
  return bare(new URL(given.path, 'http://omo.invalid').pathname) === bare(pathname) ? given.view : undefined;
}

/**
 * The applicant's application, or the redirect to the start page when the session is gone.
 * @param pathname the screen being loaded: the view a save just handed to it is used instead of a read
 */
export async function loadView(signal?: AbortSignal, pathname?: string): Promise<ApplicationView> {
  const view = takeHandedOff(pathname);
  if (view) return view;
  try {
    return await getApplication(signal);
  } catch (error) {
    if (isApiStatus(error, 401)) throw redirect(sessionEndedPath());
    throw error;
  }
}

/** Refuses a view this build cannot read (an unknown state is an error page, never a crash later). */
function assertKnownView(view: ApplicationView): void {
  if (!isIdentityStatus(view.identity?.status)) {
    throw new Response('Unknown identity state', { status: 500, statusText: 'Unknown identity state' });
  }
}

/**
 * The loader of a step screen (both flows: the flow is read from the path).
 * @param stepId the step the screen is
 */
export function stepLoader(stepId: StepId) {
  return async ({ request }: LoaderFunctionArgs): Promise<StepData> => {
    const { pathname } = new URL(request.url);
    const flow = flowOfPath(pathname);
    const view = await loadView(request.signal, pathname);
    assertKnownView(view);
    const step = view.progress.steps.find((s) => s.id === stepId);
    // Once decided, the application is closed: its outcome page is where the applicant belongs.
    if (view.decision || view.flow !== flow.kind || !step?.canVisit) throw redirect(view.nextPath);
    const products = getStep(flow, stepId).showsProducts ? await findViewProducts(view, request.signal) : [];
    return { view, products, flow };
  };
}

/**
 * What a failed save does. Returns 'fields' when the errors went onto the form, 'failed' when the page
 * should say the answers could not be saved, 'redirected' otherwise.
 */
export async function handleStepError<T extends FieldValues>(
  error: unknown,
  options: {
    setError?: UseFormSetError<T>;
    fields?: readonly string[];
    fieldOfPath?: (path: string) => string;
    navigate: (to: string) => unknown;
  },
): Promise<'redirected' | 'fields' | 'failed'> {
  if (isApiStatus(error, 401)) {
    await options.navigate(sessionEndedPath());
    return 'redirected';
  }
  if (
    options.setError &&
    fieldErrorsFromProblem(error, options.setError, options.fields, options.fieldOfPath)
  ) {
    return 'fields';
  }
  const nextPath = problemNextPath(error);
  if (isApiStatus(error, 409) && nextPath) {
    await options.navigate(nextPath);
    return 'redirected';
  }
  return 'failed';
}
