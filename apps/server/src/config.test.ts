import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, CONFIG_VARIABLES, ConfigError, findRepoRoot, parseConfig } from './config.ts';
import { IDENTITY_PARTNER_TEST_ENV } from './testing/test-app.ts';

const ROOT = '/srv/omo';

/** A production start on every real partner that exists, with what production needs stated. */
const PRODUCTION: Record<string, string> = {
  APP_ENV: 'production',
  PROVIDERS: 'real',
  PUBLIC_URL: 'https://apply.omo.example',
  SMTP_URL: 'smtps://mailer:secret@smtp.omo.example:465',
  TRUST_PROXY: '1',
  TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_VERIFY_SERVICE_SID: `VA${'b'.repeat(32)}`,
  CANADA_POST_KEY: 'AA11-AA11-AA11-AA11',
  IRS_API_URL: 'https://api.alloy.co',
  ...IDENTITY_PARTNER_TEST_ENV,
  STAFF_PUBLIC_URL: 'https://staff.omo.example',
  STAFF_OIDC_ISSUER: 'https://login.microsoftonline.com/00000000-0000-4000-8000-000000000000/v2.0',
  STAFF_OIDC_CLIENT_ID: 'omo-back-office',
  STAFF_OIDC_CLIENT_SECRET: 'secret',
};
const DEMONSTRATION = { ALLOW_SANDBOX_IN_PRODUCTION: 'true' };

/** The message of the ConfigError the environment is refused with ('' when it starts). */
function refusal(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env, ROOT);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({}, ROOT);
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      redisUrl: undefined,
      operatorToken: undefined,
      appEnv: 'development',
      isProduction: false,
      databaseUrl: undefined,
      dataDir: path.join(ROOT, '.data'),
      seedDir: path.join(ROOT, 'data'),
      webDist: path.join(ROOT, 'apps/web/dist'),
      logLevel: 'info',
      institutionName: 'omo Credit Union',
      contactPhone: '1-800-555-0199',
      idProviderSharePercent: 100,
      alloyEnabled: true,
      forceIdResult: '',
      buildNumber: 'dev',
      providers: 'sandbox',
      identityProvider: 'sandbox',
      documentVerificationProvider: 'sandbox',
      allowSandboxInProduction: false,
      sessionSecret: undefined,
      hideReferralCode: false,
      deviceFingerprint: { scriptUrl: undefined, orgId: undefined },
    });
  });

  it('reads and converts the variables', () => {
    const config = parseConfig(
      {
        PORT: '8080',
        PUBLIC_URL: 'https://apply.example.ca/',
        ALLOY_ENABLED: 'false',
        ID_PROVIDER_SHARE_PERCENT: '0',
        DATA_DIR: '/var/lib/omo',
        DATABASE_URL: '',
        FORCE_ID_RESULT: 'stepUp',
        DEVICE_FINGERPRINT_SCRIPT_URL: 'https://scripts.alloy.example/sdk.js',
      },
      ROOT,
    );
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://apply.example.ca');
    expect(config.alloyEnabled).toBe(false);
    expect(config.idProviderSharePercent).toBe(0);
    expect(config.dataDir).toBe('/var/lib/omo');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.forceIdResult).toBe('stepUp');
    expect(config.deviceFingerprint.scriptUrl).toBe('https://scripts.alloy.example/sdk.js');
  });

  it.each([
    ['PORT', 'abc'],
    ['APP_ENV', 'staging'],
    ['ID_PROVIDER_SHARE_PERCENT', '101'],
    ['ALLOY_ENABLED', 'maybe'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'short'],
    ['FORCE_ID_RESULT', 'Decline'],
    ['IDENTITY_PROVIDER', 'acme'],
    ['REDIS_URL', 'http://cache.example.ca:6379'],
    ['OPERATOR_TOKEN', 'too-short'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'proxy.example.ca'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, everyone'],
    ['SESSION_WARNING_MINUTES', '0'],
    ['SESSION_WARNING_MINUTES', '60'],
  ])('rejects %s=%s, naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value }, ROOT)).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value }, ROOT)).toThrow(name);
  });

  it('takes the membership share price in dollars and cents, and the credit bureau named on the decline page', () => {
    expect(parseConfig({}, ROOT)).toMatchObject({
      membershipSharePrice: '5.00',
      identityCreditBureau: 'Equifax Canada',
    });
    expect(
      parseConfig({ MEMBERSHIP_SHARE_PRICE: '25.00', IDENTITY_CREDIT_BUREAU: 'TransUnion' }, ROOT),
    ).toMatchObject({
      membershipSharePrice: '25.00',
      identityCreditBureau: 'TransUnion',
    });
    for (const wrong of ['5', '5.0', '-5.00', 'five']) {
      expect(() => parseConfig({ MEMBERSHIP_SHARE_PRICE: wrong }, ROOT)).toThrow(ConfigError);
    }
  });

  it('warns 5 minutes before a 60-minute session ends, and always before it ends', () => {
    const config = parseConfig({}, ROOT);
    expect([config.sessionIdleMinutes, config.sessionWarningMinutes]).toEqual([60, 5]);
    expect(parseConfig({ SESSION_IDLE_MINUTES: '20', SESSION_WARNING_MINUTES: '19' }, ROOT)).toMatchObject({
      sessionIdleMinutes: 20,
      sessionWarningMinutes: 19,
    });
    expect(() => parseConfig({ SESSION_IDLE_MINUTES: '5' }, ROOT)).toThrow(
      'SESSION_WARNING_MINUTES=5 must be less than SESSION_IDLE_MINUTES=5.',
    );
  });

  it('refuses production on sandbox providers unless explicitly allowed', () => {
    expect(() => parseConfig({ ...PRODUCTION, PROVIDERS: 'sandbox' }, ROOT)).toThrow(
      /ALLOW_SANDBOX_IN_PRODUCTION/,
    );
    const config = parseConfig({ ...PRODUCTION, ...DEMONSTRATION, FORCE_ID_RESULT: 'denied' }, ROOT);
    expect(config.isProduction).toBe(true);
    expect(config.forceIdResult).toBe('');
  });

  it('documents exactly the variables it reads', () => {
    expect(CONFIG_DOCS.map((d) => d.name).sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const doc of CONFIG_DOCS) expect(doc.description.length).toBeGreaterThan(10);
  });
});

