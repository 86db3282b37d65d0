import { apiConfigSchema } from '@omo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

describe('GetApiConfig', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, {
      env: {
        ALLOY_ENABLED: 'false',
        FORCE_ID_RESULT: 'Review',
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
    expect(apiConfigSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      alloyEnabled: false,
      forceIdResult: 'Review',
      irsApiUrl: 'https://irs.sandbox.omo.example',
      irsRequestKey: 'sandbox-request-key',
      institutionName: 'omo Credit Union',
      contactPhone: '1-888-555-0100',
      onlineBankingUrl: 'https://online.omo.example',
      publicWebsiteUrl: 'https://www.omo.example',
      idProviderSharePercent: 25,
      isProduction: false,
      buildNumber: '42',
    });
  });
});
