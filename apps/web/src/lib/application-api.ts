/**
 * Typed client of the draft-application API (issue 3 contract): the session-bound endpoints under
 * /api/omo/ that save each step of the flow on the server. Built on the one HTTP client (`apiRequest`).
 *
 * Also: `fieldErrorsFromProblem` (problem-details `errors[]` → react-hook-form `setError`) and
 * `loadApplicationForStep` (the shared step loader: 401 → '/', step not reachable yet → the view's nextPath).
 */
import { redirect } from 'react-router';
import {
  APPLICATION_API_PATHS,
  SINGLE_FLOW,
  canVisit,
  deriveApplicationFlags,
  findStepByPath,
  type AddressFormInput,
  type ApplicationPhoneView,
  type ApplicationView,
  type initializeApplicationRequestSchema,
  type CanVisitContext,
  type Flow,
  type PersonalInfoFormInput,
  type ProductOffering,
  type StepId,
} from '@omo/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, apiRequest, findProducts } from './api.ts';
import { findSlice, updateSlice } from './session-state.ts';

/** Paths of the draft-application calls (the domain's table). */
export const APPLICATION_PATHS = APPLICATION_API_PATHS;

export type PhoneStatus = 'none' | 'pending' | 'approved' | 'failed' | 'skipped';
export type PhoneChannel = 'sms' | 'call';
export type PhoneType = 'mobile' | 'home';
export type LookupLang = 'en' | 'fr';

/** The phone-verification state of the draft (domain contract). */
export type PhoneView = ApplicationPhoneView;

/** GET /api/omo/Application: the draft as the browser may see it (never a password, SIN or code). */
export type { ApplicationView };

/** Body of InitializeApplication (domain contract). */
export type InitializeApplicationBody = z.input<typeof initializeApplicationRequestSchema>;

/** Answer of Start and Check. */
export interface PhoneVerificationResult {
  phone: PhoneView;
  /** Check only: the code was expired or unknown/used. */
  error?: 'expired' | 'notFound';
}

/** One AddressComplete Find v2.10 item. */
export interface AddressFindItem {
  Id: string;
  Text: string;
  Highlight: string;
  Cursor: number;
  Description: string;
  Next: 'Find' | 'Retrieve';
}

/** One AddressComplete Retrieve v2.11 item (the fields omo reads; more may be present). */
export interface AddressRetrieveItem {
  Id: string;
  DomesticId?: string;
  Language?: string;
  SubBuilding: string;
  BuildingNumber: string;
  Street: string;
  City: string;
  Province: string;
  ProvinceName: string;
  PostalCode: string;
  CountryName: string;
  CountryIso2: string;
  Line1: string;
  Line2: string;
  Label: string;
  [key: string]: unknown;
}

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

/** POST InitializeApplication: starts (or updates) the draft and sets the session cookie; → appRefNo. */
export function initializeApplication(
  body: InitializeApplicationBody,
  signal?: AbortSignal,
): Promise<string> {
  return apiRequest<string>(APPLICATION_PATHS.initializeApplication, { method: 'POST', body, signal });
}

/** GET Application: the draft view. @throws ApiError 401 without a session. */
export function getApplication(signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.application, { signal });
}

export function savePersonalInfo(
  body: PersonalInfoFormInput,
  signal?: AbortSignal,
): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.personalInfo, { method: 'PUT', body, signal });
}

/** PUT Phone: the Change/Submit of the verification screen (resets the verification, not the counters). */
export function savePhone(phoneNumber: string, signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.phone, {
    method: 'PUT',
    body: { phoneNumber },
    signal,
  });
}

export function startPhoneVerification(
  channel: PhoneChannel,
  signal?: AbortSignal,
): Promise<PhoneVerificationResult> {
  return apiRequest<PhoneVerificationResult>(APPLICATION_PATHS.phoneVerificationStart, {
    method: 'POST',
    body: { channel },
    signal,
  });
}

export function checkPhoneCode(code: string, signal?: AbortSignal): Promise<PhoneVerificationResult> {
  return apiRequest<PhoneVerificationResult>(APPLICATION_PATHS.phoneVerificationCheck, {
    method: 'POST',
    body: { code },
    signal,
  });
}

export function continuePhoneVerification(signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.phoneVerificationContinue, {
    method: 'POST',
    body: {},
    signal,
  });
}

/** GET AddressLookup/Find (AddressComplete Find shape). `lastId` drills into a 'Find' item (may be ''). */
export function findAddresses(
  searchTerm: string,
  lastId: string | null | undefined,
  lang: LookupLang,
  signal?: AbortSignal,
): Promise<{ Items: AddressFindItem[] }> {
  return apiRequest<{ Items: AddressFindItem[] }>(APPLICATION_PATHS.addressFind, {
    query: { SearchTerm: searchTerm, LastId: lastId ?? '', LanguagePreference: lang, MaxSuggestions: 7 },
    signal,
  });
}

export function retrieveAddress(
  id: string,
  lang: LookupLang,
  signal?: AbortSignal,
): Promise<{ Items: AddressRetrieveItem[] }> {
  return apiRequest<{ Items: AddressRetrieveItem[] }>(APPLICATION_PATHS.addressRetrieve, {
    query: { Id: id, LanguagePreference: lang },
    signal,
  });
}

export function saveAddress(body: AddressFormInput, signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.address, { method: 'PUT', body, signal });
}

export function saveProducts(
  body: { termPeriod?: string; termOption?: string },
  signal?: AbortSignal,
): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.products, { method: 'PUT', body, signal });
}

/** PUT Sin. The SIN goes to the server only; never keep it in browser storage. */
export function saveSin(sin: string, signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.sin, { method: 'PUT', body: { sin }, signal });
}

