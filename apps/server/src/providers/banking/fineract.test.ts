/**
 * Contract test of the Fineract adapter against a local fake of Fineract's endpoints: the membership
 * request of each sandbox persona that reaches the core, single and joint, becomes the calls and fields
 * Fineract documents; a retried decision replays the same idempotency keys and opens one client.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  EXAMPLE_LEGAL_TERMS,
  membershipRequestOf,
  productOfferingSchema,
  type MembershipApplicantAnswers,
  type MembershipRequest,
  type ProductOffering,
} from '@omo/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFineract, type FakeFineract } from './fineract.fake.ts';
import { createFineractBanking, loadFineractMapping, type MemberRegistry } from './fineract.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const CATALOGUE: ProductOffering[] = productOfferingSchema
  .array()
  .parse(JSON.parse(readFileSync(path.join(ROOT, 'data/products.json'), 'utf8')));
const MAPPING = loadFineractMapping(path.join(ROOT, 'data/fineract-mapping.json'));
const CREDENTIALS = { username: 'mifos', password: 'fake-password', tenant: 'omo' };
const product = (id: string) => CATALOGUE.find((p) => p.productID === id)!;

const USAGE = {
  creditSources: { cash: 1, cheque: 0, payroll: 3, eft: 2 },
  depositSources: { branch: 0, atm: 1, wires: 0, eft: 3 },
};

function applicant(
  id: string,
  lastName: string,
  extra: Partial<MembershipApplicantAnswers> = {},
): MembershipApplicantAnswers {
  return {
    applicantId: id,
    email: `${id}@example.com`,
    language: 'en',
    consent: true,
    personalInfo: {
      firstName: 'Ada',
      lastName,
      dob_year: '1980',
      dob_month: '05',
      dob_day: '10',
      phoneNumber: '(416) 555-0100',
      phoneType: 'mobile',
      hasSweep: 'yes',
      sweepBelowBalance: '100',
      sweepExceedsBalance: '2500.50',
    },
    address: {
      streetNumber: '290',
      unitNumber: '4',
      streetName: 'Bremner Blvd',
      cityName: 'Toronto',
      provinceName: 'ON',
      postalCode: 'M5V 3L9',
      country: 'CA',
      isMailingAddressSame: false,
      maStreetNumber: '10',
      maStreetName: 'Main St',
      maCityName: 'Buffalo',
      maProvinceName: 'NY',
      maPostalCode: '14202',
      maCountry: 'US',
    },
    sin: '130692544',
    // A US citizen, related to a politically exposed person.
    legalTerms: {
      ...EXAMPLE_LEGAL_TERMS,
      taxResidentorCitizenUs: 'yes',
      crsUsTin: '123-45-6789',
      polExposed: 'yes',
      politicallyExposedType: 'relative',
      positionHeld: 'Mayor',
      countryPositionHeld: 'CA',
    },
    identityStatus: 'passed',
    ...extra,
  };
}

/** The request of a persona: a chequing account and a GIC (rollover), alone or with a co-applicant. */
function requestOf(
  lastName: string,
  joint: boolean,
  applicationId = `app-${lastName.toLowerCase()}-${joint}`,
): MembershipRequest {
  const products = [product('1001'), product('1301')];
  const rate = products[1]!.termDepositAcctConfig!.termRate[0]!;
  return membershipRequestOf(
    {
      applicationId,
      appRefNo: 'OMOABC123P',
      submittedAt: '2026-11-20T10:00:00.000Z',
      sweepEnabled: true,
      productChoice: {
        termPeriod: `${rate.period} ${rate.periodType} ${rate.rate}%`,
        termOption: 'rollover',
      },
      accountUsage: { '1001': USAGE, '1301': USAGE },
      isSavingsOffer: false,
      funding: {
        accounts: [
          { productId: '1001', method: 'eTransfer', amountCents: 15000 },
          { productId: '1301', method: 'branch', amountCents: 150000 },
        ],
      },
      primary: applicant(`${applicationId}-p`, lastName),
      ...(joint
        ? {
            coApplicant: applicant(`${applicationId}-j`, 'Hopper', {
              sin: 'atBranch',
              identityStatus: 'documentApproved',
            }),
          }
        : {}),
    },
    { branchCode: '001', products },
  );
}

/** The sandbox personas whose membership reaches the core (the others are decided before it). */
const PERSONAS = ['Lovelace', 'Review', 'Decline', 'Offer', 'Slow'];

