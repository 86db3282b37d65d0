/**
 * A fictional applicant that goes through the flow by the HTTP API alone (no repository shortcut), as a
 * browser would: its calls carry its session cookie and its own client address; the verification code is
 * read from the sandbox outbox. Tests use it to reach any step; the last name picks the sandbox persona.
 */
import { EXAMPLE_ADDRESS, EXAMPLE_LEGAL_TERMS, fundingFieldsOf } from '@omo/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { Injector } from './http-injector.ts';
import { png } from './images.ts';

type Method = 'GET' | 'POST' | 'PUT';

/** Account-usage answers valid for any product (the shorter form's rows are a subset). */
export const validAccountUsage = {
  creditSources: { cash: 1, cheque: 0, payroll: 3, eft: 2 },
  depositSources: { branch: 0, atm: 1, wires: 0, eft: 3 },
};

/** The shorter account-usage form of the registered plans (no cash, ABM or branch). */
export const validShortAccountUsage = {
  creditSources: { cheque: 0, payroll: 3, eft: 2 },
  depositSources: { wires: 0, eft: 3 },
};

/** Compliance answers valid for the fixture catalogue (an occupation of its list). */
export const validLegalTerms = EXAMPLE_LEGAL_TERMS;

/** The applicant's answers: valid for the fixture catalogue's GIC (2003: interest-bearing, term rates). */
export const APPLICANT_ANSWERS = {
  password: 'Passw0rd12',
  productIds: ['2003'],
  personalInfo: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dob_month: '05',
    dob_day: '10',
    dob_year: '1980',
    phoneNumber: '(416) 555-0100',
    phoneType: 'mobile',
    hasJointApp: 'no',
  },
  address: EXAMPLE_ADDRESS,
  products: { termPeriod: '1 Years 3.1%', termOption: 'rollover' },
  sin: '130692544',
} as const;

/** SaveApplication's answer (the submit), as tests read it: its `show…` flags name the page shown. */
export interface SaveResponse {
  applicationId: string;
  applicantId: string;
  appRefNo: string;
  primaryCustNo: string | null;
  jointCustNo: string | null;
  hasResponse: boolean;
  [flag: string]: unknown;
}

/** The `show…` flags a save response sets. */
export const flagsOf = (response: SaveResponse): string[] =>
  Object.entries(response)
    .filter(([key, value]) => key.startsWith('show') && value === true)
    .map(([key]) => key);

/** An e-mail of the dev outbox (GET /api/dev/outbox). */
export interface OutboxMail {
  channel: string;
  to: string;
  subject: string;
  body: string;
  html: string | null;
}

/** The fixture catalogue's products that are interest bearing, and the one with term rates. */
const INTEREST_BEARING = new Set(['2002', '2003', '2902']);
const TERM_PRODUCT = '2003';
const REGISTERED = new Set(['2902']);

/** The steps `progress` can take the applicant through, in flow order. */
export const APPLICANT_STEPS = [
  'personalInfo',
  'phone',
  'address',
  'products',
  'funding',
  'sin',
  'identityConsent',
  'identityCheck',
  'accountUsage',
  'documents',
  'legalTerms',
  'reviewConsent',
] as const;
export type ApplicantStep = (typeof APPLICANT_STEPS)[number];

export interface TestApplicantOptions {
  /** The client address of the calls (may be changed between calls, as a mobile client's does). */
  ip?: string;
  productIds?: readonly string[];
  /** The legal last name: the sandbox persona. */
  lastName?: string;
  /** The legal first name and birth date (YYYY-MM-DD), when not Ada's (a sandbox listed person). */
  person?: { firstName: string; birthDate: string };
  /** The flow the profile is created in: 'joint' makes the co-applicant (with `jointCode`). */
  flow?: 'single' | 'joint';
  /** The co-applicant the primary names in personal information (a joint application). */
  coApplicant?: { firstName: string; lastName: string; email: string };
  /** The co-applicant's invitation code. */
  jointCode?: string;
}

let serial = 0;

/** The applicants made for each app: the funnel's guard checks its events against what they typed. */
const applicantsOf = new WeakMap<object, TestApplicant[]>();

/** What every applicant made for `app` typed or was given (answers, e-mail, phone, address, codes, IP). */
export function valuesTypedThrough(app: object): unknown[] {
  return (applicantsOf.get(app) ?? []).map((a) => a.typedValues());
}

