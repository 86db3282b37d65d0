/**
 * Page configuration read from GET /api/omo/GetApiConfig (the domain's `readWebApiConfig`: the spec's
 * configuration, branding, mode and page settings), plus the footer links derived from the public website.
 * When the call fails, or answers something this build cannot read, the defaults below keep the layout
 * working (an error page still renders) and `isLoaded` is false.
 */
import { readWebApiConfig, type WebApiConfig } from '@omo/domain';
import { fetchApiConfig } from '../lib/api.ts';

export interface AppConfig extends WebApiConfig {
  privacyPolicyUrl: string;
  termsUrl: string;
  /** False when GetApiConfig failed and these are the defaults. */
  isLoaded: boolean;
}

function withDerived(config: WebApiConfig, isLoaded: boolean): AppConfig {
  const site = config.publicWebsiteUrl.replace(/\/+$/, '');
  return {
    ...config,
    onlineBankingUrl: config.onlineBankingUrl.replace(/\/+$/, ''),
    privacyPolicyUrl: `${site}/privacy`,
    termsUrl: `${site}/terms`,
    isLoaded,
  };
}

export const DEFAULT_CONFIG: AppConfig = withDerived(
  {
    alloyEnabled: false,
    forceIdResult: null,
    irsApiUrl: '',
    irsRequestKey: '',
    institutionName: 'Credit Union',
    contactPhone: '1-800-555-0100',
    onlineBankingUrl: 'https://online.example.com',
    eTransferEmail: '',
    publicWebsiteUrl: 'https://www.example.com',
    idProviderSharePercent: 0,
    isProduction: false,
    buildNumber: '',
    hideReferralCode: false,
    membershipSharePrice: '5.00',
    deviceFingerprint: { scriptUrl: null, orgId: null },
    mobileApp: { url: '', appStoreUrl: '', googlePlayUrl: '' },
  },
  false,
);

/** Reads a GetApiConfig answer; one this build cannot read gives the defaults. */
export function normalizeAppConfig(input: unknown): AppConfig {
  const config = readWebApiConfig(input);
  return config ? withDerived(config, true) : DEFAULT_CONFIG;
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