describe('Fineract adapter against a local fake of Fineract', () => {
  let fake: FakeFineract;
  const members = new Map<string, { email: string; memberNumber: string }>();
  const registry: MemberRegistry = {
    async record(m) {
      members.set(m.applicantId, m);
    },
    async hasEmail(email, except) {
      return [...members.entries()].some(([id, m]) => id !== except && m.email === email);
    },
  };
  beforeAll(async () => {
    fake = await startFakeFineract(CREDENTIALS);
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });
  const adapter = (sendSin = false, timeoutMs = 2000) =>
    createFineractBanking({
      baseUrl: fake.baseUrl,
      ...CREDENTIALS,
      mapping: MAPPING,
      sendSin,
      members: registry,
      timeoutMs,
    });

  for (const persona of PERSONAS) {
    for (const joint of [false, true]) {
      it(`opens the ${persona} persona's ${joint ? 'joint' : 'single'} membership: every call, key and field`, async () => {
        const request = requestOf(persona, joint);
        const opened = await adapter(true).openMembership(request);
        if (!opened.ok || opened.value.status !== 'approved')
          throw new Error(`not opened: ${JSON.stringify(opened)}`);
        const key = `omo:${request.applicationId}`;
        const p = request.primary.applicantId;
        const j = request.jointHolder?.applicantId;
        const calls = fake.requests.map(
          (r) => `${r.method} ${r.path.replace(/\/\d+/g, '/{id}')} ${r.idempotencyKey ?? '-'}`,
        );
        const client = (id: string) => [
          `POST /clients ${key}:client:${id}`,
          ...(id === p ? [`POST /clients/{id}/identifiers ${key}:identifier:${id}`] : []),
          `POST /datatables/omo_compliance/{id} ${key}:compliance:${id}`,
        ];
        const account = (productId: string, kind: 'savingsaccounts' | 'fixeddepositaccounts') => [
          `POST /${kind} ${key}:${productId}:submit`,
          `POST /${kind}/{id}?command=approve ${key}:${productId}:approve`,
          ...(kind === 'savingsaccounts'
            ? [`POST /${kind}/{id}?command=activate ${key}:${productId}:activate`]
            : []),
          `POST /datatables/omo_account_usage/{id} ${key}:${productId}:usage`,
          ...(j ? [`POST /datatables/omo_joint_holder/{id} ${key}:${productId}:joint`] : []),
          `GET /${kind}/{id} -`,
        ];
        expect(calls).toEqual([
          ...client(p),
          ...(j ? client(j) : []),
          ...account('1001', 'savingsaccounts'),
          ...account('1301', 'fixeddepositaccounts'),
          `GET /clients/{id} -`,
          ...(j ? [`GET /clients/{id} -`] : []),
        ]);

        const body = (path: string, idempotencyKey: string) =>
          fake.requests.find((r) => r.path.startsWith(path) && r.idempotencyKey === idempotencyKey)?.body;
        expect(body('/clients', `${key}:client:${p}`)).toEqual({
          officeId: 1,
          legalFormId: 1,
          externalId: p,
          firstname: 'Ada',
          lastname: persona,
          dateOfBirth: '1980-05-10',
          mobileNo: '4165550100',
          emailAddress: `${p}@example.com`,
          active: true,
          activationDate: '2026-11-20',
          submittedOnDate: '2026-11-20',
          address: [
            {
              addressTypeId: 1,
              addressLine1: '4-290 Bremner Blvd',
              street: 'Bremner Blvd',
              city: 'Toronto',
              postalCode: 'M5V 3L9',
              stateProvinceId: MAPPING.stateProvinceIds.ON,
              countryId: MAPPING.countryIds.CA,
              isActive: true,
            },
            {
              addressTypeId: 2,
              addressLine1: '10 Main St',
              street: 'Main St',
              city: 'Buffalo',
              postalCode: '14202',
              countryId: MAPPING.countryIds.US,
              isActive: true,
            },
          ],
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
        });
        expect(body('/clients/', `${key}:identifier:${p}`)).toEqual({
          documentTypeId: 1,
          documentKey: '130692544',
          status: 'Active',
          description: 'SIN',
        });
        expect(body('/datatables/omo_compliance/', `${key}:compliance:${p}`)).toEqual({
          canadian_resident: true,
          us_citizen_or_resident: true,
          us_tin: '123-45-6789',
          crs_tax_other_country: false,
          crs_country: null,
          crs_tin: null,
          work_in_canada: true,
          owner_operator: false,
          single_institution: true,
          nature_of_banking: 'Personal',
          pol_exposed: false,
          pol_expo_fam_mem: true,
          position_held: 'Mayor',
          cont_position_held: 'CA',
          occupation_code: '2173',
          occupation: 'Software engineers and designers',
          sin_status: 'provided',
          identity_verification: 'identityProvider',
          rcv_email_offers: true,
          language: 'en',
          locale: 'en',
        });
        const clientId = [...fake.clients.entries()].find(([, c]) => c.body.externalId === p)![0];
        expect(body('/savingsaccounts', `${key}:1001:submit`)).toEqual({
          clientId,
          productId: MAPPING.products['1001']!.productId,
          submittedOnDate: '2026-11-20',
          externalId: `${request.applicationId}:1001`,
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
        });
        expect(body('/savingsaccounts/', `${key}:1001:approve`)).toEqual({
          approvedOnDate: '2026-11-20',
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
        });
        expect(body('/savingsaccounts/', `${key}:1001:activate`)).toEqual({
          activatedOnDate: '2026-11-20',
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
        });
        const gic = product('1301').termDepositAcctConfig!;
        expect(body('/fixeddepositaccounts', `${key}:1301:submit`)).toEqual({
          clientId,
          productId: MAPPING.products['1301']!.productId,
          submittedOnDate: '2026-11-20',
          externalId: `${request.applicationId}:1301`,
          // The first deposit the applicant said they would make (at least the minimum).
          depositAmount: 1500,
          depositPeriod: gic.termRate[0]!.period,
          depositPeriodFrequencyId: { Days: 0, Months: 2, Years: 3 }[gic.termRate[0]!.periodType],
          maturityInstructionId: 300,
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
        });
        expect(body('/datatables/omo_account_usage/', `${key}:1001:usage`)).toEqual({
          usage_type: 'PayrollandorLivingExpenses',
          other_usage: null,
          contract_type: null,
          credit_cash: 1,
          credit_cheque: 0,
          credit_payroll: 3,
          credit_eft: 2,
          deposit_branch: 0,
          deposit_atm: 1,
          deposit_wires: 0,
          deposit_eft: 3,
          cash_prct: 17,
          cheque_prct: 0,
          payroll_prct: 50,
          eft_prct: 33,
          branch_prct: 0,
          atm_prct: 25,
          wires_prct: 0,
          deposit_eft_prct: 75,
          branch_code: '001',
          funding_method: 'eTransfer',
          funding_amount: 150,
          locale: 'en',
        });
        expect(body('/datatables/omo_account_usage/', `${key}:1301:usage`)).toMatchObject({
          usage_type: 'SavingsRetirement',
          funding_method: 'branch',
          funding_amount: 1500,
        });

        const chequing = [...fake.accounts.values()].find(
          (a) => a.body.externalId === `${request.applicationId}:1001`,
        )!;
        const deposit = [...fake.accounts.values()].find(
          (a) => a.body.externalId === `${request.applicationId}:1301`,
        )!;
        expect(chequing.status).toBe('active');
        // A GIC is activated when it is funded.
        expect(deposit.status).toBe('approved');
        expect(opened.value.memberNumber).toBe(fake.clients.get(clientId)!.accountNo);
        expect(opened.value.accounts).toEqual([
          { productId: '1001', accountNumber: chequing.accountNo },
          { productId: '1301', accountNumber: deposit.accountNo },
        ]);
        if (j) {
          const jointClient = [...fake.clients.entries()].find(([, c]) => c.body.externalId === j)!;
          expect(jointClient[1].identifiers).toEqual([]);
          expect(fake.datatables.get(`omo_joint_holder/${chequing.id}`)).toEqual({
            client_id: jointClient[0],
            external_id: j,
            locale: 'en',
          });
          expect(fake.datatables.get(`omo_joint_holder/${deposit.id}`)).toEqual({
            client_id: jointClient[0],
            external_id: j,
            locale: 'en',
          });
          expect(fake.datatables.get(`omo_compliance/${jointClient[0]}`)).toMatchObject({
            sin_status: 'atBranch',
            identity_verification: 'documents',
          });
          expect(opened.value.jointMemberNumber).toBe(jointClient[1].accountNo);
          expect(members.get(j)?.memberNumber).toBe(jointClient[1].accountNo);
        } else {
          expect(opened.value.jointMemberNumber).toBeUndefined();
        }
        expect(members.get(p)?.memberNumber).toBe(opened.value.memberNumber);
      });
    }
  }

  it('sends no SIN identifier unless the credit union opts in', async () => {
    const request = requestOf('Lovelace', false, 'app-no-sin');
    expect((await adapter(false).openMembership(request)).ok).toBe(true);
    expect(fake.requests.some((r) => r.path.includes('/identifiers'))).toBe(false);
  });

  it('a retried decision sends the same idempotency keys, and opens one client and one account per product', async () => {
    const request = requestOf('Lovelace', true, 'app-retry');
    // The core fails in the middle (the GIC's approval): nothing counts as opened, the decision retries.
    fake.failNext(503, '/fixeddepositaccounts/');
    const first = await adapter().openMembership(request);
    expect(first).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'unavailable', httpStatus: 503, kind: 'httpError' }),
    });
    const firstKeys = fake.requests.filter((r) => r.idempotencyKey).map((r) => r.idempotencyKey);
    fake.requests.length = 0;
    const second = await adapter().openMembership(request);
    const third = await adapter().openMembership(request);
    if (!second.ok || !third.ok) throw new Error('the retries failed');
    expect(third.value).toEqual(second.value);
    const secondKeys = fake.requests.filter((r) => r.idempotencyKey).map((r) => r.idempotencyKey);
    expect(new Set(secondKeys)).toEqual(new Set([...firstKeys, ...secondKeys]));
    expect(fake.requests.filter((r) => r.replayed).length).toBeGreaterThan(0);
    const clientsOf = (id: string) => [...fake.clients.values()].filter((c) => c.body.externalId === id);
    expect(clientsOf(request.primary.applicantId)).toHaveLength(1);
    expect(clientsOf(request.jointHolder!.applicantId)).toHaveLength(1);
    const accountsOf = [...fake.accounts.values()].filter((a) =>
      String(a.body.externalId).startsWith('app-retry:'),
    );
    expect(accountsOf.map((a) => a.body.externalId).sort()).toEqual(['app-retry:1001', 'app-retry:1301']);
  });

  it('a call that outlasts the timeout is unavailable; the retry finds what Fineract did meanwhile', async () => {
    const request = requestOf('Lovelace', false, 'app-timeout');
    const handled = fake.delayNext(400, '/clients');
    const first = await adapter(false, 150).openMembership(request);
    expect(first).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'unavailable', kind: 'timeout' }),
    });
    // Fineract created the client after omo gave up; the retry replays it rather than refused as a duplicate.
    await handled;
    const second = await adapter().openMembership(request);
    expect(second.ok).toBe(true);
    expect(
      [...fake.clients.values()].filter((c) => c.body.externalId === request.primary.applicantId),
    ).toHaveLength(1);
  });

  it("takes Fineract's validation refusal as rejected, and a 5xx or a wrong password as unavailable", async () => {
    fake.failNext(400, '/clients');
    expect(await adapter().openMembership(requestOf('Lovelace', false, 'app-400'))).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'rejected', httpStatus: 400 }),
    });
    fake.failNext(500);
    expect(await adapter().openMembership(requestOf('Lovelace', false, 'app-500'))).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'unavailable', httpStatus: 500 }),
    });
    const wrong = createFineractBanking({
      baseUrl: fake.baseUrl,
      ...CREDENTIALS,
      password: 'nope',
      mapping: MAPPING,
      sendSin: false,
      members: registry,
    });
    expect(await wrong.openMembership(requestOf('Lovelace', false, 'app-401'))).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'unavailable', httpStatus: 401 }),
    });
  });

  it('answers an existing membership from the members omo opened, and keeps no block list', async () => {
    const request = requestOf('Lovelace', false, 'app-member');
    await adapter().openMembership(request);
    expect(await adapter().hasMembership(request.primary.contact.email1, 'someone-else')).toEqual({
      ok: true,
      value: true,
    });
    expect(
      await adapter().hasMembership(request.primary.contact.email1, request.primary.applicantId),
    ).toEqual({ ok: true, value: false });
    expect(
      await adapter().isBlockListed({ firstName: 'Ada', lastName: 'Blocked', birthDate: '1980-05-10' }),
    ).toEqual({ ok: true, value: false });
  });
});