export class TestApplicant {
  /** `name=value` of the session cookie, once issued. */
  cookie = '';
  /** The last verification code read from the outbox. */
  code = '';
  /** The reference number the server answered. */
  appRefNo = '';
  readonly email: string;
  /** A number of its own (555-01xx), so the per-number send ceiling of one applicant spares the others. */
  readonly phoneNumber: string;
  ip: string;
  readonly productIds: readonly string[];
  readonly lastName: string;
  readonly person: TestApplicantOptions['person'];
  readonly flow: 'single' | 'joint';
  readonly coApplicant: TestApplicantOptions['coApplicant'];
  jointCode: string | undefined;
  /** The co-applicant's code e-mailed to the invited address, once asked for. */
  emailCode = '';

  /**
   * @param app the instance the calls go to (may be switched to another instance of the same database),
   *   or a server process reached over HTTP (testing/http-injector.ts)
   */
  constructor(
    public app: Injector,
    options: TestApplicantOptions = {},
  ) {
    serial += 1;
    this.ip = options.ip ?? `10.9.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`;
    this.email = `ada.lovelace.${serial}.${process.pid}@example.com`;
    this.phoneNumber = `(416) 555-01${String(serial % 100).padStart(2, '0')}`;
    this.productIds = options.productIds ?? APPLICANT_ANSWERS.productIds;
    this.lastName = options.lastName ?? APPLICANT_ANSWERS.personalInfo.lastName;
    this.person = options.person;
    this.flow = options.flow ?? 'single';
    this.coApplicant = options.coApplicant;
    this.jointCode = options.jointCode;
    applicantsOf.set(app, [...(applicantsOf.get(app) ?? []), this]);
  }

  /** Everything this applicant typed or was given: what no funnel event may hold. */
  typedValues(): unknown {
    return {
      ...APPLICANT_ANSWERS,
      personalInfo: this.personalInfo(),
      email: this.email,
      phone: this.phoneNumber,
      ip: this.ip,
      code: this.code,
      appRefNo: this.appRefNo,
      coApplicant: this.coApplicant,
      accountUsage: validAccountUsage,
      legalTerms: validLegalTerms,
    };
  }

  /** Every account funded by Interac e-Transfer, $600 (above every fixture product's minimum). */
  funding(): Record<string, string> {
    return Object.fromEntries(
      this.productIds.flatMap((id) => {
        const field = fundingFieldsOf(id);
        return [
          [field.method, 'eTransfer'],
          [field.amount, '600'],
        ];
      }),
    );
  }

  /** The personal-information answers with this applicant's phone number, last name and co-applicant. */
  personalInfo(): Record<string, unknown> {
    const { hasJointApp: _none, ...answers } = APPLICANT_ANSWERS.personalInfo;
    const joint = this.coApplicant
      ? {
          hasJointApp: 'yes',
          jointFirstName: this.coApplicant.firstName,
          jointLastName: this.coApplicant.lastName,
          jointEmail: this.coApplicant.email,
        }
      : this.flow === 'joint'
        ? {}
        : { hasJointApp: 'no' };
    const [dob_year, dob_month, dob_day] = this.person?.birthDate.split('-') ?? [];
    const person = this.person ? { firstName: this.person.firstName, dob_year, dob_month, dob_day } : {};
    return { ...answers, ...joint, ...person, phoneNumber: this.phoneNumber, lastName: this.lastName };
  }

  /**
   * One call with the applicant's cookie and address; keeps a new session cookie when one is issued. An
   * object payload is sent as JSON, a string or buffer payload as it is.
   */
  async call(
    method: Method,
    url: string,
    payload?: unknown,
    options: { headers?: Record<string, string>; query?: Record<string, string | string[]> } = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...options.headers },
      ...(options.query ? { query: options.query } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const session = res.cookies.find((c) => c.name.endsWith('omo_session'));
    if (session) this.cookie = `${session.name}=${session.value}`;
    return res;
  }

  /** PUT /api/omo/Application/{step}. */
  put(step: string, payload: unknown): Promise<LightMyRequestResponse> {
    return this.call('PUT', `/api/omo/Application/${step}`, payload);
  }

  /** GET /api/omo/Application. */
  view(): Promise<LightMyRequestResponse> {
    return this.call('GET', '/api/omo/Application');
  }

