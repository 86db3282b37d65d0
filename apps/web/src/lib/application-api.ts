/**
 * Typed client of the applicant's calls (session-bound, under /api/omo/): start the application, read it,
 * save each step, run the identity check, and the document verification. Built on the one HTTP client
 * (`apiRequest`). The types come from the domain's contract.
 */
import {
  API_PATHS,
  APPLICATION_API_PATHS,
  stepAnswerPath,
  type AccountUsageFormInput,
  type AddressFindItem,
  type AddressFormInput,
  type AddressRetrieveItem,
  type ApplicationPhoneView,
  type ApplicationView,
  type DocumentVerificationStartResponse,
  type DocumentVerificationStatusResponse,
  type Flow,
  type IdentityImageSide,
  type InitializeApplicationRequest,
  type JointCodeLookupResponse,
  type SaveApplicationRequest,
  type LegalTermsFormInput,
  type Language,
  type PersonalInfoFormInput,
  type PhoneChannel,
  type ProductOffering,
  type StepId,
  type SubmitResponse,
  type TermChoiceForm,
} from '@omo/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, apiRequest, findProducts } from './api.ts';
import { findSlice, updateSlice } from './session-state.ts';

export type { ApplicationView };
// The session's calls load with the first screen; the steps take them from here too.
export { endSession, isApiStatus, sessionEndedPath } from './session-api.ts';

/** Answer of Start and Check. */
interface PhoneVerificationResult {
  phone: ApplicationPhoneView;
  /**
   * Check: the code was expired or unknown/used, or the phone service could not check it (go on,
   * unverified). Start: an hourly ceiling refused the send (a send failure).
   */
  error?: 'expired' | 'notFound' | 'unavailable' | 'ceiling';
}

const P = APPLICATION_API_PATHS;
const put = (path: string, body: unknown, signal?: AbortSignal) =>
  apiRequest<ApplicationView>(path, { method: 'PUT', body, signal });

/**
 * POST InitializeApplication: starts (or updates) the application and sets the session cookie; answers the
 * appRefNo and the application's view (asked with it, so the next screen reads nothing).
 */
export function initializeApplication(
  body: InitializeApplicationRequest,
  signal?: AbortSignal,
): Promise<{ appRefNo: string; view: ApplicationView }> {
  return apiRequest(P.initializeApplication, { method: 'POST', body, signal, query: { view: 'true' } });
}

/** The last invitation found, and when: the screen after the start page may use it instead of asking. */
let lastFound: { jointCode: string; at: number; invitation: JointCodeLookupResponse } | undefined;

/**
 * POST GetApplicationFromJointCode: the co-applicant's invitation (whether it ended, the products, their
 * names and e-mail). `reuseWithinMs`: the same code's invitation found that recently is answered without
 * asking again. @throws ApiError 404 for an unknown or spent code
 */
export function lookupJointCode(
  jointCode: string,
  signal?: AbortSignal,
  reuseWithinMs = 0,
): Promise<JointCodeLookupResponse> {
  if (lastFound?.jointCode === jointCode && Date.now() - lastFound.at < reuseWithinMs) {
    return Promise.resolve(lastFound.invitation);
  }
  const answer = apiRequest<JointCodeLookupResponse>(API_PATHS.getApplicationFromJointCode, {
    method: 'POST',
    query: { jointCode },
    signal,
  });
  // Only an open invitation leads to the next screen.
  answer.then(
    (invitation) => {
      if (!invitation.isExpired) lastFound = { jointCode, at: Date.now(), invitation };
    },
    () => undefined,
  );
  return answer;
}

/** GET Application: the applicant's view. @throws ApiError 401 without a session. */
export function getApplication(signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(P.application, { signal });
}

/**
 * PUT PersonalInfo. `sendCode`: the server also texts the code when the phone's verification is next and
 * the phone takes a text (its view then names the code screen).
 */
export const savePersonalInfo = (
  body: PersonalInfoFormInput,
  { sendCode = false, signal }: { sendCode?: boolean; signal?: AbortSignal } = {},
) =>
  apiRequest<ApplicationView>(P.personalInfo, {
    method: 'PUT',
    body,
    signal,
    ...(sendCode ? { query: { sendCode: 'true' } } : {}),
  });

