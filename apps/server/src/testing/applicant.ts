/**
 * Drives an applicant through the API for route tests: start, then each step with valid answers, up to the
 * step a test needs. The phone step is closed in the database (its own suite covers the codes).
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { updateApplicant, updatePhoneState } from '../modules/application/repository.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

export const TEST_PASSWORD = 'Secr3tPass9';
export const TEST_SIN = '130692544';

export const validAccountUsage = {
  creditSources: { cash: 1, cheque: 0, payroll: 3, eft: 2 },
  depositSources: { branch: 0, atm: 1, wires: 0, eft: 3 },
};

export const validLegalTerms = {
  resStatus: 'yes',
  taxResidentorCitizenUs: 'no',
  taxNotCanadaNotUS: 'no',
  polExposed: 'no',
  ontarioWork: 'yes',
  occupation: { id: '2173', name: 'Software engineers and designers' },
  ownerOperator: 'no',
  singleInstitution: 'yes',
  natureOfBanking: 'Personal',
  primaryPurpose: '1',
  primaryPurposeGIC: '5',
};

export interface TestApplicant {
  flow: 'single' | 'joint';
  id: string;
  applicationId: string;
  email: string;
  cookie: string;
  call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  put(step: string, payload: unknown): Promise<LightMyRequestResponse>;
  view(): Promise<LightMyRequestResponse>;
}

export interface StartOptions {
  productIds?: string[];
  lastName?: string;
  flow?: 'single' | 'joint';
  extra?: Record<string, unknown>;
}

/** Starts an application through InitializeApplication (each applicant from its own address). */
export async function startApplicant(t: TestApp, options: StartOptions = {}): Promise<TestApplicant> {
  counter += 1;
  const email = `tester${counter}.${Date.now()}@example.com`;
  const remoteAddress = `10.77.${Math.floor(counter / 250) % 250}.${counter % 250}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/omo/InitializeApplication',
    remoteAddress,
    payload: {
      email,
      password: TEST_PASSWORD,
      consent: true,
      productIds: options.productIds ?? ['2001'],
      flow: options.flow ?? 'single',
      ...options.extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.cookies.find((c) => c.name.endsWith('omo_session'))!;
  const cookie = `${session.name}=${session.value}`;
  const row = await t.app.db
    .selectFrom('applicants')
    .select(['id', 'application_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const call: TestApplicant['call'] = (method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    flow: options.flow ?? 'single',
    id: row.id,
    applicationId: row.application_id,
    email,
    cookie,
    call,
    put: (step, payload) => call('PUT', `/api/omo/Application/${step}`, payload),
    view: () => call('GET', '/api/omo/Application'),
  };
}

const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** Personal information (the last name picks the sandbox persona), and the phone step closed as verified. */
export async function throughPhone(t: TestApp, a: TestApplicant, lastName = 'Lovelace') {
  ok(
    await a.put('PersonalInfo', {
      firstName: 'Ada',
      lastName,
      dob_month: '05',
      dob_day: '10',
      dob_year: String(new Date().getFullYear() - 40),
      phoneNumber: '(416) 555-0123',
      phoneType: 'mobile',
      ...(a.flow === 'single' ? { hasJointApp: 'no' } : {}),
    }),
  );
  await updatePhoneState(t.app.db, a.id, { status: 'approved', channel: 'sms' });
  await updateApplicant(t.app.db, a.id, { phoneVerified: true });
}

export const TORONTO = {
  isManualAddress: true,
  streetNumber: '290',
  streetName: 'Bremner Blvd',
  cityName: 'Toronto',
  provinceName: 'ON',
  postalCode: 'M5V 3L9',
  country: 'CA',
  isMailingAddressSame: true,
};

/** The address step; answers its save. */
export async function throughAddress(t: TestApp, a: TestApplicant, lastName?: string) {
  await throughPhone(t, a, lastName);
  return ok(await a.put('Address', TORONTO));
}

/** Up to the account-usage screen of the primary applicant: products confirmed, the SIN when asked for. */
export async function throughProducts(t: TestApp, a: TestApplicant, lastName?: string) {
  await throughAddress(t, a, lastName);
  const view = (await a.view()).json<{ productIds: string[] }>();
  ok(
    await a.put(
      'Products',
      view.productIds.includes('2003') ? { termPeriod: '1 Years 3.1%', termOption: 'rollover' } : {},
    ),
  );
  if (view.productIds.some((id) => id !== '2001')) return ok(await a.put('Sin', { sin: TEST_SIN }));
  return a.view();
}

/** The identity check the account-usage screen runs; answers the view. */
export async function runIdentityCheck(a: TestApplicant) {
  return a.call('POST', '/api/omo/IdentityCheck');
}

/** Account usage for every product of the application. */
export async function answerAccountUsage(a: TestApplicant) {
  const view = (await a.view()).json<{ productIds: string[] }>();
  return ok(
    await a.put('AccountUsage', Object.fromEntries(view.productIds.map((id) => [id, validAccountUsage]))),
  );
}