  /** The InitializeApplication body of this applicant. */
  initializeBody(): Record<string, unknown> {
    return {
      email: this.email,
      password: APPLICANT_ANSWERS.password,
      consent: false,
      productIds: [...this.productIds],
      sweepEnabled: false,
      flow: this.flow,
      ...(this.jointCode ? { jointCode: this.jointCode } : {}),
      ...(this.emailCode ? { emailCode: this.emailCode } : {}),
    };
  }

  /**
   * The co-applicant's code e-mailed to the invited address (POST JointEmailCode), read from the outbox.
   * @param to the address it is sent to (this applicant's by default)
   */
  async requestEmailCode(to = this.email): Promise<string> {
    await this.expectOk(
      this.call('POST', `/api/omo/JointEmailCode?jointCode=${encodeURIComponent(this.jointCode ?? '')}`),
      204,
    );
    const previous = this.emailCode;
    for (let i = 0; i < 150; i += 1) {
      const code = await linkCodeMailedTo(this.app, to, EMAIL_CODE_IN_MAIL);
      if (code !== previous) return (this.emailCode = code);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no new e-mail code to ${to}`);
  }

  /** Creates the application (POST InitializeApplication) and keeps the reference number it answers. */
  async start(): Promise<this> {
    // The co-applicant first proves they hold the invited address.
    if (this.flow === 'joint' && this.jointCode && !this.emailCode) await this.requestEmailCode();
    const res = await this.expectOk(
      this.call('POST', '/api/omo/InitializeApplication', this.initializeBody()),
    );
    this.appRefNo = res.json<string>();
    return this;
  }

  /** Creates the application, then completes every step up to and including `last`. */
  async progress(last: ApplicantStep): Promise<this> {
    await this.start();
    await this.completeUpTo(last);
    return this;
  }

  /** Completes the steps after the ones done, up to and including `last`. */
  async completeUpTo(last: ApplicantStep, from: ApplicantStep = 'personalInfo'): Promise<void> {
    const steps = APPLICANT_STEPS.slice(APPLICANT_STEPS.indexOf(from), APPLICANT_STEPS.indexOf(last) + 1);
    for (const step of steps) await this.complete(step);
  }

  /**
   * Completes one step through its API calls. Steps the applicant's path does not have are passed over:
   * the products for the co-applicant and without a term deposit, account usage for the co-applicant, the SIN without an interest-bearing product, the
   * identity check where a save runs it.
   */
  async complete(step: ApplicantStep): Promise<void> {
    const answers = APPLICANT_ANSWERS;
    const isJoint = this.flow === 'joint';
    switch (step) {
      case 'personalInfo':
        await this.expectOk(this.put('PersonalInfo', this.personalInfo()));
        return;
      case 'phone':
        await this.verifyPhone();
        return;
      case 'address':
        await this.expectOk(this.put('Address', answers.address));
        return;
      case 'products':
        // Asked only when a product offers a choice (the term deposit's term).
        if (isJoint || !this.productIds.includes(TERM_PRODUCT)) return;
        await this.expectOk(this.put('Products', answers.products));
        return;
      case 'funding':
        if (isJoint) return;
        await this.expectOk(this.put('Step/funding', this.funding()));
        return;
      case 'sin':
        if (!this.productIds.some((id) => INTEREST_BEARING.has(id))) return;
        await this.expectOk(this.put('Sin', { sin: answers.sin }));
        return;
      case 'identityConsent':
        await this.expectOk(this.put('Step/identityconsent', { consent: true }));
        return;
      case 'identityCheck':
        if (isJoint) return;
        await this.expectOk(this.call('POST', '/api/omo/IdentityCheck'));
        return;
      case 'accountUsage':
        if (isJoint) return;
        await this.expectOk(
          this.put(
            'AccountUsage',
            Object.fromEntries(
              this.productIds.map((id) => [
                id,
                REGISTERED.has(id) ? validShortAccountUsage : validAccountUsage,
              ]),
            ),
          ),
        );
        return;
      case 'documents': {
        // Only when the identity check asked for documents (the Review persona).
        const view = (await this.expectOk(this.view())).json<{ identity: { status: string } }>();
        if (view.identity.status !== 'stepUp' && !(isJoint && view.identity.status === 'denied')) return;
        await this.expectOk(this.call('POST', '/api/omo/DocumentVerification/Start', { consent: true }));
        for (const side of ['front', 'back', 'selfie']) {
          await this.expectOk(
            this.call('PUT', `/api/omo/DocumentVerification/Capture/${side}`, png(), {
              headers: { 'content-type': 'image/png' },
            }),
          );
        }
        await this.expectOk(this.call('POST', '/api/omo/DocumentVerification/Capture/Submit'));
        return;
      }
      case 'legalTerms':
        await this.expectOk(this.put('LegalTerms', validLegalTerms));
        return;
      case 'reviewConsent':
        await this.expectOk(this.put('ReviewConsent', { consent: true }));
        return;
    }
  }

  /**
   * POST SaveApplication (SaveJointApplication for the co-applicant): accepts the terms (and the FHSA
   * declaration) and asks for the decision.
   */
  submit(body: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
    const path = this.flow === 'joint' ? 'SaveJointApplication' : 'SaveApplication';
    return this.call('POST', `/api/omo/${path}`, {
      termsAccepted: true,
      fhsaDeclaration: true,
      language: 'en',
      ...body,
    });
  }

  /** Sends a code by SMS, reads it from the outbox, checks it and continues. */
  private async verifyPhone(): Promise<void> {
    await this.expectOk(this.call('POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' }));
    const outbox = await this.app.inject('/api/dev/outbox');
    const to = `+1${this.phoneNumber.replace(/\D/g, '')}`;
    const message = outbox.json<{ to: string; body: string }[]>().find((m) => m.to === to);
    const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
    if (!code) throw new Error(`no verification code sent to ${to}`);
    this.code = code;
    await this.expectOk(this.call('POST', '/api/omo/PhoneVerification/Check', { code }));
    await this.expectOk(this.call('POST', '/api/omo/PhoneVerification/Continue', {}));
  }

  private async expectOk(
    pending: Promise<LightMyRequestResponse>,
    status = 200,
  ): Promise<LightMyRequestResponse> {
    const res = await pending;
    if (res.statusCode !== status) {
      throw new Error(
        `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    }
    return res;
  }
}

