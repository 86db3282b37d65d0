import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, CONFIG_VARIABLES, ConfigError, findRepoRoot, parseConfig } from './config.ts';

const ROOT = '/srv/omo';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({}, ROOT);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
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
  ])('rejects %s=%s, naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value }, ROOT)).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value }, ROOT)).toThrow(name);
  });

  it('refuses production on sandbox providers unless explicitly allowed', () => {
    expect(() => parseConfig({ APP_ENV: 'production' }, ROOT)).toThrow(/ALLOW_SANDBOX_IN_PRODUCTION/);
    const config = parseConfig(
      { APP_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true', FORCE_ID_RESULT: 'denied' },
      ROOT,
    );
    expect(config.isProduction).toBe(true);
    expect(config.forceIdResult).toBe('');
    expect(parseConfig({ APP_ENV: 'production', PROVIDERS: 'real' }, ROOT).isProduction).toBe(true);
  });

  it('documents exactly the variables it reads', () => {
    expect(CONFIG_DOCS.map((d) => d.name).sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const doc of CONFIG_DOCS) expect(doc.description.length).toBeGreaterThan(10);
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
