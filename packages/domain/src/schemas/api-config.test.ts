import { describe, expect, it } from 'vitest';
import { readWebApiConfig, type WebApiConfig } from './api-config.ts';
import { webApiConfigSchema } from './api.ts';

const CONFIG: WebApiConfig = {
  alloyEnabled: true,
  forceIdResult: null,
  irsApiUrl: 'https://sandbox.alloy.co',
  irsRequestKey: '',
  institutionName: 'omo Credit Union',
  contactPhone: '1-800-555-0123',
  onlineBankingUrl: 'https://example.org/banking',
  eTransferEmail: 'deposits@example.org',
  publicWebsiteUrl: 'https://example.org',
  idProviderSharePercent: 100,
  isProduction: false,
  buildNumber: 'local',
  hideReferralCode: false,
  membershipSharePrice: '5.00',
  deviceFingerprint: { scriptUrl: null, orgId: null },
  mobileApp: { url: 'https://example.org/app', appStoreUrl: '', googlePlayUrl: '' },
};

/** The browser's check and the server's response schema read every answer alike. */
function bothRead(input: unknown) {
  const browser = readWebApiConfig(input);
  const server = webApiConfigSchema.safeParse(input);
  expect(browser).toEqual(server.success ? server.data : null);
  return browser;
}

describe('the page configuration (GetApiConfig)', () => {
  it('reads the spec fields and the page settings, and drops fields it does not know', () => {
    expect(bothRead(CONFIG)).toEqual(CONFIG);
    expect(bothRead({ ...CONFIG, forceIdResult: 'stepUp', extra: 1 })).toEqual({
      ...CONFIG,
      forceIdResult: 'stepUp',
    });
    expect(
      bothRead({
        ...CONFIG,
        deviceFingerprint: { scriptUrl: 'https://x.example/f.js', orgId: 'o', more: 1 },
      }),
    ).toEqual({ ...CONFIG, deviceFingerprint: { scriptUrl: 'https://x.example/f.js', orgId: 'o' } });
  });

  it('refuses an answer with a field missing or of the wrong kind', () => {
    for (const name of Object.keys(CONFIG)) {
      const { [name as keyof WebApiConfig]: _gone, ...without } = CONFIG;
      expect(bothRead(without), name).toBeNull();
      expect(bothRead({ ...CONFIG, [name]: [] }), name).toBeNull();
    }
    expect(bothRead({ ...CONFIG, institutionName: null })).toBeNull();
    expect(bothRead({ ...CONFIG, mobileApp: { url: '', appStoreUrl: '' } })).toBeNull();
    expect(bothRead(null)).toBeNull();
    expect(bothRead([CONFIG])).toBeNull();
  });

  it('takes the identity provider share as a whole percentage', () => {
    expect(bothRead({ ...CONFIG, idProviderSharePercent: 0 })).not.toBeNull();
    for (const share of [-1, 101, 50.5, '50']) {
      expect(bothRead({ ...CONFIG, idProviderSharePercent: share }), String(share)).toBeNull();
    }
  });
});
