// Several server processes behind a load balancer: two instances of the app on one PostgreSQL database and
// one Redis share the API rate limits (REDIS_URL), and a draft saved through one continues through the other.
// PostgreSQL and Redis run beside the product (CI starts both); DATABASE_URL and REDIS_URL name them, else
// their local default addresses are used.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_ANSWERS, TestApplicant } from './testing/applicant.ts';
import {
  buildTestApp,
  createTestSchema,
  dropTestSchema,
  TEST_REDIS_URL,
  type TestApp,
  type TestDatabase,
} from './testing/test-app.ts';

const postgres: TestDatabase = {
  name: 'postgres',
  databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};
const REDIS_URL = TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 10;

/** Two instances on one fresh schema; with `redis`, sharing one rate-limit namespace in it. */
async function twoInstances(redis: boolean): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const schema = await createTestSchema(postgres.databaseUrl);
  const namespace = `omo-test-${randomBytes(6).toString('hex')}-`;
  const options = {
    env: { REDIS_URL: redis ? REDIS_URL : '' },
    databaseSchema: schema,
    rateLimitNamespace: namespace,
    rateLimitMax: LIMIT,
  };
  const a = await buildTestApp(postgres, options);
  const b = await buildTestApp(postgres, options);
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await dropTestSchema(postgres.databaseUrl, schema);
    },
  };
}

/** Statuses of GetApiConfig calls from one client, alternating between the instances. */
async function alternate(apps: TestApp[], count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await apps[i % apps.length]!.app.inject({
      url: '/api/omo/GetApiConfig',
      remoteAddress: '192.0.2.10',
    });
    out.push(res.statusCode);
  }
  return out;
}

describe('two instances with REDIS_URL', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances(true);
  });
  afterAll(async () => {
    await pair.close();
  });

  it('hold one rate limit across both instances', async () => {
    const got = await alternate([pair.a, pair.b], LIMIT + 4);
    expect(got).toEqual([...Array<number>(LIMIT).fill(200), 429, 429, 429, 429]);
  });

  it('continue a draft saved through one instance through the other', async () => {
    const applicant = new TestApplicant(pair.a.app);
    await applicant.start();
    applicant.app = pair.b.app;
    const saved = await applicant.call('PUT', '/api/omo/Application/PersonalInfo', applicant.personalInfo());
    expect(saved.statusCode, saved.body).toBe(200);
    applicant.app = pair.a.app;
    const view = await applicant.call('GET', '/api/omo/Application');
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      appRefNo: applicant.appRefNo,
      personalInfo: {
        firstName: APPLICANT_ANSWERS.personalInfo.firstName,
        phoneNumber: applicant.phoneNumber,
      },
      nextPath: '/single/phoneverification',
    });
  });
});

describe('two instances without REDIS_URL', () => {
  it('count in each process’s memory: each instance allows the limit on its own', async () => {
    const pair = await twoInstances(false);
    try {
      const got = await alternate([pair.a, pair.b], 2 * LIMIT + 2);
      expect(got.slice(0, 2 * LIMIT).every((s) => s === 200)).toBe(true);
      expect(got.slice(2 * LIMIT)).toEqual([429, 429]);
    } finally {
      await pair.close();
    }
  });
});
