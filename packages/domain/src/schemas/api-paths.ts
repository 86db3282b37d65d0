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
export type ApiPathName = keyof typeof API_PATHS;
export type ApiPath = (typeof API_PATHS)[ApiPathName];

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
