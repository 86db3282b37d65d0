// No input produces a 500: every route of the OpenAPI document, with and without a session, answers
// arbitrary bodies, query strings and content types with a 2xx or a 4xx problem-details answer.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from './testing/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';

const anyBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'sin',
      'code',
      'channel',
      'phoneNumber',
      'productIds',
      'skip',
      'home',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);
const anyQuery = fc.dictionary(
  fc.constantFrom('prodCodes', 'SearchTerm', 'LastId', 'Id', 'LanguagePreference', 'MaxSuggestions', 'x'),
  fc.string({ maxLength: 40 }),
);
const anyContentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded');

describe('robustness on PGlite', () => {
  let t: TestApp;
  let routes: [string, Method][];
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, { rateLimitMax: 1_000_000 });
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => [path, m.toUpperCase() as Method] as [string, Method]),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: {
        email: 'robust@example.com',
        password: 'Passw0rd1',
        consent: false,
        productIds: ['2002'],
        sweepEnabled: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    cookie = String(res.headers['set-cookie']).split(';')[0]!;
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers every route with a 2xx or a problem-details 4xx, never a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(15);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        anyBody,
        anyQuery,
        anyContentType,
        fc.boolean(),
        async ([path, method], body, query, contentType, withSession) => {
          const res = await t.app.inject({
            method,
            url: path,
            query,
            headers: { 'content-type': contentType, ...(withSession ? { cookie } : {}) },
            ...(method === 'GET' ? {} : { payload: JSON.stringify(body) }),
          });
          expect(res.statusCode, `${method} ${path} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);
});
