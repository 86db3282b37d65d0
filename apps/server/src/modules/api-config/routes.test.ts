import { readWebApiConfig } from '@omo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

describe('GetApiConfig', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, {
      env: {
        ALLOY_ENABLED: 'false',
        FORCE_ID_RESULT: 'stepUp',
        IRS_REQUEST_KEY: 'J-secret-journey-token',
        DEVICE_FINGERPRINT_SCRIPT_URL: 'https://scripts.alloy.example/sdk.js',
        DEVICE_FINGERPRINT_ORG_ID: 'org-1',
        CONTACT_PHONE: '1-888-555-0100',
        ID_PROVIDER_SHARE_PERCENT: '25',
        BUILD_NUMBER: '42',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the spec's configuration object plus what the web app shows", async () => {
    const res = await t.app.inject('/api/omo/GetApiConfig');
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(readWebApiConfig(body)).toEqual(body);
    expect(body).toEqual({
      alloyEnabled: false,
      forceIdResult: 'stepUp',
      irsApiUrl: 'https://sandbox.alloy.co',
      irsRequestKey: 'configured',
      institutionName: 'omo Credit Union',
      contactPhone: '1-888-555-0100',
      onlineBankingUrl: 'https://online.omo.example',
      eTransferEmail: 'deposits@omo.example',
      publicWebsiteUrl: 'https://www.omo.example',
      mobileApp: {
        url: 'https://www.omo.example/app',
        appStoreUrl: 'https://www.omo.example/app/ios',
        googlePlayUrl: 'https://www.omo.example/app/android',
      },
      idProviderSharePercent: 25,
      isProduction: false,
      buildNumber: '42',
      hideReferralCode: false,
      membershipSharePrice: '5.00',
      deviceFingerprint: { scriptUrl: 'https://scripts.alloy.example/sdk.js', orgId: 'org-1' },
    });
    // The identity service's request key stays on the server.
    expect(res.body).not.toContain('J-secret-journey-token');
  });

  it('allows the device-fingerprint script, and only it, in the Content-Security-Policy', async () => {
    const csp = String((await t.app.inject('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://scripts.alloy.example");
    const plain = await buildTestApp(TEST_DATABASES[0]!);
    try {
      const header = String((await plain.app.inject('/')).headers['content-security-policy']);
      expect(header).toContain("script-src 'self';");
    } finally {
      await plain.close();
    }
  });
});
