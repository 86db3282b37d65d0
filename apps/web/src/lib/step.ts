/**
 * The one step helper of the flow screens. The server decides; a screen asks:
 * - `stepLoader(stepId)`: reads the applicant's application; without a session → the start page (told
 *   why); a step the server says cannot be visited yet, or a path of the other flow → where the server
 *   says the applicant should be; a decided application → its outcome page; an identity state this build
 *   does not know → the error page.
 * - `useStepForm(...)`: a react-hook-form form with the domain's schema whose submit saves and then goes
 *   where the server says (`nextPath`).
 * - `handleStepError(...)`: what every save does when it fails: 401 → the start page; 409 → the step the
 *   server names; 400 → the field errors; anything else → a notice that keeps the answers.
 */
import { useState } from 'react';
import { redirect, useNavigate, type LoaderFunctionArgs } from 'react-router';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { isIdentityStatus, type Flow, type ProductOffering, type StepId } from '@omo/domain';
import { useFormErrors } from '../components/form/use-form-errors.ts';
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

/** The applicant's application, or the redirect to the start page when the session is gone. */
export async function loadView(signal?: AbortSignal): Promise<ApplicationView> {
  try {
    return await getApplication(signal);
  } catch (error) {
    if (isApiStatus(error, 401)) throw redirect(sessionEndedPath());
    throw error;
  }
}

/** Refuses a view this build cannot read (an unknown state is an error page, never a crash later). */
export function assertKnownView(view: ApplicationView): void {
  if (!isIdentityStatus(view.identity?.status)) {
    throw new Response('Unknown identity state', { status: 500, statusText: 'Unknown identity state' });
  }
}

/** Steps whose screens show or check the products (their age limits, terms, registered plans). */
const STEPS_WITH_PRODUCTS: ReadonlySet<StepId> = new Set([
  'personalinfo',
  'confirmproducts',
  'sin',
  'finalizeaccount',
  'legalterms',
  'reviewapplication',
  'reviewterms',
]);

/**
 * The loader of a step screen (both flows: the flow is read from the path).
 * @param stepId the step the screen is
 */
export function stepLoader(stepId: StepId) {
  return async ({ request }: LoaderFunctionArgs): Promise<StepData> => {
    const flow = flowOfPath(new URL(request.url).pathname);
    const view = await loadView(request.signal);
    assertKnownView(view);
    const step = view.progress.steps.find((s) => s.id === stepId);
    // Once decided, the application is closed: its outcome page is where the applicant belongs.
    if (view.decision || view.flow !== flow.kind || !step?.canVisit) throw redirect(view.nextPath);
    const products = STEPS_WITH_PRODUCTS.has(stepId) ? await findViewProducts(view, request.signal) : [];
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

export interface StepFormOptions<TIn extends FieldValues, TOut> {
  schema: z.ZodMiniType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** The form's field names, in page order (the error summary's order). */
  fields: readonly string[];
  /** Saves the answers; answers the view (its nextPath is where to go). */
  save: (values: TOut) => Promise<{ nextPath: string }>;
  /** The form field of a server error's path, when the form names its fields differently. */
  fieldOfPath?: (path: string) => string;
  /** When a field's error is checked again after a failed submit (react-hook-form's, default on change). */
  reValidateMode?: 'onChange' | 'onBlur' | 'onSubmit';
}

/** A step form: the domain schema, the error summary's messages, and a submit that saves and moves on. */
export function useStepForm<TIn extends FieldValues, TOut>(options: StepFormOptions<TIn, TOut>) {
  const navigate = useNavigate();
  const [hasSubmitFailed, setSubmitFailed] = useState(false);
  const form = useForm<TIn, unknown, TOut>({
    // The error summary takes focus, not the first field (GOV.UK).
    shouldFocusError: false,
    resolver: zodResolver(options.schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    defaultValues: options.defaultValues,
    ...(options.reValidateMode ? { reValidateMode: options.reValidateMode } : {}),
  });
  const { messageOf, summary } = useFormErrors(form.formState.errors, options.fields);
  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitFailed(false);
    try {
      const next = await options.save(values);
      await navigate(next.nextPath);
    } catch (error) {
      const outcome = await handleStepError(error, {
        setError: form.setError,
        fields: options.fields,
        ...(options.fieldOfPath ? { fieldOfPath: options.fieldOfPath } : {}),
        navigate,
      });
      if (outcome === 'failed') setSubmitFailed(true);
    }
  });
  return { form, onSubmit, messageOf, summary, hasSubmitFailed };
}
