// A call's own, tighter per-minute limit (the joint code lookup's 10 per IP) scaled by
// RATE_LIMIT_ROUTE_FACTOR for the browser suites, which drive every story from one address; production
// refuses any factor but 1.
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import {
  buildTestApp,
  PRODUCTION_TEST_ENV,
  REPO_ROOT,
  TEST_DATABASES,
  type TestApp,
} from './testing/test-app.ts';

describe('the calls’ own rate limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  const lookups = async (env: Record<string, string>, count: number) => {
    const t = await buildTestApp(TEST_DATABASES[0]!, { env, rateLimitMax: 100_000 });
    apps.push(t);
    const codes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/omo/GetApplicationFromJointCode?jointCode=unknown-code-of-the-right-length-000000000',
        remoteAddress: '10.77.0.1',
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('refuses the 11th joint code lookup of a minute from one address', async () => {
    expect((await lookups({}, 11)).at(-1)).toBe(429);
  });

  it('scales it by RATE_LIMIT_ROUTE_FACTOR', async () => {
    expect(await lookups({ RATE_LIMIT_ROUTE_FACTOR: '2' }, 20)).not.toContain(429);
  });

  it('refuses any factor but 1 in production', () => {
    expect(() => parseConfig({ ...PRODUCTION_TEST_ENV, RATE_LIMIT_ROUTE_FACTOR: '100' }, REPO_ROOT)).toThrow(
      /RATE_LIMIT_ROUTE_FACTOR/,
    );
  });
});
