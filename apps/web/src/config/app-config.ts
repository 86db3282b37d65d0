/**
 * Page configuration read from GET /api/omo/GetApiConfig: the domain's ApiConfig (alloyEnabled,
 * forceIdResult, irsApiUrl, irsRequestKey) plus the branding and page settings the server adds (design §5).
 * Every field has a default so the layout can still render (e.g. on an error page) when the call fails.
 */
import { fetchApiConfig } from '../lib/api.ts';

export interface AppConfig {
  // Server-side values (domain ApiConfig)
  alloyEnabled: boolean;
  forceIdResult: string | null;
  irsApiUrl: string;
  irsRequestKey: string;
  // Branding
  institutionName: string;
  contactPhone: string;
  onlineBankingUrl: string;
  publicWebsiteUrl: string;
  privacyPolicyUrl: string;
  termsUrl: string;
  // Page settings
  /** Build number of the deployed product (server), else the web build's own. */
  buildNumber: string;
  appEnv: string;
  isProduction: boolean;
  identityCheckEnabled: boolean;
  identityProviderPercentage: number;
  documentVerificationPercentage: number;
  fraudScreeningEnabled: boolean;
  fraudOrgId: string;
  referenceCodePrefix: string;
  showReferralCode: boolean;
  /** False when GetApiConfig failed and these are the defaults. */
  isLoaded: boolean;
}

export const DEFAULT_CONFIG: AppConfig = {
  alloyEnabled: false,
  forceIdResult: null,
  irsApiUrl: '',
  irsRequestKey: '',
  institutionName: 'Credit Union',
  contactPhone: '1-800-555-0100',
  onlineBankingUrl: 'https://online.example.com',
  publicWebsiteUrl: 'https://www.example.com',
  privacyPolicyUrl: 'https://www.example.com/privacy',
  termsUrl: 'https://www.example.com/terms',
  buildNumber: '',
  appEnv: 'development',
  isProduction: false,
  identityCheckEnabled: false,
  identityProviderPercentage: 0,
  documentVerificationPercentage: 0,
  fraudScreeningEnabled: false,
  fraudOrgId: '',
  referenceCodePrefix: 'OMO',
  showReferralCode: true,
  isLoaded: false,
};

function pick<T>(
  raw: Record<string, unknown>,
  keys: string[],
  isType: (v: unknown) => v is T,
  fallback: T,
): T {
  for (const key of keys) {
    const value = raw[key];
    if (isType(value)) return value;
  }
  return fallback;
}
const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Reads a GetApiConfig answer of any shape into an AppConfig (unknown or missing fields → defaults). */
export function normalizeAppConfig(input: unknown): AppConfig {
  if (input === null || typeof input !== 'object') return DEFAULT_CONFIG;
  const raw = input as Record<string, unknown>;
  const d = DEFAULT_CONFIG;
  const appEnv = pick(raw, ['appEnv', 'environment', 'env'], isString, d.appEnv);
  const forceIdResult = raw.forceIdResult;
  const publicWebsiteUrl = pick(raw, ['publicWebsiteUrl', 'publicSiteUrl'], isString, d.publicWebsiteUrl);
  return {
    alloyEnabled: pick(raw, ['alloyEnabled'], isBool, d.alloyEnabled),
    forceIdResult: typeof forceIdResult === 'string' ? forceIdResult : null,
    irsApiUrl: pick(raw, ['irsApiUrl'], isString, d.irsApiUrl),
    irsRequestKey: pick(raw, ['irsRequestKey'], isString, d.irsRequestKey),
    institutionName: pick(raw, ['institutionName'], isString, d.institutionName),
    contactPhone: pick(raw, ['contactPhone', 'contactCentrePhone'], isString, d.contactPhone),
    onlineBankingUrl: pick(raw, ['onlineBankingUrl'], isString, d.onlineBankingUrl).replace(/\/+$/, ''),
    publicWebsiteUrl,
    privacyPolicyUrl: pick(
      raw,
      ['privacyPolicyUrl'],
      isString,
      `${publicWebsiteUrl.replace(/\/+$/, '')}/privacy`,
    ),
    termsUrl: pick(
      raw,
      ['termsUrl', 'termsOfUseUrl'],
      isString,
      `${publicWebsiteUrl.replace(/\/+$/, '')}/terms`,
    ),
    buildNumber: pick(raw, ['buildNumber'], isString, d.buildNumber),
    appEnv,
    isProduction: pick(raw, ['isProduction'], isBool, appEnv === 'production'),
    identityCheckEnabled: pick(
      raw,
      ['identityCheckEnabled'],
      isBool,
      pick(raw, ['alloyEnabled'], isBool, false),
    ),
    identityProviderPercentage: pick(
      raw,
      ['idProviderSharePercent', 'identityProviderPercentage', 'idProviderPercentage'],
      isNumber,
      d.identityProviderPercentage,
    ),
    documentVerificationPercentage: pick(
      raw,
      ['documentVerificationPercentage', 'onfidoPercentage'],
      isNumber,
      d.documentVerificationPercentage,
    ),
    fraudScreeningEnabled: pick(raw, ['fraudScreeningEnabled', 'deviceFingerprintEnabled'], isBool, false),
    fraudOrgId: pick(raw, ['fraudOrgId', 'fraudScreeningOrgId', 'neuroIdOrgId'], isString, d.fraudOrgId),
    referenceCodePrefix: pick(raw, ['referenceCodePrefix'], isString, d.referenceCodePrefix),
    // The page setting is `hideReferralCode` (GetApiConfig); `showReferralCode` is read too for older servers.
    showReferralCode: isBool(raw.hideReferralCode)
      ? !raw.hideReferralCode
      : pick(raw, ['showReferralCode'], isBool, d.showReferralCode),
    isLoaded: true,
  };
}

let pending: Promise<AppConfig> | null = null;

/**
 * The page configuration, fetched once per page load. A failed call yields the defaults (isLoaded false)
 * and is retried on the next call, so a transient failure does not stick.
 */
export function loadAppConfig(): Promise<AppConfig> {
  pending ??= fetchApiConfig()
    .then(normalizeAppConfig)
    .catch(() => {
      pending = null;
      return DEFAULT_CONFIG;
    });
  return pending;
}

/** Test hook: forget the cached configuration. */
export function resetAppConfigCache(): void {
  pending = null;
}
