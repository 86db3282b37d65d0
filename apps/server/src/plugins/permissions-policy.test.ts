import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../testing/test-app.ts';
import { POLICY_FEATURES } from './permissions-policy.ts';

/** The Permissions-Policy header as a map of feature → allow list. */
function policyOf(header: unknown): Map<string, string> {
  expect(typeof header, 'Permissions-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(',')
      .map((d) => d.trim().split('=') as [string, string]),
  );
}

describe('Permissions-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/single/getstarted', '/single/address', '/joint/createprofile', '/api/omo/GetApiConfig'])(
    'switches every feature off on %s, the camera included',
    async (url) => {
      const policy = policyOf((await t.app.inject(url)).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture']) {
        expect(policy.get(feature), feature).toBe('()');
      }
      expect([...policy.values()].every((v) => v === '()')).toBe(true);
    },
  );

  it.each([
    '/single/idverifyterms',
    '/joint/idverifyterms',
    '/single/idverifyterms/capture',
    '/joint/IDVerifyTerms/capture?step=front',
    '/handoff?token=abc',
  ])(
    'allows the camera to the site itself on the document-capture page %s, and nothing else',
    async (url) => {
      const policy = policyOf((await t.app.inject(url)).headers['permissions-policy']);
      expect(policy.get('camera')).toBe('(self)');
      for (const [feature, allow] of policy) if (feature !== 'camera') expect(allow, feature).toBe('()');
      expect(policy.size).toBe(POLICY_FEATURES.length);
    },
  );

  it('does not open the camera to look-alike paths', async () => {
    for (const url of [
      '/single/idverifytermsx',
      '/other/idverifyterms',
      '/single/verifyidentification',
      '/handoffx',
    ]) {
      expect(policyOf((await t.app.inject(url)).headers['permissions-policy']).get('camera'), url).toBe('()');
    }
  });
});
