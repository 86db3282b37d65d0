/**
 * A fictional applicant that goes through the flow by the HTTP API alone (no repository shortcut), as a
 * browser would: its calls carry its session cookie and its own client address; the verification code is
 * read from the sandbox outbox. Tests of the server's plumbing use it to reach any step.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT';

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
  address: {
    isManualAddress: true,
    streetNumber: '290',
    streetName: 'Bremner Blvd',
    cityName: 'Toronto',
    provinceName: 'ON',
    postalCode: 'M5V 3L9',
    country: 'CA',
    isMailingAddressSame: true,
  },
  products: { termPeriod: '1 Years 3.1%', termOption: 'rollover' },
  sin: '130692544',
} as const;

/** The steps `progress` can take the applicant through, in flow order. */
export const APPLICANT_STEPS = ['personalInfo', 'phone', 'address', 'products', 'sin'] as const;
export type ApplicantStep = (typeof APPLICANT_STEPS)[number];

let serial = 0;

export class TestApplicant {
  /** `name=value` of the session cookie, once issued. */
  cookie = '';
  /** The last verification code read from the outbox. */
  code = '';
  readonly email: string;
  readonly appRefNo: string;
  /** A number of its own (555-01xx), so the per-number send ceiling of one applicant spares the others. */
  readonly phoneNumber: string;

  /**
   * @param app the instance the calls go to (may be switched to another instance of the same database)
   * @param ip the client address of the calls (may be changed between calls, as a mobile client's does)
   */
  constructor(
    public app: FastifyInstance,
    public ip: string = `10.9.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`,
  ) {
    serial += 1;
    this.email = `ada.lovelace.${serial}.${process.pid}@example.com`;
    this.appRefNo = `OMOT${String(serial).padStart(6, '0')}P`;
    this.phoneNumber = `(416) 555-01${String(serial % 100).padStart(2, '0')}`;
  }

  /** The personal-information answers with this applicant's phone number. */
  personalInfo(): Record<string, unknown> {
    return { ...APPLICANT_ANSWERS.personalInfo, phoneNumber: this.phoneNumber };
  }

  /**
   * One call with the applicant's cookie and address; keeps a new session cookie when one is issued. An
   * object payload is sent as JSON, a string payload as it is.
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

  /** The InitializeApplication body of this applicant. */
  initializeBody(): Record<string, unknown> {
    return {
      email: this.email,
      password: APPLICANT_ANSWERS.password,
      consent: false,
      appRefNo: this.appRefNo,
      productIds: [...APPLICANT_ANSWERS.productIds],
      sweepEnabled: false,
      skipAlloy: false,
    };
  }

  /** Creates the draft (POST InitializeApplication). */
  async start(): Promise<this> {
    await this.expectOk(this.call('POST', '/api/omo/InitializeApplication', this.initializeBody()));
    return this;
  }

  /** Creates the draft, then completes every step up to and including `last`. */
  async progress(last: ApplicantStep): Promise<this> {
    await this.start();
    for (const step of APPLICANT_STEPS.slice(0, APPLICANT_STEPS.indexOf(last) + 1)) await this.complete(step);
    return this;
  }

  /** Completes one step through its API calls. */
  async complete(step: ApplicantStep): Promise<void> {
    const answers = APPLICANT_ANSWERS;
    switch (step) {
      case 'personalInfo':
        await this.expectOk(this.call('PUT', '/api/omo/Application/PersonalInfo', this.personalInfo()));
        return;
      case 'phone':
        await this.verifyPhone();
        return;
      case 'address':
        await this.expectOk(this.call('PUT', '/api/omo/Application/Address', answers.address));
        return;
      case 'products':
        await this.expectOk(this.call('PUT', '/api/omo/Application/Products', answers.products));
        return;
      case 'sin':
        await this.expectOk(this.call('PUT', '/api/omo/Application/Sin', { sin: answers.sin }));
        return;
    }
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

  private async expectOk(pending: Promise<LightMyRequestResponse>): Promise<void> {
    const res = await pending;
    if (res.statusCode !== 200) {
      throw new Error(
        `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    }
  }
}
