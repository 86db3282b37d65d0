import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import { completeStep, incrementPhoneCounters, updatePhoneState } from './repository.ts';

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
  isManualAddress: true,
  streetNumber: '290',
  streetName: 'Bremner Blvd',
  cityName: 'Toronto',
  provinceName: 'ON',
  postalCode: 'M5V 3L9',
  country: 'CA',
  isMailingAddressSame: true,
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
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await buildTestApp(database, { env: { LOG_LEVEL: 'trace', CONTACT_PHONE }, logStream });
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

  /** Starts a draft; returns its cookie and e-mail. */
  async function start(productIds: string[] = ['2002'], extra: Record<string, unknown> = {}) {
    counter += 1;
    const email = `applicant${counter}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/omo/InitializeApplication',
      payload: {
        email,
        password: PASSWORD,
        consent: true,
        appRefNo: `OMOABCDEF${String(counter).padStart(2, '0')}P`,
        productIds,
        sweepEnabled: false,
        skipAlloy: false,
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookieOf(res)!;
    const row = await t.app.db
      .selectFrom('applications')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { cookie, email, id: row.id, res };
  }

  const put = (cookie: string, step: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/omo/Application/${step}`,
      headers: { cookie },
      payload: payload as object,
    });
  const view = (cookie: string) => t.app.inject({ url: '/api/omo/Application', headers: { cookie } });

  /** A draft with personal info, a verified phone and (optionally) the address done. */
  async function through(step: 'verificationCode' | 'address', productIds = ['2002']) {
    const draft = await start(productIds);
    expect((await put(draft.cookie, 'PersonalInfo', personalInfo())).statusCode).toBe(200);
    await updatePhoneState(t.app.db, draft.id, { status: 'approved', channel: 'sms' });
    await completeStep(t.app.db, draft.id, 'verificationCode');
    if (step === 'address')
      expect((await put(draft.cookie, 'Address', manualAddress())).statusCode).toBe(200);
    return draft;
  }

  describe('POST InitializeApplication', () => {
    it('answers the appRefNo and sets an HttpOnly SameSite=Lax session cookie of at least 128 bits', async () => {
      const { res, cookie } = await start();
      expect(res.json()).toMatch(/^OMOABCDEF\d\dP$/);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const header = String(res.headers['set-cookie']);
      expect(header).toMatch(/HttpOnly/i);
      expect(header).toMatch(/SameSite=Lax/i);
      expect(header).toMatch(/Path=\//);
      expect(header).not.toMatch(/Secure/i);
      const token = cookie.slice('omo_session='.length);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      // Only the token's SHA-256 is stored.
      const row = await t.app.db.selectFrom('applications').select('session_hash').executeTakeFirstOrThrow();
      expect(row.session_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await t.app.db.selectFrom('applications').selectAll().execute())).not.toContain(
        token,
      );
    });

    it('a second call with the session updates the same draft and rotates the cookie', async () => {
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
          appRefNo: 'OMOZZZZZZZZP',
          productIds: ['2002'],
          sweepEnabled: false,
          skipAlloy: true,
        },
      });
      expect(again.statusCode).toBe(200);
      const rotated = cookieOf(again)!;
      expect(rotated).not.toBe(first.cookie);
      const rows = await t.app.db
        .selectFrom('applications')
        .select(['id', 'email'])
        .where('email', '=', first.email)
        .execute();
      expect(rows).toEqual([{ id: first.id, email: first.email }]);
      expect((await view(first.cookie)).statusCode).toBe(401);
      const res = await view(rotated);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        appRefNo: 'OMOZZZZZZZZP',
        promoCode: 'PromoGIC',
        consent: false,
        skipAlloy: true,
      });
    });

    it('refuses an unknown product id with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/omo/InitializeApplication',
        payload: {
          email: 'x@example.com',
          password: PASSWORD,
          consent: false,
          appRefNo: 'OMOAAAAAAAAP',
          productIds: ['2001', '9999'],
          sweepEnabled: false,
          skipAlloy: false,
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
          appRefNo: 'OMOAAAAAAAAP',
          productIds: ['2001'],
          sweepEnabled: false,
          skipAlloy: false,
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
        sin: { provided: false, masked: null },
        completedSteps: ['createprofile'],
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
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors).toEqual([
        {
          path: 'dob_day',
          key: 'age.student',
          message: `You must be between 18 and 25 to open a Student Chequing Account... Please call us at ${CONTACT_PHONE} to discuss other options.`,
        },
      ]);
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
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors).toEqual([
        {
          path: 'jointEmail',
          key: 'joint.email.sameAsPrimary',
          message: 'The Email Address of the Joint Applicant cannot be the same as the Primary Applicant',
        },
      ]);
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
      expect(body.personalInfo).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        dob_month: '05',
        dob_day: '10',
        dob_year: yearsAgo(40),
        phoneNumber: '(416) 555-0123',
        phoneType: 'mobile',
      });
      expect(body.completedSteps).toEqual(['createprofile', 'personalinfo']);
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
      expect(body.completedSteps).not.toContain('verificationCode');
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
        expect(res.json()).toMatchObject({ status: 409, title: 'Step out of order' });
      }
      await put(cookie, 'PersonalInfo', personalInfo());
      const res = await put(cookie, 'Address', manualAddress());
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toContain('verificationCode');
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
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors).toEqual([
        {
          path: 'autoAddress',
          key: 'address.selection.required',
          message: 'You must select an address from the list of options',
        },
        {
          path: 'autoMailAddress',
          key: 'address.mailingSearch.required',
          message: 'Enter your mailing address',
        },
      ]);
    });

    it('refuses a home address outside Canada with the resident message and the contact phone', async () => {
      const { cookie } = await through('verificationCode');
      const res = await put(
        cookie,
        'Address',
        manualAddress({ country: 'US', provinceName: 'NY', postalCode: '10001', cityName: 'New York' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors).toEqual([
        {
          path: 'country',
          key: 'address.country.notCanada',
          message: `You must be a resident of Canada to become a member online. Please call us at ${CONTACT_PHONE} to find out what other options are available for you.`,
        },
      ]);
    });

    it('stores a manual home address with a different mailing address and moves on to confirmproducts', async () => {
      const { cookie } = await through('verificationCode');
      const body = manualAddress({
        isMailingAddressSame: false,
        isManualMailingAddress: true,
        maStreetNumber: '111',
        maStreetName: 'Wellington St',
        maCityName: 'Ottawa',
        maProvinceName: 'ON',
        maPostalCode: 'K1A 0A9',
        maCountry: 'CA',
      });
      const res = await put(cookie, 'Address', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().address).toMatchObject({ ...body, isManualAddress: true });
      expect(res.json().nextPath).toBe('/single/confirmproducts');
      expect((await put(cookie, 'Address', body)).json()).toEqual(res.json());
    });

    it('accepts a chosen suggestion', async () => {
      const { cookie } = await through('verificationCode');
      const res = await put(cookie, 'Address', {
        isManualAddress: false,
        autoAddress: '290 Bremner Blvd, Toronto, ON M5V 3L9',
        autoAddressSelectedId: 'CA|ADDR|1',
        isMailingAddressSame: true,
        autoMailAddress: 'left over',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().address).toEqual({
        isManualAddress: false,
        autoAddress: '290 Bremner Blvd, Toronto, ON M5V 3L9',
        autoAddressSelectedId: 'CA|ADDR|1',
        isMailingAddressSame: true,
        isManualMailingAddress: false,
      });
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
        nextPath: '/single/sin',
      });

      const chequing = await through('address', ['2001']);
      const res2 = await put(chequing.cookie, 'Products', {});
      expect(res2.statusCode).toBe(200);
      expect(res2.json()).toMatchObject({ products: null, nextPath: '/single/finalizeaccount' });
    });
  });

  describe('PUT Sin', () => {
    it('is refused (409) when the application is not interest bearing', async () => {
      const draft = await through('address', ['2001']);
      await put(draft.cookie, 'Products', {});
      const res = await put(draft.cookie, 'Sin', { sin: SIN });
      expect(res.statusCode).toBe(409);
    });

    it("refuses an invalid SIN with 'Enter a valid SIN' and stores a valid one encrypted", async () => {
      const draft = await through('address', ['2002']);
      expect((await put(draft.cookie, 'Sin', { sin: SIN })).statusCode).toBe(409);
      await put(draft.cookie, 'Products', {});
      const bad = await put(draft.cookie, 'Sin', { sin: '130 692 545' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ProblemBody>().errors).toEqual([
        { path: 'sin', key: 'sin.invalid', message: 'Enter a valid SIN' },
      ]);
      const ok = await put(draft.cookie, 'Sin', { sin: '130 692 544' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        sin: { provided: true, masked: '***-***-544' },
        nextPath: '/single/finalizeaccount',
      });
      expect(ok.body).not.toContain(SIN);
      expect((await put(draft.cookie, 'Sin', { sin: '130 692 544' })).json()).toEqual(ok.json());
    });

    it('lets the applicant skip the SIN (given in person at a branch) and clears one given before', async () => {
      const draft = await through('address', ['2002']);
      await put(draft.cookie, 'Products', {});
      await put(draft.cookie, 'Sin', { sin: SIN });
      const skipped = await put(draft.cookie, 'Sin', { skip: true });
      expect(skipped.statusCode).toBe(200);
      expect(skipped.json()).toMatchObject({
        sin: { provided: false, masked: null },
        nextPath: '/single/finalizeaccount',
      });
      expect(skipped.json<{ completedSteps: string[] }>().completedSteps).toContain('sin');
    });

    it('refuses a 9-series SIN for a TFSA', async () => {
      const draft = await through('address', ['2902']);
      await put(draft.cookie, 'Products', {});
      const res = await put(draft.cookie, 'Sin', { sin: '900000006' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemBody>().errors?.[0]?.key).toBe('sin.invalid');
    });
  });

  describe('reload and secrets', () => {
    it('GET Application returns every answer entered, SIN masked', async () => {
      const draft = await through('address', ['2003']);
      await put(draft.cookie, 'Products', { termPeriod: '1 Years 3.1%', termOption: 'transfer' });
      await put(draft.cookie, 'Sin', { sin: SIN });
      const res = await view(draft.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        personalInfo: { firstName: 'Ada', lastName: 'Lovelace', dob_year: yearsAgo(40), phoneType: 'mobile' },
        phone: { verified: true, status: 'approved' },
        address: { streetNumber: '290', streetName: 'Bremner Blvd', postalCode: 'M5V 3L9', country: 'CA' },
        products: { termPeriod: '1 Years 3.1%', termOption: 'transfer' },
        sin: { provided: true, masked: '***-***-544' },
        completedSteps: [
          'createprofile',
          'personalinfo',
          'verificationCode',
          'address',
          'confirmproducts',
          'sin',
        ],
        nextPath: '/single/finalizeaccount',
      });
    });

    it('never writes the password or the SIN to the log, nor in clear to the database', async () => {
      const draft = await through('address', ['2002']);
      await put(draft.cookie, 'Products', {});
      expect((await put(draft.cookie, 'Sin', { sin: '130-692-544' })).statusCode).toBe(200);
      await put(draft.cookie, 'Sin', { sin: '130 692 545' }); // a refused one is not logged either

      const log = logLines.join('');
      expect(log.length).toBeGreaterThan(0);
      for (const secret of [PASSWORD, SIN, '130-692-544', '130 692 544', '130 692 545', 'Other1pass']) {
        expect(log).not.toContain(secret);
      }
      expect(log).not.toContain(draft.cookie.split('=')[1]);

      const rows = await t.app.db.selectFrom('applications').selectAll().execute();
      for (const row of rows) {
        expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        const text = JSON.stringify(row);
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain('Other1pass');
        expect(text).not.toContain(SIN);
      }
      const row = rows.find((r) => r.id === draft.id)!;
      expect(row.sin_ciphertext).toMatch(/^v1\./);
      expect(row.sin_last3).toBe('544');
    });
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
    ]) {
      expect(paths).toContain(`/api/omo/${p}`);
    }
  });
});
