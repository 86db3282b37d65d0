// Text PostgreSQL cannot store (a NUL, an unpaired surrogate) is refused by the domain schemas with a field
// message, never a 500; a database error that still happens is logged without its query, its parameters or
// its message, and an invalid-text one answers 400.
import { EXAMPLE_MAILING_PARTS } from '@omo/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_ANSWERS, TestApplicant } from './testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from './testing/test-app.ts';

const UNSTORABLE = { nul: 'Ab\u0000c', loneHigh: 'Ab\uD800c', loneLow: '\uDC00Abc' };
const FIELD_MESSAGE = {
  key: 'text.unsupportedCharacters',
  message: 'Remove the characters that cannot be accepted',
};
const SECRET = 'secret.person@example.com';

interface Problem {
  status: number;
  detail: string;
  errors?: { path: string; key?: string; message: string }[];
}

/** The address body with the mailing address entered by hand, so that every address field is read. */
const mailingByHand = {
  ...APPLICANT_ANSWERS.address,
  isMailingAddressSame: false,
  isManualMailingAddress: true,
  ...EXAMPLE_MAILING_PARTS,
};
const bySearch = {
  isManualAddress: false,
  autoAddress: '290 Bremner Blvd, Toronto, ON',
  autoAddressSelectedId: 'A1',
  isMailingAddressSame: false,
  isManualMailingAddress: false,
  autoMailAddress: '111 Wellington St, Ottawa, ON',
  autoMailAddressSelectedId: 'A2',
};

describe.each(TEST_DATABASES)('unstorable text on $name', (database) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: { LOG_LEVEL: 'trace' },
      rateLimitMax: 100_000,
      logLines: lines,
      extend(app) {
        // Database errors as a module could meet them, with personal data in the parameters.
        app.post('/api/test/store-nul', async () => {
          await sql`select ${`${SECRET}\u0000`}::text as x`.execute(app.db);
          return {};
        });
        app.post('/api/test/store-json', async () => {
          await sql`select ${JSON.stringify({ email: SECRET, city: 'x\uD800' })}::jsonb as x`.execute(app.db);
          return {};
        });
        app.post('/api/test/fail', async () => {
          await sql`select case when ${SECRET} <> '' then 1 / 0 end as x`.execute(app.db);
          return {};
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(Object.entries(UNSTORABLE))(
    'InitializeApplication refuses a promo or referral code holding %s with a field message',
    async (_name, bad) => {
      for (const [field, value] of [
        ['promoCode', bad],
        ['referralCode', `RF${bad}`],
      ] as const) {
        const applicant = new TestApplicant(t.app);
        const res = await applicant.call('POST', '/api/omo/InitializeApplication', {
          ...applicant.initializeBody(),
          [field]: value,
        });
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json<Problem>().errors).toContainEqual({ path: field, ...FIELD_MESSAGE });
      }
    },
  );

  it.each(Object.entries(UNSTORABLE))(
    'Address refuses every address field and autocomplete id holding %s with a field message',
    async (_name, bad) => {
      const applicant = await new TestApplicant(t.app).progress('phone');
      const cases: [Record<string, unknown>, string][] = [
        ...Object.keys(mailingByHand)
          .filter((k) => typeof mailingByHand[k as keyof typeof mailingByHand] === 'string')
          .map((k): [Record<string, unknown>, string] => [mailingByHand, k]),
        ...['autoAddress', 'autoAddressSelectedId', 'autoMailAddress', 'autoMailAddressSelectedId'].map(
          (k): [Record<string, unknown>, string] => [bySearch, k],
        ),
        [mailingByHand, 'unitNumber'],
        [mailingByHand, 'maUnitNumber'],
      ];
      expect(cases.length).toBeGreaterThanOrEqual(18);
      for (const [body, field] of cases) {
        const res = await applicant.call('PUT', '/api/omo/Application/Address', { ...body, [field]: bad });
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json<Problem>().errors, field).toContainEqual({ path: field, ...FIELD_MESSAGE });
      }
      // The same bodies without the bad character are stored.
      expect((await applicant.call('PUT', '/api/omo/Application/Address', mailingByHand)).statusCode).toBe(
        200,
      );
    },
  );

  it('answers 400, not 500, when invalid text still reaches the database', async () => {
    for (const url of ['/api/test/store-nul', '/api/test/store-json']) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<Problem>().detail).toBe('The request holds characters that cannot be stored.');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/test/fail' })).statusCode).toBe(500);
  });

  it('never logs a database error’s query, parameters or message, nor the applicants’ data', async () => {
    const output = lines.join('');
    expect(output).toContain('database error 22021');
    expect(output).toContain('database error 22012');
    for (const leak of [SECRET, 'select ', '$argon2', '@example.com', 'Bremner', 'Wellington', 'K1A 0A9']) {
      expect(output, leak).not.toContain(leak);
    }
  });
});