describe('client address behind proxies (TRUST_PROXY)', () => {
  it('trusts no proxy by default', () => {
    expect(parseConfig({}, ROOT).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }, ROOT).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }, ROOT).trustProxy).toBe(false);
  });
  it('takes a hop count, or addresses and ranges', () => {
    expect(parseConfig({ TRUST_PROXY: '2' }, ROOT).trustProxy).toBe(2);
    expect(
      parseConfig(
        { TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, fd00::/8, loopback, 172.16.0.0/255.240.0.0' },
        ROOT,
      ).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback', '172.16.0.0/255.240.0.0']);
  });
  it('refuses true, which would believe any client', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' }, ROOT)).toThrow(/hop count|addresses/);
  });
});

describe('listening address', () => {
  it('listens on loopback outside production and on every interface in production', () => {
    expect(parseConfig({}, ROOT).host).toBe('localhost');
    expect(parseConfig({ APP_ENV: 'test' }, ROOT).host).toBe('localhost');
    expect(parseConfig({ ...PRODUCTION, ...DEMONSTRATION }, ROOT).host).toBe('0.0.0.0');
  });
  it.each(['development', 'test'])(
    'refuses APP_ENV=%s on a non-loopback HOST unless ALLOW_DEVELOPMENT_ON_NETWORK=true',
    (appEnv) => {
      for (const host of ['0.0.0.0', '::', '192.168.1.20', 'omo.example.ca']) {
        expect(() => parseConfig({ APP_ENV: appEnv, HOST: host }, ROOT), host).toThrow(
          /ALLOW_DEVELOPMENT_ON_NETWORK/,
        );
      }
      for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) {
        expect(parseConfig({ APP_ENV: appEnv, HOST: host }, ROOT).host).toBe(host);
      }
      expect(
        parseConfig({ APP_ENV: appEnv, HOST: '0.0.0.0', ALLOW_DEVELOPMENT_ON_NETWORK: 'true' }, ROOT).host,
      ).toBe('0.0.0.0');
    },
  );
  it('takes the public address from PORT unless PUBLIC_URL is set', () => {
    expect(parseConfig({ PORT: '3291' }, ROOT).publicUrl).toBe('http://localhost:3291');
    expect(parseConfig({ PORT: '3291', PUBLIC_URL: 'https://apply.example.ca' }, ROOT).publicUrl).toBe(
      'https://apply.example.ca',
    );
  });
});

