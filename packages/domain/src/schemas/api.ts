/**
 * HTTP contracts of omo's API (spec 000 §7, spec 001 §7). `API_PATHS` is the one table of paths both the
 * browser client and the Fastify routes use; the schemas here cover the calls that need no applicant.
 */
import { z } from 'zod';
import {
  apiConfigSchema,
  blockListResultSchema,
  branchLocationSchema,
  isoDateSchema,
  occupationSchema,
  pepPositionSchema,
  productOfferingSchema,
} from './entities.ts';

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

/** HTTP method of each path of `API_PATHS` (spec 000 §7). */
export const API_METHODS = {
  heartbeat: 'GET',
  clearCache: 'GET',
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

/** GET /api/heartbeat answer: a status object. */
export const heartbeatSchema = z.object({
  /** e.g. 'ok'. */
  status: z.string(),
  time: z.string().optional(),
  version: z.string().optional(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** GET /api/omo/OnlineAccountList and GetProduct answer. */
export const productListSchema = z.array(productOfferingSchema);
export type ProductList = z.infer<typeof productListSchema>;

/**
 * GET /api/omo/GetProduct query: `prodCodes`, product ids or codes separated by ';' or ','. Missing → the
 * server answers 400 with detail `nullParameterMessage('prodCodes')`.
 */
export const getProductQuerySchema = z.object({
  prodCodes: z
    .string({ error: nullParameterMessage('prodCodes') })
    .min(1, { error: nullParameterMessage('prodCodes') }),
});
export type GetProductQuery = z.infer<typeof getProductQuerySchema>;

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

/** GET /api/omo/GetOccupationList answer. */
export const occupationListSchema = z.array(occupationSchema);
export type OccupationList = z.infer<typeof occupationListSchema>;

/** GET /api/omo/GetPepPositionList answer. */
export const pepPositionListSchema = z.array(pepPositionSchema);
export type PepPositionList = z.infer<typeof pepPositionListSchema>;

/** GET /api/omo/GetApiConfig answer. */
export const apiConfigResponseSchema = apiConfigSchema;

/** POST /api/omo/GetBranchLocations body. */
export const branchLocationsRequestSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type BranchLocationsRequest = z.infer<typeof branchLocationsRequestSchema>;

/** POST /api/omo/GetBranchLocations answer. */
export const branchLocationsResponseSchema = z.object({ locations: z.array(branchLocationSchema) });
export type BranchLocationsResponse = z.infer<typeof branchLocationsResponseSchema>;

/** POST /api/omo/BlocklistCheck body (spec 001 §7): birthDate YYYY-MM-DD. */
export const blocklistCheckRequestSchema = z.object({
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  birthDate: isoDateSchema,
});
export type BlocklistCheckRequest = z.infer<typeof blocklistCheckRequestSchema>;

/** POST /api/omo/BlocklistCheck answer. */
export const blocklistCheckResponseSchema = blockListResultSchema;

/** POST /api/omo/GetApplicationFromJointCode query. */
export const jointCodeQuerySchema = z.object({
  jointCode: z
    .string({ error: nullParameterMessage('jointCode') })
    .min(1, { error: nullParameterMessage('jointCode') }),
});
export type JointCodeQuery = z.infer<typeof jointCodeQuerySchema>;

/** POST /api/omo/CanadaPostCreate query. */
export const canadaPostCreateQuerySchema = z.object({
  applicantId: z
    .string({ error: nullParameterMessage('applicantId') })
    .min(1, { error: nullParameterMessage('applicantId') }),
});
export type CanadaPostCreateQuery = z.infer<typeof canadaPostCreateQuerySchema>;

/** POST /api/omo/ApplyAsSingle query: code and type (applicant type). */
export const applyAsSingleQuerySchema = z.object({
  code: z.string({ error: nullParameterMessage('code') }).min(1, { error: nullParameterMessage('code') }),
  type: z.string({ error: nullParameterMessage('type') }).min(1, { error: nullParameterMessage('type') }),
});
export type ApplyAsSingleQuery = z.infer<typeof applyAsSingleQuerySchema>;
