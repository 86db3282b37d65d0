/**
 * GET /api/omo/GetApiConfig: the spec's configuration and the page settings every page reads first. Written
 * with zod/mini (the same checks, a fraction of the code) so that the first screen, which validates this
 * answer before anything shows, does not load the full schema library; the server serves it as it is.
 */
import * as z from 'zod/mini';

/** Server configuration shown on /Diagnostics (spec 001 §3). */
export const apiConfigSchema = z.object({
  alloyEnabled: z.boolean(),
  /** Forced identity result for testing, or null. */
  forceIdResult: z.nullable(z.string()),
  irsApiUrl: z.string(),
  irsRequestKey: z.string(),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;

/**
 * GET /api/omo/GetApiConfig answer as omo sends it: the spec's configuration (irsRequestKey only as
 * 'configured' or '': the key stays on the server) plus the branding and page settings the web shows.
 */
export const webApiConfigSchema = z.object({
  ...apiConfigSchema.shape,
  institutionName: z.string(),
  contactPhone: z.string(),
  onlineBankingUrl: z.string(),
  publicWebsiteUrl: z.string(),
  idProviderSharePercent: z.int().check(z.gte(0), z.lte(100)),
  isProduction: z.boolean(),
  buildNumber: z.string(),
  /** The page setting that hides the referral code of 'Create your profile'. */
  hideReferralCode: z.boolean(),
  /** The identity provider's device-fingerprint script, loaded only when configured. */
  deviceFingerprint: z.object({ scriptUrl: z.nullable(z.string()), orgId: z.nullable(z.string()) }),
  /** The mobile app: the welcome page's QR code opens `url`; the store badges link to the stores. */
  mobileApp: z.object({ url: z.string(), appStoreUrl: z.string(), googlePlayUrl: z.string() }),
});
export type WebApiConfig = z.infer<typeof webApiConfigSchema>;