/** The first link of an e-mail to `to` that matches `pattern` (its first group), waiting for the job. */
export async function linkCodeMailedTo(
  app: Injector,
  to: string,
  pattern: RegExp,
  ms = 30_000,
): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const answer = await app.inject('/api/dev/outbox');
    if (answer.statusCode !== 200) throw new Error(`outbox: ${answer.statusCode} ${answer.body}`);
    const outbox = answer.json<{ channel: string; to: string; body: string }[]>();
    for (const message of outbox) {
      const found = message.channel === 'email' && message.to === to ? pattern.exec(message.body) : null;
      if (found?.[1]) return decodeURIComponent(found[1]);
    }
    if (Date.now() > until) throw new Error(`no e-mail to ${to} matching ${String(pattern)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The co-applicant's code in the e-mail to the invited address. */
const EMAIL_CODE_IN_MAIL = /(?:Your code is|Votre code est) (\d{6})\./;

/** The joint code of the invitation e-mailed to `to`. */
const JOINT_CODE_IN_LINK = /jointCode=([A-Za-z0-9_-]+)/;

/**
 * A joint application as far as the invitation: the primary names the co-applicant and submits (their
 * part complete), and the co-applicant holds the code of the e-mail they were sent (not yet started).
 */
export async function invitedCoApplicant(
  app: Injector,
  options: {
    primary?: TestApplicantOptions;
    coApplicant?: TestApplicantOptions;
    /** The name the primary invites (by default the co-applicant's own legal name). */
    invitedAs?: { firstName: string; lastName: string };
  } = {},
): Promise<{ primary: TestApplicant; coApplicant: TestApplicant; submitted: LightMyRequestResponse }> {
  const productIds = options.primary?.productIds ?? ['2001'];
  const coApplicant = new TestApplicant(app, { productIds, ...options.coApplicant, flow: 'joint' });
  const invited = options.invitedAs ?? {
    firstName: APPLICANT_ANSWERS.personalInfo.firstName,
    lastName: coApplicant.lastName,
  };
  const primary = new TestApplicant(app, {
    ...options.primary,
    productIds,
    coApplicant: { ...invited, email: coApplicant.email },
  });
  await primary.progress('reviewConsent');
  const submitted = await primary.submit();
  coApplicant.jointCode = await linkCodeMailedTo(app, coApplicant.email, JOINT_CODE_IN_LINK);
  return { primary, coApplicant, submitted };
}