/** PUT Phone: the Change/Submit of the verification screen (restarts the verification, not the counters). */
export const savePhone = (phoneNumber: string, signal?: AbortSignal) => put(P.phone, { phoneNumber }, signal);

export const saveAddress = (body: AddressFormInput, signal?: AbortSignal) => put(P.address, body, signal);

export const saveProducts = (body: Partial<TermChoiceForm>, signal?: AbortSignal) =>
  put(P.products, body, signal);

// Review and terms (spec 001 §2.4–2.5)

/** PUT Codes: the promo and referral codes edited on the review. */
export const saveCodes = (body: { promoCode: string; referralCode: string }, signal?: AbortSignal) =>
  put(P.codes, body, signal);

/** PUT ReviewConsent: the five statements of the review are agreed to. */
/** PUT the answer of a step declared without a path of its own (the generic save). */
export const saveStepAnswer = (stepId: StepId, body: unknown, signal?: AbortSignal) =>
  put(stepAnswerPath(stepId), body, signal);

/** POST JointInvitation/Resend: the co-applicant's invitation again, to the same or a corrected address. */
export const resendJointInvitation = (email: string, signal?: AbortSignal) =>
  apiRequest<null>(P.jointInvitationResend, { method: 'POST', body: { email }, signal });

export const saveReviewConsent = (signal?: AbortSignal) => put(P.reviewConsent, { consent: true }, signal);

/** GET Sin/Reveal: the applicant's own SIN in full, for the reveal. Keep it in memory only, briefly. */
export async function revealSin(signal?: AbortSignal): Promise<string> {
  return (await apiRequest<{ sin: string }>(P.sinReveal, { signal })).sin;
}

/**
 * POST SaveApplication (the primary) or SaveJointApplication (the co-applicant): accepts the terms; the
 * server decides (or answers the decision already taken), and answers the view as decided with it.
 */
export function saveApplication(flow: Flow['kind'], body: SaveApplicationRequest, signal?: AbortSignal) {
  const path = flow === 'joint' ? API_PATHS.saveJointApplication : P.saveApplication;
  return apiRequest<SubmitResponse>(path, { method: 'POST', body, signal, query: { view: 'true' } });
}

/** The membership terms PDF in a language. */
export function membershipTermsUrl(lang: Language): string {
  return `${P.membershipTerms}?lang=${lang}`;
}

/** PUT Sin. The SIN goes to the server only; never keep it in browser storage. */
export const saveSin = (sin: string, signal?: AbortSignal) => put(P.sin, { sin }, signal);

/** PUT Sin without a SIN: the applicant will give it in person at a branch. */
export const skipSin = (signal?: AbortSignal) => put(P.sin, { skip: true }, signal);

/** PUT AccountUsage: each product's answers, by product id. */
export const saveAccountUsage = (body: Record<string, AccountUsageFormInput>, signal?: AbortSignal) =>
  put(P.accountUsage, body, signal);

export const saveLegalTerms = (body: LegalTermsFormInput, signal?: AbortSignal) =>
  put(P.legalTerms, body, signal);

/** POST IdentityCheck: the server runs the identity check if it has not yet; answers the view. */
export function runIdentityCheck(signal?: AbortSignal): Promise<ApplicationView> {
  return apiRequest<ApplicationView>(P.identityCheck, { method: 'POST', signal });
}

export function startPhoneVerification(channel: PhoneChannel, signal?: AbortSignal) {
  return apiRequest<PhoneVerificationResult>(P.phoneVerificationStart, {
    method: 'POST',
    body: { channel },
    signal,
  });
}

export function checkPhoneCode(code: string, signal?: AbortSignal) {
  return apiRequest<PhoneVerificationResult>(P.phoneVerificationCheck, {
    method: 'POST',
    body: { code },
    signal,
  });
}

export function continuePhoneVerification(signal?: AbortSignal) {
  return apiRequest<ApplicationView>(P.phoneVerificationContinue, { method: 'POST', body: {}, signal });
}

