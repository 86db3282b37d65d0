// Hostile values for every documented body and query property of every operation of the OpenAPI document:
// each request is a valid one with one property replaced by a NUL, an unpaired surrogate, a 300 KB string,
// a huge or negative number, an array where a scalar is expected, a __proto__ key, markup... sent by an
// applicant who has reached every step, so the values get past the flow's checks to validation and storage.
// No answer is a 5xx, the server keeps running, and no log line holds an e-mail, a password or its hash,
// a verification code, a SIN or an address.
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitedCoApplicant,
  linkCodeMailedTo,
  APPLICANT_ANSWERS,
  TestApplicant,
  validLegalTerms,
  type ApplicantStep,
  type TestApplicantOptions,
} from './testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from './testing/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';

interface Operation {
  method: Method;
  path: string;
  body: string[];
  query: string[];
}

interface JsonSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface OpenApiOperation {
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
  parameters?: { in: string; name: string }[];
}

/** Property names of a JSON schema, its alternatives' included. */
function propertiesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [...new Set([...Object.keys(schema.properties ?? {}), ...alternatives.flatMap(propertiesOf)])];
}

/** Every operation of the OpenAPI document with its documented body and query properties. */
async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject('/api/docs/json')).json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
  }>();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      body: propertiesOf(op.requestBody?.content?.['application/json']?.schema),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/** The address with a mailing address entered by hand, so that every address property is read. */
const FULL_ADDRESS = {
  ...APPLICANT_ANSWERS.address,
  autoAddress: '290 Bremner Blvd, Toronto, ON',
  autoAddressSelectedId: 'A1',
  unitNumber: '',
  isMailingAddressSame: false,
  isManualMailingAddress: true,
  autoMailAddress: '111 Wellington St, Ottawa, ON',
  autoMailAddressSelectedId: 'A2',
  maStreetNumber: '111',
  maUnitNumber: '',
  maStreetName: 'Wellington St',
  maCityName: 'Ottawa',
  maProvinceName: 'ON',
  maPostalCode: 'K1A 0A9',
  maCountry: 'CA',
};

interface ValidRequest {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** The last step the applicant has completed before the call (default: every step). */
  after?: ApplicantStep | 'start';
  /** Calls that make the applicant ready for this one. */
  prepare?: (a: TestApplicant) => Promise<unknown>;
  /** Who the applicant is (the last name picks the sandbox persona). */
  applicant?: TestApplicantOptions;
}

