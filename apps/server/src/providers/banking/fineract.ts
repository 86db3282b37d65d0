/**
 * The core banking in Apache Fineract (REST API under /fineract-provider/api/v1, the tenant header, HTTP
 * Basic), from the domain's membership request (decision 0075):
 * - each applicant a client (externalId = omo's applicant id) with its home and mailing addresses, the
 *   SIN as an identifier only when the credit union opts in (FINERACT_SEND_SIN), and its compliance answers
 *   in a datatable on the client;
 * - chequing and savings products a savings account (submitted, approved, activated); GICs a fixed-deposit
 *   account with the chosen term and maturity instruction (submitted and approved: it is activated when
 *   funded); each account's usage answers and percentages in a datatable on the account;
 * - Fineract has no joint holder of a savings account: the co-applicant is a second client, linked to
 *   each account by a row of the joint-holder datatable.
 * Every call that writes carries an `Idempotency-Key` made from the application, the step and what it is
 * about, so a retried decision replays what Fineract already did and opens nothing twice. The ids of
 * offices, products, code values and datatables are data (FINERACT_MAPPING_FILE).
 */
import { readFileSync } from 'node:fs';
import type { MembershipApplicant, MembershipContact, MembershipProductLine } from '@omo/domain';
import { z } from 'zod';
import { callPartner, DEFAULT_PARTNER_TIMEOUT_MS } from '../http.ts';
import type { BankingFailure, BankingProvider, MembershipAnswer, MembershipRequest } from './banking.ts';

/** Fineract's ids for omo's data (FINERACT_MAPPING_FILE). */
export const fineractMappingSchema = z.strictObject({
  officeId: z.number().int().positive(),
  legalFormId: z.number().int().positive(),
  /** Code value of the client identifier document type 'SIN'. */
  sinDocumentTypeId: z.number().int().positive(),
  addressTypeIds: z.strictObject({ home: z.number().int().positive(), mailing: z.number().int().positive() }),
  /** Code values of the STATE and COUNTRY code lists, by omo's two-letter codes (absent ones left out). */
  stateProvinceIds: z.record(z.string(), z.number().int().positive()),
  countryIds: z.record(z.string(), z.number().int().positive()),
  datatables: z.strictObject({
    /** On m_client: the compliance answers. */
    compliance: z.string().min(1),
    /** On m_savings_account: the usage answers and percentages, and how the first deposit comes. */
    accountUsage: z.string().min(1),
    /** On m_savings_account: the co-applicant's client id (joint holder). */
    jointHolder: z.string().min(1),
  }),
  /** omo's product id → the Fineract product it opens. */
  products: z.record(
    z.string(),
    z.strictObject({ type: z.enum(['savings', 'fixedDeposit']), productId: z.number().int().positive() }),
  ),
});
export type FineractMapping = z.infer<typeof fineractMappingSchema>;

