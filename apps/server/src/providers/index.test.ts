import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import {
  buildTestApp,
  IDENTITY_PARTNER_TEST_ENV,
  TEST_DATABASES,
  testConfig,
  type TestApp,
} from '../testing/test-app.ts';
import { startFakeCanadaPost, type FakeCanadaPost } from './address-lookup/canada-post.fake.ts';
import { createDocumentCipher } from '../lib/crypto.ts';
import { createProviders } from './index.ts';
import { startFakeTwilio, type FakeTwilio } from './phone-verification/twilio.fake.ts';

const database = TEST_DATABASES[0]!;
const TWILIO = {
  accountSid: `AC${'a'.repeat(32)}`,
  authToken: 'token-123',
  serviceSid: `VA${'b'.repeat(32)}`,
};
const CP_KEY = 'AA11-AA11-AA11-AA11';
const cipher = { documents: createDocumentCipher(Buffer.alloc(32, 7)), sandboxSecret: Buffer.alloc(32, 8) };

describe('providers factory', () => {
  it('chooses the sandboxes by default and the real adapters for PROVIDERS=real', () => {
    expect(testConfig(database)).toMatchObject({
      phoneVerificationProvider: 'sandbox',
      addressLookupProvider: 'sandbox',
    });
    expect(testConfig(database, { PROVIDERS: 'real' })).toMatchObject({
      phoneVerificationProvider: 'twilio',
      addressLookupProvider: 'canadapost',
      identityProvider: 'alloy',
      documentVerificationProvider: 'onfido',
    });
    expect(
      testConfig(database, { PROVIDERS: 'real', ADDRESS_LOOKUP_PROVIDER: 'sandbox' }).addressLookupProvider,
    ).toBe('sandbox');
  });

  it('refuses to build a real provider without its credentials', () => {
    const db = {} as never;
    const outbox = { create: async () => undefined };
    expect(() =>
      createProviders(testConfig(database, { PHONE_VERIFICATION_PROVIDER: 'twilio' }), db, cipher, outbox),
    ).toThrow(ConfigError);
    expect(() =>
      createProviders(testConfig(database, { PHONE_VERIFICATION_PROVIDER: 'twilio' }), db, cipher, outbox),
    ).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_VERIFY_SERVICE_SID/);
    expect(() =>
      createProviders(testConfig(database, { ADDRESS_LOOKUP_PROVIDER: 'canadapost' }), db, cipher, outbox),
    ).toThrow(/CANADA_POST_KEY/);
    expect(() =>
      createProviders(testConfig(database, { IDENTITY_PROVIDER: 'alloy' }), db, cipher, outbox),
    ).toThrow(/IRS_REQUEST_KEY, ALLOY_WORKFLOW_TOKEN, ALLOY_WORKFLOW_SECRET/);
    expect(() =>
      createProviders(testConfig(database, { DOCUMENT_VERIFICATION_PROVIDER: 'onfido' }), db, cipher, outbox),
    ).toThrow(/ONFIDO_API_TOKEN, ONFIDO_WORKFLOW_ID, ONFIDO_WEBHOOK_TOKEN/);
    expect(() =>
      createProviders(testConfig(database, { CORE_BANKING_PROVIDER: 'fineract' }), db, cipher, outbox),
    ).toThrow(/FINERACT_URL, FINERACT_USERNAME, FINERACT_PASSWORD/);
    expect(() =>
      createProviders(testConfig(database, { SCREENING_PROVIDER: 'opensanctions' }), db, cipher, outbox),
    ).toThrow(/OPENSANCTIONS_API_KEY/);
    const providers = createProviders(
      testConfig(database, {
        PROVIDERS: 'real',
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.authToken,
        TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
        CANADA_POST_KEY: CP_KEY,
        ...IDENTITY_PARTNER_TEST_ENV,
        CORE_BANKING_PROVIDER: 'fineract',
        FINERACT_URL: 'https://fineract.example',
        FINERACT_USERNAME: 'omo',
        FINERACT_PASSWORD: 'secret',
        SCREENING_PROVIDER: 'opensanctions',
        OPENSANCTIONS_API_KEY: 'key',
      }),
      db,
      cipher,
      outbox,
    );
    expect([
      providers.phoneVerification.name,
      providers.addressLookup.name,
      providers.identity.name,
      providers.documents.name,
      providers.banking.name,
      providers.screening.name,
    ]).toEqual(['twilio', 'canadapost', 'alloy', 'onfido', 'fineract', 'opensanctions']);
  });
});

