/**
 * The API's paths and methods (spec 000 §7), the client's timeout and the query helpers, apart from the
 * schemas (api.ts) so that the first screen can call the API without loading any schema.
 */

/** Every path of spec 000 §7, exactly as the spec spells it. */
export const API_PATHS = {
  heartbeat: '/api/heartbeat',
  clearCache: '/api/omo/ClearCache',
  getOccupationList: '/api/omo/GetOccupationList',
  getPepPositionList: '/api/omo/GetPepPositionList',
  onlineAccountList: '/api/omo/OnlineAccountList',
  getProduct: '/api/omo/GetProduct',
  initializeApplication: '/api/omo/InitializeApplication',
  canadaPostCreate: '/api/omo/CanadaPostCreate',
  getApplicationFromJointCode: '/api/omo/GetApplicationFromJointCode',
  saveApplication: '/api/omo/SaveApplication',
  saveJointApplication: '/api/omo/SaveJointApplication',
  applyAsSingle: '/api/omo/ApplyAsSingle',
  createIdVerificationRequest: '/api/omo/CreateIDVerificationRequest',
  processIdvNotification: '/api/omo/ProcessIDVNotification',
  blocklistCheck: '/api/omo/BlocklistCheck',
  getApiConfig: '/api/omo/GetApiConfig',
  getBranchLocations: '/api/omo/GetBranchLocations',
} as const;
type ApiPathName = keyof typeof API_PATHS;

/**
 * HTTP method of each path of `API_PATHS` (spec 000 §7), except ClearCache: a GET that changes state could
 * be triggered by any link or image, so it is a POST.
 */
export const API_METHODS = {
  heartbeat: 'GET',
  clearCache: 'POST',
  getOccupationList: 'GET',
  getPepPositionList: 'GET',
  onlineAccountList: 'GET',
  getProduct: 'GET',
  initializeApplication: 'POST',
  canadaPostCreate: 'POST',
  getApplicationFromJointCode: 'POST',
  saveApplication: 'POST',
  saveJointApplication: 'POST',
  applyAsSingle: 'POST',
  createIdVerificationRequest: 'POST',
  processIdvNotification: 'POST',
  blocklistCheck: 'POST',
  getApiConfig: 'GET',
  getBranchLocations: 'POST',
} as const satisfies Record<ApiPathName, 'GET' | 'POST'>;

/** Paths of the draft-application calls (ours; not in the spec's table). */
export const APPLICATION_API_PATHS = {
  initializeApplication: API_PATHS.initializeApplication,
  application: '/api/omo/Application',
  personalInfo: '/api/omo/Application/PersonalInfo',
  phone: '/api/omo/Application/Phone',
  address: '/api/omo/Application/Address',
  products: '/api/omo/Application/Products',
  sin: '/api/omo/Application/Sin',
  accountUsage: '/api/omo/Application/AccountUsage',
  legalTerms: '/api/omo/Application/LegalTerms',
  reviewConsent: '/api/omo/Application/ReviewConsent',
  /** PUT /{stepId}: the answer of a step declared without a path of its own (stepAnswerPath). */
  step: '/api/omo/Application/Step',
  /** PUT: the promo and referral codes as edited on the review screen. */
  codes: '/api/omo/Application/Codes',
  /** GET: the applicant's own SIN in full, for the review's reveal (never cached, never logged). */
  sinReveal: '/api/omo/Application/Sin/Reveal',
  saveApplication: API_PATHS.saveApplication,
  acceptSavingsOffer: '/api/omo/AcceptSavingsOffer',
  /** POST: the applicant's answer to the credit union's question (staff's askApplicant). */
  answerStaffQuestion: '/api/omo/AnswerStaffQuestion',
  /** POST: Canada Post's signed result of an in-person ID check (X-CanadaPost-Signature). */
  processInPersonIdNotification: '/api/omo/ProcessInPersonIdNotification',
  /** GET ?lang=en|fr: the membership terms as a PDF. */
  membershipTerms: '/api/omo/MembershipTerms',
  canadaPostCreate: API_PATHS.canadaPostCreate,
  /** GET: the branch nearest the applicant's home (the in-person ID page's branch panel). */
  nearestBranch: '/api/omo/Application/NearestBranch',
  createIdVerificationRequest: API_PATHS.createIdVerificationRequest,
  identityCheck: '/api/omo/IdentityCheck',
  documentVerificationStart: '/api/omo/DocumentVerification/Start',
  documentVerificationStatus: '/api/omo/DocumentVerification/Status',
  /** POST: the applicant shows ID in person instead (offered while the document partner is unavailable). */
  documentVerificationInPerson: '/api/omo/DocumentVerification/InPerson',
  documentVerificationCapture: '/api/omo/DocumentVerification/Capture',
  phoneVerificationStart: '/api/omo/PhoneVerification/Start',
  phoneVerificationCheck: '/api/omo/PhoneVerification/Check',
  phoneVerificationContinue: '/api/omo/PhoneVerification/Continue',
  addressFind: '/api/omo/AddressLookup/Find',
  addressRetrieve: '/api/omo/AddressLookup/Retrieve',
  /** GET: when the session ends (read without extending it). */
  session: '/api/omo/Session',
  /** POST: 'Stay signed in' (a session already ended is not reopened). */
  sessionExtend: '/api/omo/Session/Extend',
  /** POST: 'Exit': ends the session; its cookie reaches nothing any more. */
  sessionEnd: '/api/omo/Session/End',
  /**
   * POST: a visitor arrives on the landing page: a submitted application's session ends; a draft's is
   * named, so that the visitor chooses to continue it or to start a new one.
   */
  sessionArrival: '/api/omo/Session/Arrival',
  /** POST ?jointCode=: e-mails the co-applicant a 6-digit code to the invited address. */
  jointEmailCode: '/api/omo/JointEmailCode',
  jointInvitationResend: '/api/omo/JointInvitation/Resend',
} as const;

/** Where a step without a path of its own saves its answer (PUT): `/api/omo/Application/Step/<stepId>`. */
export function stepAnswerPath(stepId: string): string {
  return `${APPLICATION_API_PATHS.step}/${stepId}`;
}

/**
 * Response header on every answer to a request whose session is alive: the seconds left before it ends
 * unless it is used again (each use starts the idle time again), so the browser's warning follows the
 * server's clock whatever call used the session.
 */
export const SESSION_EXPIRES_IN_HEADER = 'omo-session-expires-in';

/** Request timeout of the API client in ms (spec 000 §9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Builds the text of the error raised when a required query parameter is missing (spec 000 §5).
 * @param name the parameter name, e.g. 'prodCodes'
 * @returns `The parameter '${name}' cannot be null.`
 */
export function nullParameterMessage(name: string): string {
  return `The parameter '${name}' cannot be null.`;
}

/**
 * Splits a `prodCodes` (or landing `productIds`) value into its ids: separators ';' and ',', blanks dropped.
 * @param prodCodes e.g. '1001;1002'
 * @returns ['1001', '1002']
 */
export function splitProductCodes(prodCodes: string): string[] {
  return prodCodes
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