/** Reads and checks the mapping file. @throws Error naming the file when it is missing or invalid */
export function loadFineractMapping(file: string): FineractMapping {
  const parsed = fineractMappingSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a Fineract mapping: ${parsed.error.message}`);
  return parsed.data;
}

/** Where omo keeps the members it opened (the e-mail check of existing members reads it). */
export interface MemberRegistry {
  record(member: { applicantId: string; email: string; memberNumber: string }): Promise<void>;
  hasEmail(email: string, exceptApplicantId: string): Promise<boolean>;
}

export interface FineractOptions {
  /** The server's base address; the adapter adds /fineract-provider/api/v1. */
  baseUrl: string;
  tenant: string;
  username: string;
  password: string;
  mapping: FineractMapping;
  /** Send the SIN as a client identifier (the credit union opted in). */
  sendSin: boolean;
  members: MemberRegistry;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Fineract's period frequency ids (depositPeriodFrequencyId). */
const PERIOD_FREQUENCY = { Days: 0, Months: 2, Years: 3 } as const;
/** Fineract's maturity instructions (DepositAccountOnClosureType). */
const MATURITY_INSTRUCTION = { payout: 100, transfer: 200, rollover: 300 } as const;

const DATES = { dateFormat: 'yyyy-MM-dd', locale: 'en' } as const;

class FineractError extends Error {
  constructor(readonly failure: BankingFailure) {
    super(failure.message);
  }
}

export function createFineractBanking(options: FineractOptions): BankingProvider {
  const api = `${options.baseUrl.replace(/\/+$/, '')}/fineract-provider/api/v1`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARTNER_TIMEOUT_MS;
  const { mapping } = options;
  const auth = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;

  /** One call; a write carries its idempotency key. @throws FineractError when there is no usable answer */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    operation: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<Record<string, unknown>> {
    const answer = await callPartner(
      doFetch,
      `${api}${path}`,
      {
        method,
        headers: {
          authorization: auth,
          'fineract-platform-tenantid': options.tenant,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      timeoutMs,
    );
    if (!answer.ok) {
      throw new FineractError({
        code: 'unavailable',
        message: `Fineract ${operation}: ${answer.kind}`,
        kind: answer.kind,
      });
    }
    const status = answer.response.status;
    if (
      status >= 200 &&
      status < 300 &&
      answer.bodyIsJson &&
      typeof answer.body === 'object' &&
      answer.body
    ) {
      return answer.body as Record<string, unknown>;
    }
    // A 400 or 403 is Fineract refusing the request (validation, a domain rule); anything else an outage.
    const refused = status === 400 || status === 403;
    const code = (answer.body as { userMessageGlobalisationCode?: unknown } | undefined)
      ?.userMessageGlobalisationCode;
    throw new FineractError({
      code: refused ? 'rejected' : 'unavailable',
      message: `Fineract ${operation}: HTTP ${status}${typeof code === 'string' ? ` ${code}` : ''}`,
      httpStatus: status,
      ...(refused
        ? {}
        : { kind: status >= 200 && status < 300 ? ('malformed' as const) : ('httpError' as const) }),
    });
  }

  const idOf = (body: Record<string, unknown>, field: string, operation: string): number => {
    const id = body[field] ?? body.resourceId;
    if (typeof id !== 'number') {
      throw new FineractError({
        code: 'unavailable',
        message: `Fineract ${operation}: no ${field}`,
        kind: 'malformed',
      });
    }
    return id;
  };

  function addressOf(contact: MembershipContact, addressTypeId: number) {
    const stateProvinceId = mapping.stateProvinceIds[contact.province];
    const countryId = mapping.countryIds[contact.country];
    return {
      addressTypeId,
      addressLine1: `${contact.unit ? `${contact.unit}-` : ''}${contact.streetNo} ${contact.streetName}`,
      street: contact.streetName,
      city: contact.city,
      postalCode: contact.postalCode,
      ...(stateProvinceId ? { stateProvinceId } : {}),
      ...(countryId ? { countryId } : {}),
      isActive: true,
    };
  }

  /** The client of an applicant, with its identifier and compliance answers. @returns its client id */
  async function openClient(key: string, who: MembershipApplicant, on: string): Promise<number> {
    const phone = who.contact.mobileArea
      ? `${who.contact.mobileArea}${who.contact.mobilePhone}`
      : `${who.contact.homeArea}${who.contact.homePhone}`;
    const created = await call(
      'POST',
      '/clients',
      'createClient',
      {
        officeId: mapping.officeId,
        legalFormId: mapping.legalFormId,
        externalId: who.applicantId,
        firstname: who.firstName,
        ...(who.middleName ? { middlename: who.middleName } : {}),
        lastname: who.lastName,
        dateOfBirth: who.birthDate,
        mobileNo: phone,
        emailAddress: who.contact.email1,
        active: true,
        activationDate: on,
        submittedOnDate: on,
        address: [
          addressOf(who.contact, mapping.addressTypeIds.home),
          addressOf(who.mailingContact, mapping.addressTypeIds.mailing),
        ],
        ...DATES,
      },
      `${key}:client:${who.applicantId}`,
    );
    const clientId = idOf(created, 'clientId', 'createClient');
    if (options.sendSin && who.sin) {
      await call(
        'POST',
        `/clients/${clientId}/identifiers`,
        'createIdentifier',
        {
          documentTypeId: mapping.sinDocumentTypeId,
          documentKey: who.sin,
          status: 'Active',
          description: 'SIN',
        },
        `${key}:identifier:${who.applicantId}`,
      );
    }
    const c = who.compliance;
    await call(
      'POST',
      `/datatables/${mapping.datatables.compliance}/${clientId}`,
      'compliance',
      {
        canadian_resident: c.canadianResident,
        us_citizen_or_resident: c.usCitizenOrResident,
        us_tin: c.usTin ?? null,
        crs_tax_other_country: c.crsTaxOtherCountry,
        crs_country: c.crsCountry ?? null,
        crs_tin: c.crsTin ?? null,
        work_in_canada: c.workInCanada,
        owner_operator: c.ownerOperator,
        single_institution: c.singleInstitution,
        nature_of_banking: c.natureOfBanking,
        pol_exposed: c.polExposed,
        pol_expo_fam_mem: c.polExpoFamMem,
        position_held: c.positionHeld ?? null,
        cont_position_held: c.contPositionHeld ?? null,
        occupation_code: c.occupationCode,
        occupation: c.occupation,
        sin_status: who.sinStatus,
        identity_verification: who.identityVerification.method,
        rcv_email_offers: who.rcvEmailOffers,
        language: who.language,
        locale: 'en',
      },
      `${key}:compliance:${who.applicantId}`,
    );
    return clientId;
  }

  /** One product's account: submitted, approved (and activated for savings). @returns its account id */
  async function openAccount(
    key: string,
    request: MembershipRequest,
    line: MembershipProductLine,
    clientId: number,
    on: string,
  ): Promise<{ id: number; type: 'savings' | 'fixedDeposit' }> {
    const product = mapping.products[line.productId];
    if (!product) {
      throw new FineractError({
        code: 'rejected',
        message: `Fineract: no product mapped for ${line.productId}`,
      });
    }
    const lineKey = `${key}:${line.productId}`;
    const common = {
      clientId,
      productId: product.productId,
      submittedOnDate: on,
      externalId: `${request.applicationId}:${line.productId}`,
      ...DATES,
    };
    let id: number;
    if (product.type === 'fixedDeposit') {
      if (!line.term)
        throw new FineractError({ code: 'rejected', message: 'Fineract: a GIC without a term' });
      const path = '/fixeddepositaccounts';
      id = idOf(
        await call(
          'POST',
          path,
          'submitFixedDeposit',
          {
            ...common,
            // The first deposit the applicant chose, else the product's minimum until it is funded.
            depositAmount: line.funding.amount ?? line.term.minimumDeposit,
            depositPeriod: line.term.period,
            depositPeriodFrequencyId: PERIOD_FREQUENCY[line.term.periodType],
            maturityInstructionId: MATURITY_INSTRUCTION[line.term.maturityInstruction],
          },
          `${lineKey}:submit`,
        ),
        'savingsId',
        'submitFixedDeposit',
      );
      await call(
        'POST',
        `${path}/${id}?command=approve`,
        'approveFixedDeposit',
        { approvedOnDate: on, ...DATES },
        `${lineKey}:approve`,
      );
    } else {
      const path = '/savingsaccounts';
      id = idOf(
        await call('POST', path, 'submitSavings', common, `${lineKey}:submit`),
        'savingsId',
        'submitSavings',
      );
      await call(
        'POST',
        `${path}/${id}?command=approve`,
        'approveSavings',
        { approvedOnDate: on, ...DATES },
        `${lineKey}:approve`,
      );
      await call(
        'POST',
        `${path}/${id}?command=activate`,
        'activateSavings',
        { activatedOnDate: on, ...DATES },
        `${lineKey}:activate`,
      );
    }
    const u = line.usage;
    await call(
      'POST',
      `/datatables/${mapping.datatables.accountUsage}/${id}`,
      'accountUsage',
      {
        usage_type: u.usageType,
        other_usage: u.otherUsage ?? null,
        contract_type: line.contractType ?? null,
        credit_cash: u.creditSources.cash,
        credit_cheque: u.creditSources.cheque,
        credit_payroll: u.creditSources.payroll,
        credit_eft: u.creditSources.eft,
        deposit_branch: u.depositSources.branch,
        deposit_atm: u.depositSources.atm,
        deposit_wires: u.depositSources.wires,
        deposit_eft: u.depositSources.eft,
        cash_prct: u.cashPrct,
        cheque_prct: u.chequePrct,
        payroll_prct: u.payrollPrct,
        eft_prct: u.eftPrct,
        branch_prct: u.branchPrct,
        atm_prct: u.atmPrct,
        wires_prct: u.wiresPrct,
        deposit_eft_prct: u.depositEftPrct,
        branch_code: request.branchCode,
        // How the first deposit comes (the funding step): staff match it when it arrives.
        funding_method: line.funding.method,
        funding_amount: line.funding.amount ?? null,
        locale: 'en',
      },
      `${lineKey}:usage`,
    );
    return { id, type: product.type };
  }

  async function accountNumberOf(path: string, operation: string): Promise<string> {
    const body = await call('GET', path, operation);
    const accountNo = body.accountNo;
    if (typeof accountNo !== 'string' || accountNo === '') {
      throw new FineractError({
        code: 'unavailable',
        message: `Fineract ${operation}: no accountNo`,
        kind: 'malformed',
      });
    }
    return accountNo;
  }

  async function open(request: MembershipRequest): Promise<MembershipAnswer> {
    const key = `omo:${request.applicationId}`;
    const on = request.submittedAt.slice(0, 10);
    const clientId = await openClient(key, request.primary, on);
    const jointClientId = request.jointHolder ? await openClient(key, request.jointHolder, on) : undefined;
    const accounts: { productId: string; accountNumber: string }[] = [];
    for (const line of request.products) {
      const account = await openAccount(key, request, line, clientId, on);
      if (jointClientId !== undefined) {
        await call(
          'POST',
          `/datatables/${mapping.datatables.jointHolder}/${account.id}`,
          'jointHolder',
          { client_id: jointClientId, external_id: request.jointHolder?.applicantId, locale: 'en' },
          `${key}:${line.productId}:joint`,
        );
      }
      const path = account.type === 'fixedDeposit' ? '/fixeddepositaccounts' : '/savingsaccounts';
      accounts.push({
        productId: line.productId,
        accountNumber: await accountNumberOf(`${path}/${account.id}`, 'readAccount'),
      });
    }
    const memberNumber = await accountNumberOf(`/clients/${clientId}`, 'readClient');
    const jointMemberNumber =
      jointClientId === undefined
        ? undefined
        : await accountNumberOf(`/clients/${jointClientId}`, 'readClient');
    await options.members.record({
      applicantId: request.primary.applicantId,
      email: request.primary.contact.email1,
      memberNumber,
    });
    if (request.jointHolder && jointMemberNumber) {
      await options.members.record({
        applicantId: request.jointHolder.applicantId,
        email: request.jointHolder.contact.email1,
        memberNumber: jointMemberNumber,
      });
    }
    return {
      status: 'approved',
      memberNumber,
      ...(jointMemberNumber ? { jointMemberNumber } : {}),
      accounts,
    };
  }

  return {
    name: 'fineract',
    // Fineract keeps no block list: the credit union's list is the decision's (the back office's list).
    async isBlockListed() {
      return { ok: true, value: false };
    },
    async hasMembership(email, exceptApplicantId) {
      return { ok: true, value: await options.members.hasEmail(email, exceptApplicantId) };
    },
    async openMembership(request) {
      try {
        return { ok: true, value: await open(request) };
      } catch (error) {
        if (error instanceof FineractError) return { ok: false, failure: error.failure };
        throw error;
      }
    },
  };
}