/** A valid request of each operation that has documented properties: the sweep varies one at a time. */
const VALID: Record<string, (a: TestApplicant) => ValidRequest> = {
  'GET /api/omo/GetProduct': () => ({ query: { prodCodes: '2001;2003' } }),
  'POST /api/omo/GetBranchLocations': () => ({ body: { latitude: 43.64, longitude: -79.38 } }),
  'POST /api/omo/InitializeApplication': (a) => ({
    body: { ...a.initializeBody(), promoCode: 'SPRING', referralCode: 'RF12345' },
  }),
  'PUT /api/omo/Application/PersonalInfo': (a) => ({
    body: { ...a.personalInfo(), middleName: 'Byron', hasSweep: 'no' },
  }),
  'PUT /api/omo/Application/Phone': (a) => ({ body: { phoneNumber: a.phoneNumber } }),
  'PUT /api/omo/Application/Address': () => ({ body: FULL_ADDRESS }),
  'PUT /api/omo/Application/Products': () => ({ body: { ...APPLICANT_ANSWERS.products } }),
  'PUT /api/omo/Application/Sin': () => ({ body: { sin: APPLICANT_ANSWERS.sin } }),
  'PUT /api/omo/Application/LegalTerms': () => ({ body: { ...validLegalTerms }, after: 'accountUsage' }),
  'PUT /api/omo/Application/ReviewConsent': () => ({ body: { consent: true }, after: 'legalTerms' }),
  'PUT /api/omo/Application/Step/identityconsent': () => ({ body: { consent: true } }),
  'POST /api/omo/JointInvitation/Resend': () => {
    // A primary whose co-applicant has not started yet: the invitation may be sent again.
    const coApplicant = { firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@example.com` };
    return {
      body: { email: coApplicant.email },
      after: 'reviewConsent',
      applicant: { coApplicant },
      prepare: async (a) => {
        await a.submit();
      },
    };
  },
  'PUT /api/omo/Application/Codes': () => ({ body: { promoCode: 'SPRING', referralCode: 'RF12345' } }),
  'GET /api/omo/MembershipTerms': () => ({ query: { lang: 'fr' } }),
  'POST /api/omo/CanadaPostCreate': () => {
    // The applicant's own id, known once the submit answers it (the Fallback persona: ID in person).
    const query = { applicantId: '' };
    return {
      query,
      after: 'reviewConsent',
      applicant: { lastName: 'Fallback' },
      prepare: async (a) => {
        query.applicantId = (await a.submit()).json<{ applicantId: string }>().applicantId;
      },
    };
  },
  'POST /api/omo/SaveApplication': () => ({
    body: { termsAccepted: true, fhsaDeclaration: false, language: 'fr' },
    after: 'reviewConsent',
  }),
  'POST /api/omo/SaveJointApplication': () => ({
    body: { termsAccepted: true, fhsaDeclaration: false, language: 'en' },
    after: 'reviewConsent',
    applicant: { flow: 'joint' },
  }),
  'POST /api/omo/GetApplicationFromJointCode': () => {
    const query = { jointCode: '' };
    return {
      query,
      prepare: async (a) => {
        query.jointCode = (await invitedCoApplicant(a.app)).coApplicant.jointCode ?? '';
      },
    };
  },
  'POST /api/omo/JointEmailCode': () => {
    const query = { jointCode: '' };
    return {
      query,
      prepare: async (a) => {
        query.jointCode = (await invitedCoApplicant(a.app)).coApplicant.jointCode ?? '';
      },
    };
  },
  'POST /api/omo/ApplyAsSingle': () => {
    const query = { code: '', type: 'primary' };
    return {
      query,
      body: { password: APPLICANT_ANSWERS.password },
      // An invitation ended (the clock moved past its 7 days and back) and swept: the primary's link.
      prepare: async (a) => {
        const { primary } = await invitedCoApplicant(a.app);
        const clock = (offsetHours: number) =>
          a.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetHours } });
        await clock(7 * 24 + 1);
        await a.app.inject({ method: 'POST', url: '/api/dev/joint/sweep' });
        await clock(0);
        query.code = await linkCodeMailedTo(a.app, primary.email, /applyassingle\?code=([A-Za-z0-9_-]+)/);
      },
    };
  },
  'POST /api/omo/resume/RequestLink': (a) => ({ body: { email: a.email, language: 'fr' } }),
  'POST /api/omo/resume/OpenLink': () => {
    const body = { token: '' };
    return { body, prepare: async (a) => (body.token = await resumeLinkOf(a)) };
  },
  'POST /api/omo/resume/VerifyCode': () => {
    // The right code of an opened link: the sweep's valid request comes back at the step where they left.
    const body = { token: '', code: '' };
    return {
      body,
      prepare: async (a) => {
        body.token = await resumeLinkOf(a);
        const to = `+1${a.phoneNumber.replace(/\D/g, '')}`;
        const sent = (await a.app.inject('/api/dev/outbox'))
          .json<{ to: string }[]>()
          .filter((m) => m.to === to);
        await a.call('POST', '/api/omo/resume/OpenLink', { token: body.token });
        for (let i = 0; i < 100 && !body.code; i += 1) {
          const sms = (await a.app.inject('/api/dev/outbox'))
            .json<{ to: string; body: string }[]>()
            .filter((m) => m.to === to);
          if (sms.length > sent.length) body.code = /\b(\d{6})\b/.exec(sms[0]!.body)?.[1] ?? '';
        }
      },
    };
  },
  'POST /api/omo/resume/Unsubscribe': () => ({ body: { token: 'an-unknown-token' } }),
  'POST /api/omo/HandOff/Open': () => handOffLinkRequest(),
  'POST /api/omo/HandOff/Renew': () => handOffLinkRequest(),
  'POST /api/dev/clock': () => ({ body: { offsetHours: 0 } }),
  'POST /api/omo/FunnelView': () => ({ body: { stepId: 'address', device: 'phone' }, after: 'personalInfo' }),
  'POST /api/omo/AnswerStaffQuestion': () => ({
    body: { answer: 'A recent bill is on its way.' },
    after: 'reviewConsent',
    applicant: { lastName: 'Fallback' },
    // Submitted, and asked a question by staff (the question stands over the decision).
    prepare: async (a) => {
      const { applicationId } = (await a.submit()).json<{ applicationId: string }>();
      const asked = { asked: { message: 'Send a recent bill', askedAt: new Date().toISOString() } };
      await (a.app as FastifyInstance).db
        .updateTable('applications')
        .set({ decision: sql`decision || ${JSON.stringify(asked)}::jsonb` })
        .where('id', '=', applicationId)
        .execute();
    },
  }),
  'POST /api/omo/BlocklistCheck': (a) => ({
    body: { firstName: 'Ada', lastName: a.lastName, birthDate: '1980-05-10' },
    after: 'personalInfo',
  }),
  'POST /api/omo/DocumentVerification/Start': () => ({
    body: { consent: true },
    after: 'accountUsage',
    applicant: { lastName: 'Review' },
  }),
  'POST /api/omo/PhoneVerification/Start': () => ({
    body: { channel: 'sms', language: 'fr' },
    after: 'personalInfo',
  }),
  'POST /api/omo/PhoneVerification/Check': () => ({
    body: { code: '000000' },
    after: 'personalInfo',
    prepare: (a) => a.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' }),
  }),
  'GET /api/omo/AddressLookup/Find': () => ({
    query: { SearchTerm: '290 Bremner', LastId: '', LanguagePreference: 'en', MaxSuggestions: '7' },
  }),
  'GET /api/omo/AddressLookup/Retrieve': () => ({ query: { Id: 'CA|CP|ENG|A1', LanguagePreference: 'fr' } }),
};

/** The body with the link the desktop texted to the phone, on the photo step. */
function handOffLinkRequest() {
  const body = { token: '' };
  return {
    body,
    after: 'accountUsage' as const,
    applicant: { lastName: 'Review' },
    prepare: async (a: TestApplicant) => {
      await a.call('POST', '/api/omo/DocumentVerification/Start', { consent: true });
      await a.call('POST', '/api/omo/DocumentVerification/HandOff');
      const to = `+1${a.phoneNumber.replace(/\D/g, '')}`;
      const sms = (await a.app.inject('/api/dev/outbox'))
        .json<{ to: string; body: string }[]>()
        .find((m) => m.to === to && /\/handoff\?token=/.test(m.body));
      body.token = /\/handoff\?token=([A-Za-z0-9_-]+)/.exec(sms?.body ?? '')?.[1] ?? '';
    },
  };
}

/** The resume link the applicant asks for and is e-mailed (its token). */
async function resumeLinkOf(a: TestApplicant): Promise<string> {
  await a.call('POST', '/api/omo/resume/RequestLink', {});
  return linkCodeMailedTo(a.app, a.email, /resume\/open\?token=([A-Za-z0-9_-]+)/);
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------------------

const KB300 = 300 * 1024;
const protoObject = (): unknown =>
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}');

/** Strings every property gets, whatever the random draw. */
const MUST_STRINGS = [
  '\u0000',
  'Ada\u0000Lovelace',
  '\uD800',
  'Ada\uDC00',
  '\uDBFF\uDBFF',
  'A'.repeat(KB300),
  `${'é'.repeat(KB300 / 2 - 2)}\u0000`,
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; drop table applications; --",
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '\u202Egnp.exe',
  '\uFEFF',
  '   ',
  '',
];
/** Values of other kinds every body property gets. */
const MUST_OTHERS: unknown[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  -0.5,
  0,
  true,
  null,
  ['2003', '2003'],
  ['\u0000'],
  [[[]]],
  {},
  protoObject(),
];

/** Random text with a NUL or an unpaired surrogate dropped in somewhere. */
const brokenText = fc
  .tuple(fc.string({ maxLength: 30 }), fc.constantFrom('\u0000', '\uD83D', '\uDE00', '\uDBFF'), fc.nat())
  .map(([s, bad, at]) => s.slice(0, at % (s.length + 1)) + bad + s.slice(at % (s.length + 1)));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...MUST_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  brokenText,
  fc.constantFrom('1e400', '-1', '-99999999999999999999', '9'.repeat(400), 'NaN', 'Infinity', '0x10', ' 7 '),
);

const hostileBodyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.double(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(...MUST_OTHERS),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

const hostileQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  hostileString,
  fc.array(hostileString, { minLength: 2, maxLength: 3 }),
);

/** The JSON text of a body: a __proto__ key, when given, is written as an own key. */
function jsonText(body: Record<string, unknown>): string {
  return JSON.stringify(body);
}

// ---------------------------------------------------------------------------------------------------------

let ipSerial = 0;
/** A client address per request, so the per-IP limits do not end the sweep early. */
const nextIp = () => {
  ipSerial += 1;
  return `172.${16 + ((ipSerial >> 16) % 16)}.${(ipSerial >> 8) % 256}.${ipSerial % 256}`;
};

/** Log lines as JSON without the fields that are numbers by nature (time, pid, durations). */
function logText(lines: string[]): string {
  return lines
    .map((line) => {
      const {
        time: _t,
        pid: _p,
        hostname: _h,
        reqId: _r,
        responseTime: _d,
        ...entry
      } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(entry);
    })
    .join('\n');
}

describe.each(TEST_DATABASES)('hostile values on $name', (database) => {
  let t: TestApp;
  let operations: Operation[];
  const lines: string[] = [];
  const applicants: TestApplicant[] = [];
  const statuses = new Map<string, Set<number>>();

  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: { LOG_LEVEL: 'trace', PHONE_SEND_LIMIT_PER_NUMBER_PER_HOUR: '1000' },
      rateLimitMax: 1_000_000,
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    });
    operations = await operationsOf(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** An applicant who has completed the flow up to `after`. */
  async function applicantAfter(
    after: ApplicantStep | 'start',
    options: TestApplicantOptions = {},
  ): Promise<TestApplicant> {
    // A co-applicant starts from the invitation of a primary who named them.
    const applicant =
      options.flow === 'joint'
        ? (await invitedCoApplicant(t.app, { coApplicant: options })).coApplicant
        : new TestApplicant(t.app, options);
    applicants.push(applicant);
    if (after === 'start') await applicant.start();
    else await applicant.progress(after);
    return applicant;
  }

  async function send(
    applicant: TestApplicant,
    op: Operation,
    payload: string | undefined,
    query: Record<string, string | string[]> | undefined,
  ): Promise<void> {
    applicant.ip = nextIp();
    const res = await applicant.call(op.method, op.path, payload, {
      headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      ...(query ? { query } : {}),
    });
    const label = `${op.method} ${op.path} ${(payload ?? JSON.stringify(query) ?? '').slice(0, 200)}`;
    expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (res.statusCode >= 400)
      expect(res.headers['content-type'], label).toMatch(/^application\/problem\+json/);
    const key = `${op.method} ${op.path}`;
    statuses.set(key, (statuses.get(key) ?? new Set()).add(res.statusCode));
  }

  it('has a valid request for every operation with documented properties', () => {
    expect(operations.length).toBeGreaterThan(15);
    const withProperties = operations.filter((op) => op.body.length + op.query.length > 0);
    expect(withProperties.map((op) => `${op.method} ${op.path}`).sort()).toEqual(Object.keys(VALID).sort());
  });

  it('answers no 5xx to hostile values of any property, and keeps running', async () => {
    for (const op of operations) {
      const valid = VALID[`${op.method} ${op.path}`];
      const plan = valid?.(new TestApplicant(t.app));
      const applicant = await applicantAfter(plan?.after ?? 'sin', plan?.applicant);
      const base = valid?.(applicant) ?? {};
      await base.prepare?.(applicant);
      if (op.body.length > 0) {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...op.body), hostileBodyValue, async (name, value) => {
            await send(applicant, op, jsonText({ ...base.body, [name]: value }), base.query);
          }),
          {
            numRuns: op.body.length * 6,
            examples: op.body.flatMap((name) =>
              [...MUST_STRINGS, ...MUST_OTHERS].map((v): [string, unknown] => [name, v]),
            ),
          },
        );
        // The property named __proto__ itself, and the valid body once (the sweep reaches storage).
        await send(
          applicant,
          op,
          `{"__proto__":{"polluted":true},${jsonText(base.body ?? {}).slice(1)}`,
          base.query,
        );
        await send(applicant, op, jsonText(base.body ?? {}), base.query);
      }
      if (op.query.length > 0) {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...op.query), hostileQueryValue, async (name, value) => {
            await send(applicant, op, base.body && jsonText(base.body), { ...base.query, [name]: value });
          }),
          {
            numRuns: op.query.length * 10,
            examples: op.query.flatMap((name) => MUST_STRINGS.map((v): [string, string] => [name, v])),
          },
        );
        // The valid request once, last (a one-time code is spent by it).
        await send(applicant, op, base.body && jsonText(base.body), base.query);
      }
      if (op.body.length + op.query.length === 0) {
        // Nothing documented: a hostile body (or query) of any shape.
        await fc.assert(
          fc.asyncProperty(hostileBodyValue, hostileQueryValue, async (body, value) => {
            await send(applicant, op, op.method === 'GET' ? undefined : JSON.stringify(body), { q: value });
          }),
          { numRuns: 8 },
        );
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.app.inject('/api/heartbeat')).statusCode).toBe(200);
  }, 600_000);

  it('reached validation on every operation (the flow did not stop the values early)', () => {
    for (const op of operations) {
      if (op.body.length + op.query.length === 0) continue;
      const seen = [...(statuses.get(`${op.method} ${op.path}`) ?? [])];
      expect(
        seen.some((s) => s === 200 || s === 204),
        `${op.method} ${op.path} never succeeded`,
      ).toBe(true);
      if (op.body.length > 0) expect(seen, `${op.method} ${op.path}`).toContain(400);
    }
  });

  it('logs no e-mail, password, hash, verification code, SIN or address', () => {
    const output = logText(lines);
    expect(output).toContain('incoming request');
    const codes = applicants.map((a) => a.code).filter((c) => c !== '');
    expect(codes.length).toBeGreaterThan(0);
    for (const leak of [
      '@example.com',
      APPLICANT_ANSWERS.password,
      '$argon2',
      ...codes,
      APPLICANT_ANSWERS.sin,
      '130 692 544',
      'Bremner',
      'M5V 3L9',
      'Wellington',
      'K1A 0A9',
    ]) {
      expect(output.includes(leak), `log holds ${leak}`).toBe(false);
    }
  });
});