/** PUT Application/Sin without a SIN: the applicant will give it in person at a branch. */
export function skipSin(signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(APPLICATION_PATHS.sin, { method: 'PUT', body: { skip: true }, signal });
}

// ---------------------------------------------------------------------------------------------------------
// Problem details
// ---------------------------------------------------------------------------------------------------------

/** One validation error of a problem-details body. */
export interface ProblemFieldError {
  path: string;
  key?: string;
  message: string;
}

/** The `errors[]` of an ApiError's problem-details body (empty when none). */
export function problemFieldErrors(error: unknown): ProblemFieldError[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { errors?: unknown } | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body.errors)) return [];
  const out: ProblemFieldError[] = [];
  for (const item of body.errors as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const e = item as Record<string, unknown>;
    const rawPath = Array.isArray(e.path) ? e.path.join('.') : e.path;
    if (typeof rawPath !== 'string') continue;
    // Accept 'firstName', '/firstName' (JSON pointer) and 'body.firstName'.
    const path = rawPath
      .replace(/^\//, '')
      .replace(/\//g, '.')
      .replace(/^body\./, '');
    const message = typeof e.message === 'string' ? e.message : '';
    const key = typeof e.key === 'string' ? e.key : undefined;
    out.push(key === undefined ? { path, message } : { path, key, message });
  }
  return out;
}

/**
 * Maps the problem-details `errors[]` of a failed request onto form fields. The error message set is the
 * MessageKey when the server sent one (the form translates keys), else the server's text. Focus is left to
 * the error summary.
 * @param error what the request threw
 * @param setError the form's setError
 * @param fields the form's field names; errors on other paths are not set
 * @returns true when at least one field error was set
 */
export function fieldErrorsFromProblem<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): boolean {
  let set = false;
  for (const e of problemFieldErrors(error)) {
    if (e.path === '' || (fields && !fields.includes(e.path))) continue;
    // No focus on the field: the page's error summary takes it and links to the fields.
    setError(e.path as Path<T>, { type: 'server', message: e.key ?? e.message });
    set = true;
  }
  return set;
}

/** True for an ApiError with this status. */
export function isApiStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

// ---------------------------------------------------------------------------------------------------------
// Loader helper
// ---------------------------------------------------------------------------------------------------------

/**
 * Shared loader of the steps after "Create your profile": fetches the draft; without a session (401) sends
 * the applicant to '/'; when the step is not reachable yet (domain `canVisit` over the completed steps)
 * sends them to the view's nextPath.
 * @throws the redirect Response (react-router), or the ApiError of any other failure
 */
export async function loadApplicationForStep(
  flow: Flow,
  stepId: StepId,
  options: { signal?: AbortSignal; ctx?: CanVisitContext } = {},
): Promise<ApplicationView> {
  let view: ApplicationView;
  try {
    view = await getApplication(options.signal);
  } catch (error) {
    if (isApiStatus(error, 401)) throw redirect(sessionEndedPath());
    throw error;
  }
  if (!canVisit(flow, stepId, view.completedSteps as StepId[], options.ctx ?? {})) {
    throw redirect(view.nextPath);
  }
  return view;
}

/**
 * Where an applicant goes when the server no longer knows their session (401: never started, or idle too
 * long): the start page with the same products and sweep choice, told why (`session=ended`).
 */
export function sessionEndedPath(): string {
  const application = findSlice('application');
  const params = new URLSearchParams();
  const ids = application?.selectedProducts.map((p) => p.productID) ?? [];
  if (ids.length > 0) params.set('productIds', ids.join(';'));
  if (application?.sweepEnabled) params.set('sweep', 'true');
  params.set('session', 'ended');
  return `/?${params.toString().replace(/%3B/g, ';')}`;
}

/** The flow of a pathname ('/joint/...' → JOINT_FLOW); the single flow for anything else. */
export function flowOfPath(pathname: string): Flow {
  return findStepByPath(pathname)?.flow ?? SINGLE_FLOW;
}

/**
 * The products of the draft, in its order: from the application slice when it holds them all, else looked
 * up again (GetProduct) and put back in the slice (e.g. a new tab on the same session).
 */
export async function findViewProducts(
  view: ApplicationView,
  signal?: AbortSignal,
): Promise<ProductOffering[]> {
  const held = findSlice('application')?.selectedProducts ?? [];
  if (view.productIds.length === 0) return held;
  const fromSlice = view.productIds.map((id) => held.find((p) => p.productID === id));
  if (fromSlice.every((p): p is ProductOffering => p !== undefined)) return fromSlice;
  const found = await findProducts(view.productIds.join(';'), signal);
  updateSlice('application', {
    selectedProducts: found,
    flags: deriveApplicationFlags(found),
    sweepEnabled: view.sweepEnabled,
  });
  return found;
}

/**
 * What a step does when its save fails: no session (401) → '/'; step out of order (409) → where the draft
 * says the applicant should be; validation problems → onto the fields (returns 'fields'); anything else →
 * 'failed' (the page shows a general message and keeps the answers).
 */
export async function handleStepSubmitError<T extends FieldValues>(
  error: unknown,
  options: { setError: UseFormSetError<T>; fields: readonly string[]; navigate: (to: string) => unknown },
): Promise<'redirected' | 'fields' | 'failed'> {
  if (isApiStatus(error, 401)) {
    await options.navigate(sessionEndedPath());
    return 'redirected';
  }
  if (fieldErrorsFromProblem(error, options.setError, options.fields)) return 'fields';
  if (isApiStatus(error, 409)) {
    try {
      const view = await getApplication();
      await options.navigate(view.nextPath);
      return 'redirected';
    } catch {
      return 'failed';
    }
  }
  return 'failed';
}
