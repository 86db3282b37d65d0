import { EXAMPLE_MAILING_PARTS } from '@omo/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICANT_ANSWERS,
  invitedCoApplicant,
  validAccountUsage,
  validLegalTerms,
} from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import { getSinCiphertext, incrementPhoneCounters, updateApplicant, updatePhoneState } from './repository.ts';
import { expectFieldErrors } from '../../testing/problems.ts';

const CONTACT_PHONE = '1-800-555-0111';
const PASSWORD = 'Secr3tPass9';
const SIN = '130692544';

/** Extra products beside the fixture's 2001 chequing, 2002 savings and 2003 GIC. */
const EXTRA_PRODUCTS = [
  { id: '2901', category: 'Chequing', benefit: 'STUDENT', group: 'Chequing', interest: false },
  { id: '2902', category: 'TFSA', benefit: '', group: 'TFSAs', interest: true },
];

const today = new Date();
const yearsAgo = (n: number) => String(today.getFullYear() - n);

const personalInfo = (overrides: Record<string, unknown> = {}) => ({
  firstName: '  Ada ',
  middleName: '',
  lastName: 'Lovelace',
  dob_month: '05',
  dob_day: '10',
  dob_year: yearsAgo(40),
  phoneNumber: '(416) 555-0123',
  phoneType: 'mobile',
  hasJointApp: 'no',
  ...overrides,
});

const manualAddress = (overrides: Record<string, unknown> = {}) => ({
  ...APPLICANT_ANSWERS.address,
  ...overrides,
});

interface ProblemBody {
  title: string;
  status: number;
  detail: string;
  errors?: { path: string; key?: string; message: string }[];
}

