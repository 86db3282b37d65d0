import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TestApplicant,
  type TestApplicantOptions,
  flagsOf,
  type OutboxMail,
  type SaveResponse,
} from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import { expectFieldErrors } from '../../testing/problems.ts';
import { idsOf, memberCountOf } from '../../testing/records.ts';

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(TEST_DATABASES)('the decision (SaveApplication) on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: {
        DECISION_WAIT_SECONDS: '1',
        SANDBOX_SLOW_DECISION_SECONDS: '2',
        JOB_POLL_SECONDS: '0.5',
        CONTACT_PHONE: '1-800-555-0111',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** An applicant who completed every step before the terms. */
  async function ready(options: TestApplicantOptions = {}): Promise<TestApplicant> {
    return new TestApplicant(t.app, { productIds: ['2001'], ...options }).progress('reviewConsent');
  }

  const emailsTo = async (to: string) =>
    (await t.app.inject('/api/dev/outbox'))
      .json<OutboxMail[]>()
      .filter((m) => m.channel === 'email' && m.to === to);

  const memberCount = (applicantId: string) => memberCountOf(t.app.db, applicantId);

  it('approves any other applicant: a member number, an account per product, the welcome page', async () => {
    const a = await ready({ productIds: ['2001', '2003'] });
    const res = await a.submit();
    expect(res.statusCode, res.body).toBe(200);
    const response = res.json<SaveResponse>();
    expect(response.primaryCustNo).toMatch(/^\d{6,}$/);
    expect(flagsOf(response)).toEqual([]);
    expect(response).toMatchObject({ appRefNo: a.appRefNo, hasResponse: true });
    const view = (await a.view()).json();
    expect(view.decision).toMatchObject({
      state: 'decided',
      outcome: 'approved',
      route: '/single/confirmapplication',
      openedProductIds: ['2001', '2003'],
      debitCardOrdered: true,
    });
    expect(view.nextPath).toBe('/single/confirmapplication');
    const accounts = await t.app.db
      .selectFrom('accounts')
      .select('product_id')
      .where('member_number', '=', response.primaryCustNo!)
      .execute();
    expect(accounts.map((r) => r.product_id).sort()).toEqual(['2001', '2003']);
    // Shown on screen, and e-mailed: the welcome with the member number.
    const [mail] = await waitFor(async () => {
      const mails = await emailsTo(a.email);
      return mails.length > 0 ? mails : undefined;
    }, 'the welcome e-mail');
    expect(mail!.subject).toMatch(/^Welcome to/);
    expect(mail!.body).toContain(`Your member number is ${response.primaryCustNo}.`);
  });

  it('answers the view as decided with the submit when asked (?view=true): the outcome page reads nothing', async () => {
    const a = await ready();
    const res = await a.call(
      'POST',
      '/api/omo/SaveApplication',
      { termsAccepted: true, fhsaDeclaration: true, language: 'en' },
      { query: { view: 'true' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<SaveResponse & { view: { nextPath: string; decision: unknown } }>();
    expect(answer.primaryCustNo).toMatch(/^\d{6,}$/);
    expect(answer.view).toEqual((await a.view()).json());
    expect(answer.view.decision).toMatchObject({ state: 'decided', route: '/single/confirmapplication' });
    // Not asked: the membership response alone, as before.
    expect((await a.submit()).json()).not.toHaveProperty('view');
  });

  it.each([
    ['Fallback', /one more step/, (ref: string) => `Your reference number is ${ref}.`],
    ['Decline', /about your application/, (ref: string) => ref],
    ['Blocked', /about your application/, (ref: string) => ref],
    ['Offer', /about your application/, (ref: string) => `your reference number ${ref}`],
  ])(
    'e-mails the %s persona its outcome shown on screen, once, with its reference number',
    async (lastName, subject, says) => {
      const a = await ready({ lastName });
      expect((await a.submit()).statusCode).toBe(200);
      const [mail] = await waitFor(async () => {
        const mails = await emailsTo(a.email);
        return mails.length > 0 ? mails : undefined;
      }, 'the outcome e-mail');
      expect(mail!.subject).toMatch(subject);
      expect(mail!.body).toContain(says(a.appRefNo));
      expect(await a.submit()).toMatchObject({ statusCode: 200 });
      expect(await emailsTo(a.email)).toHaveLength(1);
    },
  );

  it.each([
    ['Review', 'documents, then approved', [], '/single/confirmapplication'],
    ['Fallback', 'ID in person', ['showCanadaPostScreen'], '/single/verifyidentification'],
    ['Decline', 'declined', ['showDeclineScreen'], '/single/applicationdecline'],
    ['Blocked', 'on the block list', ['showBlockListErrorScreen'], '/error/2'],
    ['Offer', 'offered a savings account', ['showSavingsAccountOfferScreen'], '/single/savingsaccountoffer'],
  ])('the %s persona (%s) sets %j and ends on %s', async (lastName, _what, flags, route) => {
    const a = await ready({ lastName });
    const response = (await a.submit()).json<SaveResponse>();
    expect(flagsOf(response)).toEqual(flags);
    expect((await a.view()).json().decision.route).toBe(route);
    expect(await memberCount(response.applicantId)).toBe(route === '/single/confirmapplication' ? 1 : 0);
  });

  it('deletes the photos of the ID and the selfie once the application is decided', async () => {
    const a = await ready({ lastName: 'Review' });
    const { id } = await t.app.db
      .selectFrom('applicants')
      .select('id')
      .where('email', '=', a.email)
      .executeTakeFirstOrThrow();
    const photos = async () =>
      (
        await t.app.db
          .selectFrom('identity_documents')
          .select('side')
          .where('applicant_id', '=', id)
          .execute()
      ).length;
    expect(await photos()).toBe(3);
    const res = await a.submit();
    expect(res.statusCode, res.body).toBe(200);
    expect(await photos()).toBe(0);
  });

  it('records the in-person ID request of an applicant sent to a branch or post office', async () => {
    const a = await ready({ lastName: 'Fallback' });
    const { applicantId } = (await a.submit()).json<SaveResponse>();
    const requests = await t.app.db
      .selectFrom('id_verification_requests')
      .select('id')
      .where('applicant_id', '=', applicantId)
      .execute();
    expect(requests).toHaveLength(1);
  });

  it('reports each outcome once', async () => {
    const a = await ready({ lastName: 'Decline' });
    await a.submit();
    await a.submit();
    const view = (await a.view()).json();
    const { applicationId } = await idsOf(t.app.db, a.email);
    const reports = await t.app.db
      .selectFrom('outcome_reports')
      .select('report')
      .where('application_id', '=', applicationId)
      .execute();
    expect(view.decision.outcome).toBe('declined');
    expect(reports).toEqual([{ report: 'unsuccessful' }]);
  });

  it('an applicant offered a savings account accepts it and becomes a member with a savings account', async () => {
    const a = await ready({ lastName: 'Offer', productIds: ['2003'] });
    expect(flagsOf((await a.submit()).json<SaveResponse>())).toEqual(['showSavingsAccountOfferScreen']);
    const [first, second] = await Promise.all([
      a.call('POST', '/api/omo/AcceptSavingsOffer'),
      a.call('POST', '/api/omo/AcceptSavingsOffer'),
    ]);
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.json().primaryCustNo).toBe(first!.json().primaryCustNo);
    const view = (await a.view()).json();
    expect(view.decision).toMatchObject({ outcome: 'approved', openedProductIds: ['2002'] });
    expect(view.nextPath).toBe('/single/confirmapplication');
    expect(await memberCount(first!.json().applicantId)).toBe(1);
  });

  it('refuses to accept an offer nobody made', async () => {
    const a = await ready({ lastName: 'Decline' });
    await a.submit();
    expect((await a.call('POST', '/api/omo/AcceptSavingsOffer')).statusCode).toBe(409);
  });

  it('a decision that outlasts the wait: processing at once, then the job decides and e-mails the applicant', async () => {
    const a = await ready({ lastName: 'Slow' });
    const response = (await a.submit({ language: 'fr' })).json<SaveResponse>();
    expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
    expect((await a.view()).json().decision).toMatchObject({
      state: 'pending',
      route: '/single/processingapplication',
    });
    const [mail] = await waitFor(async () => {
      const mails = await emailsTo(a.email);
      return mails.length > 0 ? mails : undefined;
    }, 'the decision e-mail');
    // In the language chosen on screen, with a plain-text and an HTML part.
    expect(mail!.subject).toMatch(/^Bienvenue chez/);
    const memberNumber = (await a.view()).json().decision.response.primaryCustNo as string;
    expect(mail!.body).toContain(memberNumber);
    expect(mail!.html).toContain(`<html lang="fr">`);
    expect(mail!.html).toContain(memberNumber);
    expect((await a.view()).json().decision).toMatchObject({ state: 'decided', outcome: 'approved' });
    // Submitting again answers the stored decision.
    expect((await a.submit()).json<SaveResponse>().primaryCustNo).toBe(memberNumber);
  });

  describe('an e-mail that already holds a membership (no enumeration)', () => {
    it('answers like a late decision, after the same wait; the real answer goes to that e-mail', async () => {
      const member = await ready();
      const { primaryCustNo } = (await member.submit()).json<SaveResponse>();
      expect(primaryCustNo).toBeTruthy();

      const again = new TestApplicant(t.app, { productIds: ['2001'] });
      Object.assign(again, { email: member.email });
      await again.progress('reviewConsent');
      const started = Date.now();
      const response = (await again.submit()).json<SaveResponse>();
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(flagsOf(response)).toEqual(['showTimeoutScreen']);
      expect(response.primaryCustNo).toBeNull();
      // The browser sees a decision still being taken, never why.
      expect((await again.view()).json().decision).toMatchObject({
        state: 'pending',
        outcome: null,
        route: '/single/processingapplication',
      });
      const mails = await waitFor(async () => {
        const all = await emailsTo(member.email);
        return all.some((m) => /already a member/.test(m.subject)) ? all : undefined;
      }, 'the existing-member e-mail');
      expect(mails.filter((m) => /already a member/.test(m.subject))).toHaveLength(1);
      expect(await memberCount(response.applicantId)).toBe(0);
    });
  });

  describe('idempotent: one decision, one member', () => {
    it('two racing submits and a retry answer the same decision and make one member', async () => {
      const a = await ready();
      const responses = await Promise.all([a.submit(), a.submit(), a.submit()]);
      const numbers = responses.map((r) => r.json<SaveResponse>().primaryCustNo);
      expect(new Set(numbers).size).toBe(1);
      expect(numbers[0]).toBeTruthy();
      expect((await a.submit()).json<SaveResponse>().primaryCustNo).toBe(numbers[0]);
      expect(await memberCount(responses[0]!.json<SaveResponse>().applicantId)).toBe(1);
    });

    it('a racing submit of a slow decision answers processing, and the member is made once', async () => {
      const a = await ready({ lastName: 'Slow' });
      const responses = await Promise.all([a.submit(), a.submit()]);
      for (const r of responses) expect(flagsOf(r.json<SaveResponse>())).toEqual(['showTimeoutScreen']);
      await waitFor(async () => {
        const view = (await a.view()).json();
        return view.decision.state === 'decided' ? view : undefined;
      }, 'the decision');
      expect(await memberCount(responses[0]!.json<SaveResponse>().applicantId)).toBe(1);
      await waitFor(async () => ((await emailsTo(a.email)).length > 0 ? true : undefined), 'the e-mail');
      // The job that was queued for the wait finds the decision taken and sends nothing more.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await emailsTo(a.email)).toHaveLength(1);
    });
  });

  describe('what a submission needs', () => {
    it('refuses a submission with a step missing, naming where to go (409)', async () => {
      const a = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('legalTerms');
      const res = await a.submit();
      expect(res.statusCode).toBe(409);
      expect(res.json().nextPath).toBe('/single/reviewapplication');
    });

    it('refuses terms not accepted (400, the field and its message)', async () => {
      const a = await ready();
      const res = await a.submit({ termsAccepted: false });
      expectFieldErrors(
        res,
        'termsAccepted terms.accept.required: Tick the box to accept the Terms and Conditions',
      );
    });

    it('asks for the session (401)', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/omo/SaveApplication', payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it('takes no more step saves once submitted (409 to the outcome page)', async () => {
      const a = await ready();
      await a.submit();
      const res = await a.put('LegalTerms', {});
      expect(res.statusCode).toBe(409);
      expect(res.json().nextPath).toBe('/single/confirmapplication');
    });
  });

  describe('BlocklistCheck', () => {
    it("checks the session's own applicant only", async () => {
      const a = await ready({ lastName: 'Blocked' });
      const own = { firstName: 'Ada', lastName: 'Blocked', birthDate: '1980-05-10' };
      const res = await a.call('POST', '/api/omo/BlocklistCheck', own);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ blockListFound: true });
      const other = await a.call('POST', '/api/omo/BlocklistCheck', { ...own, lastName: 'Someone' });
      expect(other.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/omo/BlocklistCheck', payload: own });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