describe('the API on the real adapters (against the local fakes)', () => {
  let twilio: FakeTwilio;
  let canadaPost: FakeCanadaPost;
  beforeAll(async () => {
    twilio = await startFakeTwilio(TWILIO);
    canadaPost = await startFakeCanadaPost(CP_KEY);
  });
  afterAll(async () => {
    await twilio.close();
    await canadaPost.close();
  });

  /** The app on the fakes of Twilio and Canada Post (which knows `canadaPostKey`), the identity sandboxed. */
  const appOnTwilioAndCanadaPost = (canadaPostKey: string) =>
    buildTestApp(database, {
      env: {
        PROVIDERS: 'real',
        TWILIO_BASE_URL: twilio.baseUrl,
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.authToken,
        TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
        CANADA_POST_BASE_URL: canadaPost.baseUrl,
        CANADA_POST_KEY: canadaPostKey,
        IDENTITY_PROVIDER: 'sandbox',
        DOCUMENT_VERIFICATION_PROVIDER: 'sandbox',
      },
    });

  /** Starts an application for `email`: its session cookie. */
  async function startApplication(t: TestApp, email: string): Promise<string> {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: { email, password: 'Abcdef12', consent: true, productIds: ['2001'] },
    });
    return `omo_session=${init.cookies.find((c) => c.name === 'omo_session')!.value}`;
  }

  it('verifies a phone through Twilio and looks addresses up through Canada Post without exposing the key', async () => {
    const t = await appOnTwilioAndCanadaPost(CP_KEY);
    try {
      const cookie = await startApplication(t, 'r@example.com');
      const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      await call('PUT', '/api/omo/Application/PersonalInfo', {
        firstName: 'Real',
        lastName: 'Doe',
        dob_month: '03',
        dob_day: '7',
        dob_year: '1990',
        phoneNumber: '(613) 555-0142',
        phoneType: 'mobile',
        hasJointApp: 'no',
      });
      const started = await call('POST', '/api/omo/PhoneVerification/Start', {
        channel: 'sms',
        language: 'fr',
      });
      expect(started.json()).toMatchObject({ phone: { status: 'pending' } });
      expect(twilio.requests.at(-1)?.form).toEqual({ To: '+16135550142', Channel: 'sms', Locale: 'fr' });
      const code = twilio.codeFor('+16135550142')!;
      const checked = await call('POST', '/api/omo/PhoneVerification/Check', { code });
      expect(checked.json()).toMatchObject({ phone: { status: 'approved', verified: true } });
      expect(twilio.requests.at(-1)?.form).toMatchObject({
        Code: code,
        VerificationSid: expect.stringMatching(/^VE/),
      });
      // A used code: the application answers notFound without asking Twilio again.
      expect((await call('POST', '/api/omo/PhoneVerification/Check', { code })).json()).toMatchObject({
        error: 'notFound',
      });

      const found = await t.app.inject(
        '/api/omo/AddressLookup/Find?SearchTerm=290%20Bremner&LanguagePreference=en',
      );
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({
        Items: [{ Id: 'CA|CP|B|0000290', Next: 'Find' }, { Next: 'Retrieve' }],
      });
      expect(found.body).not.toContain(CP_KEY);
      expect(canadaPost.requests.at(-1)?.query).toMatchObject({ Key: CP_KEY, Country: 'CAN' });
      const retrieved = await t.app.inject('/api/omo/AddressLookup/Retrieve?Id=CA%7CCP%7CENG%7C0000111');
      expect(retrieved.json()).toMatchObject({ Items: [{ City: 'Ottawa', PostalCode: 'K1A 0A9' }] });
    } finally {
      await t.close();
    }
  });

  it('a Twilio send failure counts as a send failure; a Canada Post key error is a 503 for the browser', async () => {
    const t = await appOnTwilioAndCanadaPost('XX99-XX99-XX99-XX99');
    try {
      const cookie = await startApplication(t, 'f@example.com');
      await t.app.inject({
        method: 'PUT',
        url: '/api/omo/Application/PersonalInfo',
        headers: { cookie },
        payload: {
          firstName: 'Fail',
          lastName: 'Doe',
          dob_month: '03',
          dob_day: '7',
          dob_year: '1990',
          phoneNumber: '(613) 555-0143',
          phoneType: 'home',
          hasJointApp: 'no',
        },
      });
      twilio.failNext(403, 60205, 'SMS is not supported by landline phone number');
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/omo/PhoneVerification/Start',
        headers: { cookie },
        payload: { channel: 'sms' },
      });
      expect(started.json()).toMatchObject({ phone: { status: 'failed', sendFailCounter: 1 } });

      const found = await t.app.inject('/api/omo/AddressLookup/Find?SearchTerm=290');
      expect(found.statusCode).toBe(503);
      expect(found.body).not.toContain('XX99');
    } finally {
      await t.close();
    }
  });
});