describe.each(TEST_DATABASES)('application routes on $name', (database) => {
  let t: TestApp;
  const logLines: string[] = [];
  let counter = 0;

  beforeAll(async () => {
    t = await buildTestApp(database, { env: { LOG_LEVEL: 'trace', CONTACT_PHONE }, logLines });
    const [base] = await t.app.db.selectFrom('products').select(['data']).where('id', '=', '2001').execute();
    for (const extra of EXTRA_PRODUCTS) {
      const data = {
        ...(base!.data as Record<string, unknown>),
        productID: extra.id,
        productCode: `X-${extra.id}`,
        accountCategory: extra.category,
        benefit: extra.benefit,
        isInterestBearing: extra.interest,
        group: extra.group,
      };
      await t.app.db
        .insertInto('products')
        .values({
          id: extra.id,
          product_code: `X-${extra.id}`,
          display_order: 90,
          group: extra.group,
          data: JSON.stringify(data),
        })
        .execute();
    }
    t.app.cache.clear();
  });
  afterAll(async () => {
    await t.close();
  });

  const cookieOf = (res: LightMyRequestResponse) => {
    const header = res.headers['set-cookie'];
    const line = (Array.isArray(header) ? header : [header]).find((c) => c?.startsWith('omo_session='));
    return line ? line.split(';')[0]! : undefined;
  };

  /** Starts an application; returns its cookie, e-mail and applicant id. */
  async function start(productIds: string[] = ['2002'], extra: Record<string, unknown> = {}) {
    counter += 1;
    const email = (extra.email as string | undefined) ?? `applicant${counter}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      // One address per applicant: the per-IP ceiling of InitializeApplication is not this suite's subject.
      remoteAddress: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
      payload: { email, password: PASSWORD, consent: true, productIds, sweepEnabled: false, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookieOf(res)!;
    const row = await t.app.db
      .selectFrom('applicants')
      .select(['id', 'application_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { cookie, email, id: row.id, applicationId: row.application_id, res };
  }

  const put = (cookie: string, step: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/omo/Application/${step}`,
      headers: { cookie },
      payload: payload as object,
    });
  const view = (cookie: string) => t.app.inject({ url: '/api/omo/Application', headers: { cookie } });
  /** 'How would you like to fund your account?': every account by Interac e-Transfer, $600. */
  async function fund(cookie: string) {
    const { productIds } = (await view(cookie)).json<{ productIds: string[] }>();
    const body = Object.fromEntries(
      productIds.flatMap((id) => [
        [`method_${id}`, 'eTransfer'],
        [`amount_${id}`, '600'],
      ]),
    );
    expect((await put(cookie, 'Step/funding', body)).statusCode).toBe(200);
  }

  /** A draft with personal info, a verified phone and (optionally) the address done. */
  async function through(step: 'verificationCode' | 'address', productIds = ['2002']) {
    const draft = await start(productIds);
    expect((await put(draft.cookie, 'PersonalInfo', personalInfo())).statusCode).toBe(200);
    await updatePhoneState(t.app.db, draft.id, { status: 'approved', channel: 'sms' });
    await updateApplicant(t.app.db, draft.id, { phoneVerified: true });
    if (step === 'address')
      expect((await put(draft.cookie, 'Address', manualAddress())).statusCode).toBe(200);
    return draft;
  }

  describe('POST InitializeApplication', () => {
    it('answers the reference number the server generated and sets an HttpOnly SameSite=Lax session cookie of at least 128 bits', async () => {
      const { res, cookie, id } = await start();
      expect(res.json()).toMatch(/^OMO[A-Z0-9]{8}P$/);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const header = String(res.headers['set-cookie']);
      expect(header).toMatch(/HttpOnly/i);
      expect(header).toMatch(/SameSite=Lax/i);
      expect(header).toMatch(/Path=\//);
      expect(header).not.toMatch(/Secure/i);
      const token = cookie.slice('omo_session='.length);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      // Only the token's SHA-256 is stored, bound to the applicant.
      const sessions = await t.app.db
        .selectFrom('sessions')
        .selectAll()
        .where('applicant_id', '=', id)
        .execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await t.app.db.selectFrom('sessions').selectAll().execute())).not.toContain(
        token,
      );
    });

    it('ignores a reference number or a skipped identity check sent by the browser', async () => {
      const forged = await start(['2002'], { appRefNo: 'EN-1', skipAlloy: true });
      expect(forged.res.json()).toMatch(/^OMO[A-Z0-9]{8}P$/);
      const row = await t.app.db
        .selectFrom('applications')
        .select(['ref_code', 'uses_id_provider'])
        .where('id', '=', forged.applicationId)
        .executeTakeFirstOrThrow();
      expect(row.uses_id_provider).toBe(true);
      expect(forged.res.json()).toBe(`OMO${row.ref_code}P`);
    });

    it('gives every application its own reference number, a database constraint', async () => {
      const refs = new Set<string>();
      for (let i = 0; i < 5; i++) refs.add((await start()).res.json<string>());
      expect(refs.size).toBe(5);
      const [first] = await t.app.db.selectFrom('applications').select(['ref_code']).execute();
      await expect(
        t.app.db
          .insertInto('applications')
          .values({
            id: '00000000-0000-4000-8000-000000000001',
            ref_code: first!.ref_code,
            product_ids: '[]',
            uses_id_provider: false,
          })
          .execute(),
      ).rejects.toThrow();
    });

    it('records the flow the profile was created in: a /joint profile is the co-applicant', async () => {
      const { coApplicant } = await invitedCoApplicant(t.app);
      const joint = await start(['2001'], {
        flow: 'joint',
        jointCode: coApplicant.jointCode,
        email: coApplicant.email,
        emailCode: await coApplicant.requestEmailCode(),
      });
      expect(joint.res.json()).toMatch(/^OMO[A-Z0-9]{8}J$/);
      const res = await view(joint.cookie);
      expect(res.json()).toMatchObject({ flow: 'joint', nextPath: '/joint/personalinfo' });
      const row = await t.app.db
        .selectFrom('applicants')
        .select('role')
        .where('id', '=', joint.id)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('joint');
    });

    it('a second call with the session updates the same applicant and rotates the cookie', async () => {
      const first = await start();
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/omo/InitializeApplication',
        headers: { cookie: first.cookie },
        payload: {
          email: first.email.toUpperCase(),
          password: 'Other1pass',
          consent: false,
          promoCode: 'PromoGIC',
          productIds: ['2002'],
          sweepEnabled: false,
        },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toBe(first.res.json());
      const rotated = cookieOf(again)!;
      expect(rotated).not.toBe(first.cookie);
      const rows = await t.app.db
        .selectFrom('applicants')
        .select(['id', 'email'])
        .where('email', '=', first.email)
        .execute();
      expect(rows).toEqual([{ id: first.id, email: first.email }]);
      expect((await view(first.cookie)).statusCode).toBe(401);
      const res = await view(rotated);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ promoCode: 'PromoGIC', consent: false });
    });

    it('refuses an unknown product id with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/omo/InitializeApplication',
        payload: {
          email: 'x@example.com',
          password: PASSWORD,
          consent: false,
          productIds: ['2001', '9999'],
          sweepEnabled: false,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json<ProblemBody>().errors).toEqual([
        { path: 'productIds.1', message: "Unknown product id '9999'." },
      ]);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('validates the profile with the domain messages', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/omo/InitializeApplication',
        payload: {
          email: 'not-an-email',
          password: 'short',
          referralCode: 'XX1',
          productIds: ['2001'],
          sweepEnabled: false,
        },
      });
      expect(res.statusCode).toBe(400);
      const { errors } = res.json<ProblemBody>();
      expect(errors).toEqual(
        expect.arrayContaining([
          { path: 'email', key: 'email.invalid', message: 'Email address must be a valid address' },
          { path: 'password', key: 'password.min', message: 'Password must have at least 8 characters' },
          expect.objectContaining({ path: 'referralCode', key: 'referralCode.prefix' }),
        ]),
      );
    });
  });

  describe('GET Application', () => {
    it('answers 401 problem details without a session', async () => {
      for (const cookie of [undefined, 'omo_session=nope', `omo_session=${'A'.repeat(43)}`]) {
        const res = await t.app.inject({ url: '/api/omo/Application', headers: cookie ? { cookie } : {} });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ title: 'Unauthorized', detail: 'No application in progress.' });
      }
    });

    it('shows the new draft with nextPath personalinfo and nothing secret', async () => {
      const { cookie, email } = await start(['2001']);
      const res = await view(cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        flow: 'single',
        email,
        promoCode: '',
        referralCode: '',
        productIds: ['2001'],
        personalInfo: null,
        address: null,
        products: null,
        sin: { provided: false, skipped: false, masked: null },
        identity: { status: 'notStarted' },
        nextPath: '/single/personalinfo',
        phone: { number: null, status: 'none', verified: false, canContinue: false, sendFailCounter: 0 },
      });
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).not.toMatch(/argon2|password/i);
    });
  });

  describe('PUT PersonalInfo', () => {
    it('validates with the domain messages', async () => {
      const { cookie } = await start();
      const res = await put(cookie, 'PersonalInfo', personalInfo({ firstName: ' ', phoneType: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors).toEqual(
        expect.arrayContaining([
          { path: 'firstName', key: 'name.first.required', message: 'Enter your first name' },
          { path: 'phoneType', key: 'phone.type.required', message: 'Select a phone type' },
        ]),
      );
    });

    it('applies the student age limit with the contact phone in the message', async () => {
      const { cookie } = await start(['2901']);
      const res = await put(cookie, 'PersonalInfo', personalInfo({ dob_year: yearsAgo(30) }));
      expectFieldErrors(
        res,
        `dob_day age.student: You must be between 18 and 25 to open a Student Chequing Account... Please call us at ${CONTACT_PHONE} to discuss other options.`,
      );
      expect((await put(cookie, 'PersonalInfo', personalInfo({ dob_year: yearsAgo(20) }))).statusCode).toBe(
        200,
      );
    });

    it('refuses a co-applicant e-mail equal to the primary one', async () => {
      const { cookie, email } = await start();
      const res = await put(
        cookie,
        'PersonalInfo',
        personalInfo({
          hasJointApp: 'yes',
          jointFirstName: 'Bob',
          jointLastName: 'Smith',
          jointEmail: email.toUpperCase(),
        }),
      );
      expectFieldErrors(
        res,
        'jointEmail joint.email.sameAsPrimary: The Email Address of the Joint Applicant cannot be the same as the Primary Applicant',
      );
    });

    it('ignores the joint section for a TFSA (hidden) and stores the answers trimmed', async () => {
      const { cookie } = await start(['2902']);
      const res = await put(
        cookie,
        'PersonalInfo',
        personalInfo({ hasJointApp: 'yes', jointFirstName: '', jointEmail: 'bad' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      // What was typed, trimmed, without the empty middle name and the joint answers.
      const { middleName: _middleName, hasJointApp: _hasJointApp, ...typed } = personalInfo();
      expect(body.personalInfo).toEqual({ ...typed, firstName: 'Ada' });
      expect(
        body.progress.steps.filter((s: { complete: boolean }) => s.complete).map((s: { id: string }) => s.id),
      ).toEqual(['createprofile', 'personalinfo']);
      expect(body.nextPath).toBe('/single/phoneverification');
      expect(body.phone).toMatchObject({ number: '(416) 555-0123', type: 'mobile', lastFour: '0123' });
    });

    it('checks the sweep amounts only when sweep is enabled, and a joint "no" clears the joint fields', async () => {
      const { cookie } = await start(['2001'], { sweepEnabled: true });
      const missing = await put(cookie, 'PersonalInfo', personalInfo({ hasSweep: undefined }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ProblemBody>().errors?.map((e) => e.path)).toEqual(['hasSweep']);
      const res = await put(
        cookie,
        'PersonalInfo',
        personalInfo({ hasSweep: 'no', sweepBelowBalance: '10', hasJointApp: 'no', jointFirstName: 'Bob' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().personalInfo).toMatchObject({ hasSweep: 'no', hasJointApp: 'no' });
      expect(res.json().personalInfo).not.toHaveProperty('sweepBelowBalance');
      expect(res.json().personalInfo).not.toHaveProperty('jointFirstName');
    });

    it('is idempotent', async () => {
      const { cookie } = await start();
      const a = await put(cookie, 'PersonalInfo', personalInfo());
      const b = await put(cookie, 'PersonalInfo', personalInfo());
      expect(a.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
    });
  });

  describe('PUT Phone', () => {
    it('changes the number and resets the verification but not the counters', async () => {
      const draft = await through('verificationCode');
      await incrementPhoneCounters(t.app.db, draft.id, { resendCounter: 1, invalidCounter: 2 });
      const same = await put(draft.cookie, 'Phone', { phoneNumber: '4165550123' });
      expect(same.json().phone).toMatchObject({ status: 'approved', verified: true });
      const res = await put(draft.cookie, 'Phone', { phoneNumber: '(647) 555-0199' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.phone).toMatchObject({
        number: '(647) 555-0199',
        status: 'none',
        verified: false,
        resendCounter: 1,
        invalidCounter: 2,
        lastFour: '0199',
      });
      expect(body.personalInfo.phoneNumber).toBe('(647) 555-0199');
      expect(body.progress.steps.find((s: { id: string }) => s.id === 'verificationCode').complete).toBe(
        false,
      );
      expect(body.nextPath).toBe('/single/phoneverification');
    });

    it("says 'Please enter phone number' when empty", async () => {
      const draft = await through('verificationCode');
      const res = await put(draft.cookie, 'Phone', { phoneNumber: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors).toEqual([
        { path: 'phoneNumber', key: 'phone.required', message: 'Please enter phone number' },
      ]);
    });

    it('reports Continue allowed once a counter reaches 3', async () => {
      const draft = await through('verificationCode');
      await updatePhoneState(t.app.db, draft.id, { status: 'pending' });
      await updateApplicant(t.app.db, draft.id, { phoneVerified: null });
      let phone = (await view(draft.cookie)).json().phone;
      expect(phone).toMatchObject({ verified: false, canResend: true, canContinue: false });
      await incrementPhoneCounters(t.app.db, draft.id, { invalidCounter: 3 });
      phone = (await view(draft.cookie)).json().phone;
      expect(phone).toMatchObject({ invalidCounter: 3, canResend: false, canContinue: true });
    });
  });

  describe('step order', () => {
    it('refuses a step before the earlier required ones with 409 Step out of order', async () => {
      const { cookie } = await start();
      for (const [step, body] of [
        ['Address', manualAddress()],
        ['Phone', { phoneNumber: '4165550123' }],
        ['Products', {}],
        ['Sin', { sin: SIN }],
      ] as const) {
        const res = await put(cookie, step, body);
        expect(res.statusCode, step).toBe(409);
        expect(res.json()).toMatchObject({
          status: 409,
          title: 'Step out of order',
          nextPath: '/single/personalinfo',
        });
      }
      await put(cookie, 'PersonalInfo', personalInfo());
      const res = await put(cookie, 'Address', manualAddress());
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toContain('verificationCode');
      // The server names the step the applicant should be on.
      expect(res.json().nextPath).toBe('/single/phoneverification');
    });

    it('logs each refused step order once, with the route and where to go, and no personal data', async () => {
      const { cookie } = await start();
      const before = logLines.length;
      expect((await put(cookie, 'Sin', { sin: SIN })).statusCode).toBe(409);
      expect((await put(cookie, 'Address', manualAddress({ streetName: 'Secretive Lane' }))).statusCode).toBe(
        409,
      );
      const refused = logLines
        .slice(before)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request refused in its state');
      expect(refused).toEqual([
        expect.objectContaining({
          status: 409,
          title: 'Step out of order',
          route: '/api/omo/Application/Sin',
          nextPath: '/single/personalinfo',
        }),
        expect.objectContaining({ route: '/api/omo/Application/Address' }),
      ]);
      expect(JSON.stringify(refused)).not.toMatch(/130.?692.?544|Secretive|Bremner|M5V|@example/i);
    });

    it('answers 401 on a step without a session', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/omo/Application/PersonalInfo',
        payload: personalInfo(),
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT Address', () => {
    it("requires a chosen suggestion: 'You must select an address from the list of options'", async () => {
      const { cookie } = await through('verificationCode');
      const res = await put(cookie, 'Address', {
        isManualAddress: false,
        autoAddress: '290 Bremner',
        isMailingAddressSame: false,
        isManualMailingAddress: false,
        autoMailAddress: '',
      });
      expectFieldErrors(
        res,
        'autoAddress address.selection.required: You must select an address from the list of options',
        'autoMailAddress address.mailingSearch.required: Enter your mailing address',
      );
    });

    it('refuses a home address outside Canada with the resident message and the contact phone', async () => {
      const { cookie } = await through('verificationCode');
      const res = await put(
        cookie,
        'Address',
        manualAddress({ country: 'US', provinceName: 'NY', postalCode: '10001', cityName: 'New York' }),
      );
      expectFieldErrors(
        res,
        `country address.country.notCanada: You must be a resident of Canada to become a member online. Please call us at ${CONTACT_PHONE} to find out what other options are available for you.`,
      );
    });

    it('stores a manual home address with a different mailing address and moves on to the funding (nothing to choose in a chequing account)', async () => {
      const { cookie } = await through('verificationCode');
      const body = manualAddress({
        isMailingAddressSame: false,
        isManualMailingAddress: true,
        ...EXAMPLE_MAILING_PARTS,
      });
      const res = await put(cookie, 'Address', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().address).toMatchObject({ ...body, isManualAddress: true });
      expect(res.json().nextPath).toBe('/single/funding');
      expect((await put(cookie, 'Address', body)).json()).toEqual(res.json());
    });

    /** The same address, chosen among the suggestions. */
    const chosen = {
      ...APPLICANT_ANSWERS.address,
      isManualAddress: false,
      autoAddress: '290 Bremner Blvd, Toronto, ON M5V 3L9',
      autoAddressSelectedId: 'CA|ADDR|1',
    };

    it('accepts a chosen suggestion with its parts', async () => {
      const { cookie } = await through('verificationCode');
      const res = await put(cookie, 'Address', { ...chosen, autoMailAddress: 'left over' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().address).toEqual({ ...chosen, isManualMailingAddress: false });
    });

    it.each(['provinceName', 'postalCode'])(
      'refuses a chosen suggestion without its %s (the age of majority would default to 18)',
      async (part) => {
        const { cookie } = await through('verificationCode');
        const { [part]: _dropped, ...withoutPart } = chosen as Record<string, unknown>;
        for (const body of [withoutPart, { ...chosen, [part]: '' }]) {
          const res = await put(cookie, 'Address', body);
          expectFieldErrors(
            res,
            'autoAddress address.selection.required: You must select an address from the list of options',
          );
        }
        expect((await view(cookie)).json().address).toBeNull();
      },
    );

    it('refuses an address part longer than its limit (text.max), manual or chosen', async () => {
      const { cookie } = await through('verificationCode');
      for (const body of [
        manualAddress({ streetName: 'Bremner '.repeat(8) }),
        { ...chosen, cityName: 'Toronto'.repeat(6) },
        { ...chosen, autoAddress: 'x'.repeat(10_000) },
      ]) {
        const res = await put(cookie, 'Address', body);
        expect(res.statusCode).toBe(400);
        expect(res.json<ProblemBody>().errors).toContainEqual(
          expect.objectContaining({ key: 'text.max', message: 'Text exceeds maximum characters' }),
        );
      }
    });
  });

  describe('PUT Products', () => {
    it("requires 'Select your length and term' only for term products", async () => {
      const gic = await through('address', ['2003']);
      const res = await put(gic.cookie, 'Products', {});
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors).toEqual([
        { path: 'termPeriod', key: 'term.length.required', message: 'Select your length and term' },
        { path: 'termOption', key: 'term.renewal.required', message: 'Select a renewal option' },
      ]);
      const ok = await put(gic.cookie, 'Products', { termPeriod: '1 Years 3.1%', termOption: 'rollover' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        products: { termPeriod: '1 Years 3.1%', termOption: 'rollover' },
        nextPath: '/single/funding',
      });
      await fund(gic.cookie);
      expect((await view(gic.cookie)).json()).toMatchObject({ nextPath: '/single/sin' });

      // Nothing to choose in a chequing account: no 'Confirm your application' (decision 0101).
      const chequing = await through('address', ['2001']);
      expect((await view(chequing.cookie)).json()).toMatchObject({ nextPath: '/single/funding' });
      const res2 = await put(chequing.cookie, 'Products', {});
      expect(res2.statusCode).toBe(409);
      expect(res2.json()).toMatchObject({ nextPath: '/single/funding' });
      await fund(chequing.cookie);
      expect((await view(chequing.cookie)).json()).toMatchObject({ nextPath: '/single/identityconsent' });
    });
  });

  describe('PUT Sin', () => {
    it('is refused (409) when the application is not interest bearing', async () => {
      const draft = await through('address', ['2001']);
      await put(draft.cookie, 'Products', {});
      await fund(draft.cookie);
      const res = await put(draft.cookie, 'Sin', { sin: SIN });
      expect(res.statusCode).toBe(409);
    });

    it("refuses an invalid SIN with 'Enter a valid SIN' and stores a valid one encrypted", async () => {
      const draft = await through('address', ['2002']);
      expect((await put(draft.cookie, 'Sin', { sin: SIN })).statusCode).toBe(409);
      await put(draft.cookie, 'Products', {});
      await fund(draft.cookie);
      const bad = await put(draft.cookie, 'Sin', { sin: '130 692 545' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ProblemBody>().errors).toEqual([
        { path: 'sin', key: 'sin.invalid', message: 'Enter a valid SIN' },
      ]);
      const ok = await put(draft.cookie, 'Sin', { sin: '130 692 544' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        sin: { provided: true, skipped: false, masked: '***-***-544' },
        nextPath: '/single/identityconsent',
      });
      expect(ok.body).not.toContain(SIN);
      expect((await put(draft.cookie, 'Sin', { sin: '130 692 544' })).json()).toEqual(ok.json());
    });

    it('lets the applicant skip the SIN (given in person at a branch) and clears one given before', async () => {
      const draft = await through('address', ['2002']);
      await put(draft.cookie, 'Products', {});
      await fund(draft.cookie);
      await put(draft.cookie, 'Sin', { sin: SIN });
      const skipped = await put(draft.cookie, 'Sin', { skip: true });
      expect(skipped.statusCode).toBe(200);
      expect(skipped.json()).toMatchObject({
        sin: { provided: false, skipped: true, masked: null },
        nextPath: '/single/identityconsent',
      });
      expect(await getSinCiphertext(t.app.db, draft.id)).toBeNull();
    });

    it('refuses a 9-series SIN for a TFSA', async () => {
      const draft = await through('address', ['2902']);
      await put(draft.cookie, 'Products', {});
      await fund(draft.cookie);
      const res = await put(draft.cookie, 'Sin', { sin: '900000006' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors?.[0]?.key).toBe('sin.invalid');
    });
  });

  describe('the age of majority, checked again once the province is known', () => {
    it('refuses a British Columbia address for an 18-year-old (majority 19) and accepts Alberta (18)', async () => {
      const draft = await start(['2001']);
      const birth = new Date(today.getFullYear() - 18, today.getMonth(), today.getDate() - 10);
      const eighteen = personalInfo({
        dob_year: String(birth.getFullYear()),
        dob_month: String(birth.getMonth() + 1).padStart(2, '0'),
        dob_day: String(birth.getDate()).padStart(2, '0'),
      });
      expect((await put(draft.cookie, 'PersonalInfo', eighteen)).statusCode).toBe(200);
      await updatePhoneState(t.app.db, draft.id, { status: 'approved' });
      await updateApplicant(t.app.db, draft.id, { phoneVerified: true });
      const bc = manualAddress({
        streetName: 'Granville St',
        cityName: 'Vancouver',
        provinceName: 'BC',
        postalCode: 'V6C 1T2',
      });
      const refused = await put(draft.cookie, 'Address', bc);
      expectFieldErrors(
        refused,
        `provinceName age.majority: You must have reached the age of majority in your province or territory of residence to become a member online. Call us at ${CONTACT_PHONE} to discuss other options.`,
      );
      const ab = manualAddress({
        streetName: '8 Ave SW',
        cityName: 'Calgary',
        provinceName: 'AB',
        postalCode: 'T2P 1B3',
      });
      expect((await put(draft.cookie, 'Address', ab)).statusCode).toBe(200);
    });
  });

  describe('PUT AccountUsage (finalizeaccount)', () => {
    const usage = validAccountUsage;

    async function atFinalize(productIds: string[]) {
      const draft = await through('address', productIds);
      await put(
        draft.cookie,
        'Products',
        productIds.includes('2003') ? { termPeriod: '1 Years 3.1%', termOption: 'rollover' } : {},
      );
      await fund(draft.cookie);
      if (productIds.some((id) => id !== '2001')) await put(draft.cookie, 'Sin', { sin: SIN });
      await put(draft.cookie, 'Step/identityconsent', { consent: true });
      return draft;
    }
    const identityCheck = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/omo/IdentityCheck', headers: { cookie } });

    it('refuses the identity check until the applicant consents to it, on its own step before the check', async () => {
      const draft = await through('address', ['2001']);
      await put(draft.cookie, 'Products', {});
      await fund(draft.cookie);
      const refused = await identityCheck(draft.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().nextPath).toBe('/single/identityconsent');
      // Nothing was asked of the credit bureau.
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/omo/Application',
            headers: { cookie: draft.cookie },
          })
        ).json().identity.status,
      ).toBe('notStarted');
      const unticked = await put(draft.cookie, 'Step/identityconsent', { consent: false });
      expectFieldErrors(
        unticked,
        'consent identityConsent.consent.required: Tick the box to agree to the identity check',
      );
      expect((await identityCheck(draft.cookie)).statusCode).toBe(409);
      const given = await put(draft.cookie, 'Step/identityconsent', { consent: true });
      expect(given.statusCode, given.body).toBe(200);
      expect(given.json()).toMatchObject({ nextPath: '/single/finalizeaccount' });
      const checked = await identityCheck(draft.cookie);
      expect(checked.statusCode).toBe(200);
      expect(checked.json().identity.status).toBe('passed');
    });

    it('waits for the identity check the screen runs (Continue stays disabled until it completes)', async () => {
      const draft = await atFinalize(['2001']);
      const early = await put(draft.cookie, 'AccountUsage', { '2001': usage });
      expect(early.statusCode).toBe(409);
      expect(early.json().nextPath).toBe('/single/finalizeaccount');
      const checked = await identityCheck(draft.cookie);
      expect(checked.statusCode).toBe(200);
      expect(checked.json().identity.status).toBe('passed');
      const res = await put(draft.cookie, 'AccountUsage', { '2001': usage });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ accountUsage: { '2001': usage }, nextPath: '/single/legalterms' });
    });

    it("asks every product's questionnaire: 'Provide an answer for each category', 'Please indicate at least one type of deposit'", async () => {
      const draft = await atFinalize(['2001', '2902']);
      await identityCheck(draft.cookie);
      const res = await put(draft.cookie, 'AccountUsage', {
        '2001': { ...usage, creditSources: { cash: 0, cheque: 0, payroll: 0, eft: 0 } },
        '2902': { creditSources: { cheque: 1, payroll: 4, eft: 0 }, depositSources: { wires: 0, eft: 1 } },
      });
      expectFieldErrors(
        res,
        '2001.creditSources usage.atLeastOne: Please indicate at least one type of deposit',
        '2902.creditSources.payroll usage.answerEach: Provide an answer for each category',
      );
    });

    it('takes the shorter form for a TFSA (no cash, ABM or branch rows)', async () => {
      const draft = await atFinalize(['2902']);
      await identityCheck(draft.cookie);
      const short = {
        creditSources: { cheque: 1, payroll: 2, eft: 0 },
        depositSources: { wires: 0, eft: 1 },
      };
      const res = await put(draft.cookie, 'AccountUsage', { '2902': short });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().accountUsage).toEqual({ '2902': short });
    });
  });

  describe('PUT LegalTerms', () => {
    const answers = (overrides: Record<string, unknown> = {}) => ({ ...validLegalTerms, ...overrides });

    async function atLegalTerms() {
      const draft = await through('address', ['2001']);
      await put(draft.cookie, 'Products', {});
      await fund(draft.cookie);
      await put(draft.cookie, 'Step/identityconsent', { consent: true });
      await t.app.inject({
        method: 'POST',
        url: '/api/omo/IdentityCheck',
        headers: { cookie: draft.cookie },
      });
      expect((await put(draft.cookie, 'AccountUsage', { '2001': validAccountUsage })).statusCode).toBe(200);
      return draft;
    }

    /** A fresh applicant at the questionnaire answers it: the valid answers with these changes. */
    async function answerLegalTerms(overrides: Record<string, unknown> = {}) {
      const draft = await atLegalTerms();
      return { draft, res: await put(draft.cookie, 'LegalTerms', answers(overrides)) };
    }

    it('stores the questionnaire and moves on to the review', async () => {
      const { res } = await answerLegalTerms();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        legalTerms: { resStatus: 'yes', occupation: { id: '2173' }, natureOfBanking: 'Personal' },
        nextPath: '/single/reviewapplication',
        progress: { groups: { finalizeAccount: false } },
      });
    });

    it("refuses an 'Other' purpose longer than 100 characters and an occupation longer than 200 (text.max)", async () => {
      const { draft, res } = await answerLegalTerms({
        primaryPurpose: '9',
        primaryOtherPurpose: 'p'.repeat(101),
        occupation: { id: '2173', name: 'n'.repeat(201) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors!.map((e) => [e.path, e.key])).toEqual(
        expect.arrayContaining([
          ['primaryOtherPurpose', 'text.max'],
          ['occupation.name', 'text.max'],
        ]),
      );
      const fits = await put(
        draft.cookie,
        'LegalTerms',
        answers({ primaryPurpose: '9', primaryOtherPurpose: 'p'.repeat(100) }),
      );
      expect(fits.statusCode, fits.body).toBe(200);
    });

    it('validates every rule with the spec messages', async () => {
      const { res } = await answerLegalTerms({
        resStatus: 'no',
        ontarioWork: 'no',
        taxResidentorCitizenUs: 'yes',
        crsUsTin: '123456789',
        polExposed: 'yes',
        natureOfBanking: undefined,
        primaryPurpose: '9',
      });
      expect(res.statusCode).toBe(400);
      const errors = res.json<ProblemBody>().errors!.map((e) => [e.path, e.message]);
      expect(errors).toEqual(
        expect.arrayContaining([
          ['ontarioWork', 'You must be a Canadian Resident or be employed in Canada'],
          ['crsUsTin', 'Enter a valid TIN. The format for TIN should be ###-##-####.'],
          ['politicallyExposedType', 'Select who is the politically exposed person'],
          ['positionHeld', 'Select position or office held'],
          ['countryPositionHeld', 'Select country of Position or Office Held'],
          ['natureOfBanking', 'Select your intended relationship'],
          ['primaryOtherPurpose', 'Other purpose cannot be empty'],
        ]),
      );
    });

    it('refuses an occupation or a position that is not on the lists', async () => {
      const { res } = await answerLegalTerms({
        occupation: { id: 'X1', name: 'Made up' },
        polExposed: 'yes',
        politicallyExposedType: 'self',
        positionHeld: 'NOPE',
        countryPositionHeld: 'ZZ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors!.map((e) => e.path)).toEqual([
        'occupation',
        'positionHeld',
        'countryPositionHeld',
      ]);
    });

    it('answering no hides and clears the dependent answers', async () => {
      const { res } = await answerLegalTerms({
        polExposed: 'no',
        positionHeld: 'D01',
        taxResidentorCitizenUs: 'no',
        crsUsTin: '123-45-6789',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().legalTerms).toMatchObject({ positionHeld: '', crsUsTin: '' });
    });
  });

  describe('reload and secrets', () => {
    it('GET Application returns every answer entered, SIN masked', async () => {
      const draft = await through('address', ['2003']);
      await put(draft.cookie, 'Products', { termPeriod: '1 Years 3.1%', termOption: 'transfer' });
      await fund(draft.cookie);
      await put(draft.cookie, 'Sin', { sin: SIN });
      const res = await view(draft.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        personalInfo: { firstName: 'Ada', lastName: 'Lovelace', dob_year: yearsAgo(40), phoneType: 'mobile' },
        phone: { verified: true, status: 'approved' },
        address: { streetNumber: '290', streetName: 'Bremner Blvd', postalCode: 'M5V 3L9', country: 'CA' },
        products: { termPeriod: '1 Years 3.1%', termOption: 'transfer' },
        sin: { provided: true, masked: '***-***-544' },
        progress: {
          nextStepId: 'identityconsent',
          isComplete: false,
          groups: { profile: true, address: true, confirmProduct: true },
        },
        nextPath: '/single/identityconsent',
      });
    });

    it('never writes the password or the SIN to the log, nor in clear to the database', async () => {
      const draft = await through('address', ['2002']);
      await put(draft.cookie, 'Products', {});
      await fund(draft.cookie);
      expect((await put(draft.cookie, 'Sin', { sin: '130-692-544' })).statusCode).toBe(200);
      await put(draft.cookie, 'Sin', { sin: '130 692 545' }); // a refused one is not logged either

      const log = logLines.join('');
      expect(log.length).toBeGreaterThan(0);
      for (const secret of [PASSWORD, SIN, '130-692-544', '130 692 544', '130 692 545', 'Other1pass']) {
        expect(log).not.toContain(secret);
      }
      expect(log).not.toContain(draft.cookie.split('=')[1]);

      const rows = await t.app.db.selectFrom('applicants').selectAll().execute();
      const answers = await t.app.db.selectFrom('step_answers').selectAll().execute();
      for (const row of rows) {
        expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      }
      for (const row of [...rows, ...answers]) {
        const text = JSON.stringify(row);
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain('Other1pass');
        expect(text).not.toContain(SIN);
      }
      const sin = answers.find((r) => r.applicant_id === draft.id && r.step_id === 'sin')!;
      expect(sin.answer).toMatchObject({ ciphertext: expect.stringMatching(/^v1\./), last3: '544' });
    });
  });

  it('InitializeApplication asked for the view (?view=true) answers it with the reference number', async () => {
    counter += 1;
    const email = `applicant${counter}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication?view=true',
      remoteAddress: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
      payload: { email, password: PASSWORD, consent: true, productIds: ['2001'], sweepEnabled: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ appRefNo: string; view: { appRefNo: string; nextPath: string } }>();
    expect(answer.view).toEqual((await view(cookieOf(res)!)).json());
    expect(answer.view.appRefNo).toBe(answer.appRefNo);
    expect(answer.view.nextPath).toBe('/single/personalinfo');
    // Not asked: the reference number alone, as before.
    expect(typeof (await start(['2001'])).res.json()).toBe('string');
  });

  it('documents the calls in the OpenAPI output', async () => {
    const res = await t.app.inject('/api/docs/json');
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      'InitializeApplication',
      'Application',
      'Application/PersonalInfo',
      'Application/Phone',
      'Application/Address',
      'Application/Products',
      'Application/Sin',
      'Application/AccountUsage',
      'Application/LegalTerms',
      'IdentityCheck',
      'DocumentVerification/Start',
      'DocumentVerification/Status',
      'ProcessIDVNotification',
    ]) {
      expect(paths).toContain(`/api/omo/${p}`);
    }
  });
});

describe.each(TEST_DATABASES)('the identity-provider draw on $name', (database) => {
  /** Starts an application without a session (a new browser); answers its identity-provider draw. */
  async function startAfresh(t: TestApp, email: string): Promise<boolean> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: { email, password: PASSWORD, consent: true, productIds: ['2001'], sweepEnabled: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.app.db
      .selectFrom('applications as a')
      .innerJoin('applicants as p', 'p.application_id', 'a.id')
      .select('a.uses_id_provider')
      .where('p.email', '=', email.toLowerCase())
      .orderBy('a.created_at', 'desc')
      .execute();
    return rows[0]!.uses_id_provider;
  }

  /** Sets the draw of every application of an e-mail, as a roll would have made it. */
  const drawn = (t: TestApp, email: string, usesIdProvider: boolean) =>
    t.app.db
      .updateTable('applications')
      .set({ uses_id_provider: usesIdProvider })
      .where(
        'id',
        'in',
        t.app.db.selectFrom('applicants').select('application_id').where('email', '=', email),
      )
      .execute();

  it.each([
    ['100', false],
    ['0', true],
  ] as const)(
    'at a share of %s percent, starting again with the same e-mail keeps the first draw (provider: %s)',
    async (share, first) => {
      const t = await buildTestApp(database, { env: { ID_PROVIDER_SHARE_PERCENT: share } });
      try {
        const email = `draw-${share}@example.com`;
        await startAfresh(t, email);
        await drawn(t, email, first);
        for (let i = 0; i < 3; i++) expect(await startAfresh(t, email.toUpperCase())).toBe(first);
        // Another person draws for themselves (at 100 %, always the provider).
        if (share === '100') expect(await startAfresh(t, `other-${share}@example.com`)).toBe(true);
      } finally {
        await t.close();
      }
    },
  );
});