describe('production refuses what is not production', () => {
  it('starts on every real partner only with ALLOW_SANDBOX_IN_PRODUCTION, in-person ID having no real adapter yet', () => {
    const message = refusal(PRODUCTION);
    expect(message).toContain('APP_ENV=production: refusing to start.');
    expect(message).toContain('core banking (CORE_BANKING_PROVIDER)');
    expect(message).toContain('sanctions screening (SCREENING_PROVIDER)');
    expect(message).toContain('in-person ID (post office barcode) (no real adapter yet)');
    expect(message).not.toMatch(/PHONE_VERIFICATION_PROVIDER|ADDRESS_LOOKUP_PROVIDER|IRS_API_URL|ONFIDO/);
    expect(refusal({ ...PRODUCTION, ...DEMONSTRATION })).toBe('');
  });

  it.each([
    ['PHONE_VERIFICATION_PROVIDER', 'sandbox', 'phone verification (PHONE_VERIFICATION_PROVIDER)'],
    ['ADDRESS_LOOKUP_PROVIDER', 'sandbox', 'address lookup (ADDRESS_LOOKUP_PROVIDER)'],
    ['IDENTITY_PROVIDER', 'sandbox', 'identity verification (IDENTITY_PROVIDER)'],
    ['DOCUMENT_VERIFICATION_PROVIDER', 'sandbox', 'document verification (DOCUMENT_VERIFICATION_PROVIDER)'],
    ['CORE_BANKING_PROVIDER', 'sandbox', 'core banking (CORE_BANKING_PROVIDER)'],
    ['SCREENING_PROVIDER', 'sandbox', 'sanctions screening (SCREENING_PROVIDER)'],
    [
      'IRS_API_URL',
      undefined,
      "the identity service's sandbox address (IRS_API_URL=https://sandbox.alloy.co)",
    ],
    ['IRS_API_URL', 'https://sandbox.alloy.co/', 'IRS_API_URL=https://sandbox.alloy.co'],
    ['ONFIDO_API_TOKEN', 'api_sandbox.x', "Onfido's sandbox token"],
  ])('names the sandbox partner %s=%s and refuses it unless allowed', (name, value, named) => {
    const env = { ...PRODUCTION, [name]: value };
    expect(refusal(env)).toContain(named);
    expect(refusal({ ...env, ...DEMONSTRATION })).toBe('');
  });

  it.each([
    ['PUBLIC_URL', 'PUBLIC_URL is unset'],
    ['SMTP_URL', 'SMTP_URL is unset: e-mails and their live links would be kept in clear in the outbox.'],
    ['TRUST_PROXY', 'TRUST_PROXY is unset'],
    [
      'STAFF_OIDC_ISSUER',
      "STAFF_OIDC_ISSUER is unset: staff sign in with the credit union's OpenID provider",
    ],
    ['STAFF_PUBLIC_URL', 'STAFF_PUBLIC_URL is unset'],
  ])('refuses a start without %s, even as a demonstration', (name, message) => {
    expect(refusal({ ...PRODUCTION, ...DEMONSTRATION, [name]: undefined })).toContain(message);
    expect(refusal({ ...PRODUCTION, ...DEMONSTRATION, [name]: '' })).toContain(message);
  });

  it('takes TRUST_PROXY=false as stated: clients connect directly', () => {
    expect(parseConfig({ ...PRODUCTION, ...DEMONSTRATION, TRUST_PROXY: 'false' }, ROOT).trustProxy).toBe(
      false,
    );
  });

  it('lists every problem at once', () => {
    const message = refusal({ APP_ENV: 'production' });
    for (const part of ['sandbox partners', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY']) {
      expect(message).toContain(part);
    }
  });
});

describe('README configuration table', () => {
  it('documents every variable of CONFIG_DOCS with its default', () => {
    const readme = readFileSync(path.join(findRepoRoot(), 'README.md'), 'utf8');
    for (const doc of CONFIG_DOCS) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${doc.name}\``));
      expect(row, doc.name).toBeDefined();
      if (!doc.default.startsWith('(')) expect(row, doc.name).toContain(`\`${doc.default}\``);
    }
  });
});

describe('the back office settings', () => {
  it('sets the back office on PORT + 1 by default, and its three OpenID settings together', () => {
    expect(parseConfig({ PORT: '3200' }, ROOT).staff).toEqual({
      port: 3201,
      publicUrl: 'http://localhost:3201',
      oidc: undefined,
      rolesClaim: 'roles',
    });
    expect(() => parseConfig({ STAFF_OIDC_ISSUER: 'https://login.omo.example' }, ROOT)).toThrow(
      /STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET are set together/,
    );
  });
});