/** POST DocumentVerification/Start: the consent; answers where the documents are captured. */
export function startDocumentVerification(signal?: AbortSignal) {
  return apiRequest<DocumentVerificationStartResponse>(P.documentVerificationStart, {
    method: 'POST',
    body: { consent: true },
    signal,
  });
}

/** POST DocumentVerification/InPerson: show ID in person instead (offered while the partner is unavailable). */
export function chooseInPersonId(signal?: AbortSignal) {
  return apiRequest<DocumentVerificationStatusResponse>(P.documentVerificationInPerson, {
    method: 'POST',
    signal,
  });
}

/** GET DocumentVerification/Status: the identity status and, once the documents are in, where to go. */
export function getDocumentStatus(signal?: AbortSignal) {
  return apiRequest<DocumentVerificationStatusResponse>(P.documentVerificationStatus, { signal });
}

/** PUT DocumentVerification/Capture/{side} (sandbox capture page): the image itself as the body. */
export async function uploadIdentityImage(side: IdentityImageSide, file: Blob, signal?: AbortSignal) {
  const response = await fetch(`${P.documentVerificationCapture}/${side}`, {
    method: 'PUT',
    headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
    body: file,
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError('Upload refused', response.status, body, {});
  return body as { side: IdentityImageSide; captured: IdentityImageSide[] };
}

/** POST DocumentVerification/Capture/Submit (sandbox capture page). */
export function submitIdentityImages(signal?: AbortSignal) {
  return apiRequest<DocumentVerificationStatusResponse>(`${P.documentVerificationCapture}/Submit`, {
    method: 'POST',
    signal,
  });
}

/** GET AddressLookup/Find (AddressComplete Find shape). `lastId` drills into a 'Find' item (may be ''). */
export function findAddresses(
  searchTerm: string,
  lastId: string | null | undefined,
  lang: Language,
  signal?: AbortSignal,
): Promise<{ Items: AddressFindItem[] }> {
  return apiRequest<{ Items: AddressFindItem[] }>(P.addressFind, {
    query: { SearchTerm: searchTerm, LastId: lastId ?? '', LanguagePreference: lang, MaxSuggestions: 7 },
    signal,
  });
}

export function retrieveAddress(id: string, lang: Language, signal?: AbortSignal) {
  return apiRequest<{ Items: AddressRetrieveItem[] }>(P.addressRetrieve, {
    query: { Id: id, LanguagePreference: lang },
    signal,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Problem details
// ---------------------------------------------------------------------------------------------------------

/** One validation error of a problem-details body. */
interface ProblemFieldError {
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

/** Where a refused save says the applicant should be (409 'Step out of order'), if it says. */
export function problemNextPath(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const nextPath = (error.body as { nextPath?: unknown } | null)?.nextPath;
  // A path of this site only ('/x', never '//host' or 'https://…').
  return typeof nextPath === 'string' && /^\/(?!\/)/.test(nextPath) ? nextPath : undefined;
}

/**
 * Maps the problem-details `errors[]` of a failed request onto form fields. The message set is the
 * MessageKey when the server sent one (the form translates keys), else the server's text. Focus is left to
 * the error summary.
 * @param fields the form's field names; errors on other paths are not set
 * @param fieldOfPath the form field of a server path, when the form names its fields differently
 * @returns true when at least one field error was set
 */
export function fieldErrorsFromProblem<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
  fieldOfPath: (path: string) => string = (path) => path,
): boolean {
  let set = false;
  for (const e of problemFieldErrors(error)) {
    const field = fieldOfPath(e.path);
    if (e.path === '' || (fields && !fields.includes(field))) continue;
    setError(field as Path<T>, { type: 'server', message: e.key ?? e.message });
    set = true;
  }
  return set;
}

// The flow of a pathname lives with the paths (no schema), for the first screen; re-exported for the steps.
export { flowOfPath } from '../config/paths.ts';

/**
 * The products of the application, in its order: from the application slice when it holds them all, else
 * looked up again (GetProduct) and put back in the slice (e.g. a new tab on the same session).
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
    sweepEnabled: view.sweepEnabled,
    promoCode: view.promoCode,
  });
  return found;
}
