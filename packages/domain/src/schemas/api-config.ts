/**
 * GET /api/omo/GetApiConfig: the spec's configuration and the page settings every page reads first. The
 * shape is written once, as plain data, so that the first screen checks the answer before anything shows
 * without loading a schema library (`readWebApiConfig`, about 0.5 KiB against zod's 15); the server's
 * response schema is made from the same shape (`webApiConfigSchema` in api.ts).
 */

/** What a field holds: true/false, text, text or null, or a whole percentage (0–100). */
type FieldKind = 'boolean' | 'string' | 'string|null' | 'percent';
export interface ConfigShape {
  readonly [name: string]: FieldKind | ConfigShape;
}

/** The value a field of a shape holds. */
export type ValueOfShape<S> = S extends 'boolean'
  ? boolean
  : S extends 'string'
    ? string
    : S extends 'string|null'
      ? string | null
      : S extends 'percent'
        ? number
        : { -readonly [Name in keyof S]: ValueOfShape<S[Name]> };

/** Server configuration shown on /Diagnostics (spec 001 §3). */
const API_CONFIG_SHAPE = {
  alloyEnabled: 'boolean',
  /** Forced identity result for testing, or null. */
  forceIdResult: 'string|null',
  irsApiUrl: 'string',
  irsRequestKey: 'string',
} as const satisfies ConfigShape;

/**
 * GET /api/omo/GetApiConfig answer as omo sends it: the spec's configuration (irsRequestKey only as
 * 'configured' or '': the key stays on the server) plus the branding and page settings the web shows.
 */
export const WEB_API_CONFIG_SHAPE = {
  ...API_CONFIG_SHAPE,
  institutionName: 'string',
  contactPhone: 'string',
  onlineBankingUrl: 'string',
  /** Where a new member sends the Interac e-Transfer of a first deposit (the welcome page). */
  eTransferEmail: 'string',
  publicWebsiteUrl: 'string',
  idProviderSharePercent: 'percent',
  isProduction: 'boolean',
  buildNumber: 'string',
  /** The price of the membership share every member buys, in dollars ('5.00'). */
  membershipSharePrice: 'string',
  /** The page setting that hides the referral code of 'Create your profile'. */
  hideReferralCode: 'boolean',
  /** The identity provider's device-fingerprint script, loaded only when configured. */
  deviceFingerprint: { scriptUrl: 'string|null', orgId: 'string|null' },
  /** The mobile app: the welcome page's QR code opens `url`; the store badges link to the stores. */
  mobileApp: { url: 'string', appStoreUrl: 'string', googlePlayUrl: 'string' },
} as const satisfies ConfigShape;
export type WebApiConfig = ValueOfShape<typeof WEB_API_CONFIG_SHAPE>;

function read(shape: ConfigShape, input: unknown): Record<string, unknown> | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(shape)) {
    const value = (input as Record<string, unknown>)[name];
    if (typeof kind === 'object') {
      const inner = read(kind, value);
      if (!inner) return null;
      out[name] = inner;
      continue;
    }
    const fits =
      kind === 'boolean'
        ? typeof value === 'boolean'
        : kind === 'string'
          ? typeof value === 'string'
          : kind === 'string|null'
            ? typeof value === 'string' || value === null
            : Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100;
    if (!fits) return null;
    out[name] = value;
  }
  return out;
}

/**
 * Checks a GetApiConfig answer against its shape.
 * @returns the configuration with the shape's fields only, or null when a field is missing or wrong
 */
export function readWebApiConfig(input: unknown): WebApiConfig | null {
  return read(WEB_API_CONFIG_SHAPE, input) as WebApiConfig | null;
}
