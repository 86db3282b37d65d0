// An application changes only where its state allows it: once submitted, no call rewrites it; the identity
// result holds only for the answers it was computed from; the decision is taken from the answers frozen at
// the claim; a savings offer accepted twice at once opens one membership.
import { describe, expect, it, vi } from 'vitest';
import { APPLICANT_ANSWERS, TestApplicant } from '../../testing/applicant.ts';
import { TEST_DATABASES, useTestApp } from '../../testing/test-app.ts';
import { idsOf } from '../../testing/records.ts';
import type { PersonalInfoForm } from '@omo/domain';
import { getSinCiphertext, saveAnswer } from './repository.ts';

interface View {
  appRefNo: string;
  productIds: string[];
  email: string;
  identity: { status: string; recheck?: boolean };
  reviewConsent: boolean;
  nextPath: string;
  sin: { provided: boolean };
  decision: { state: string; outcome: string | null; route: string } | null;
}

describe.each(TEST_DATABASES)('the application lifecycle on $name', (database) => {
  const logLines: string[] = [];
  const t = useTestApp(database, {
    rateLimitMax: 100_000,
    env: { LOG_LEVEL: 'info', DECISION_WAIT_SECONDS: '2', SANDBOX_SLOW_DECISION_SECONDS: '3' },
    logLines,
  });

  const ready = (options: ConstructorParameters<typeof TestApplicant>[1] = {}) =>
    new TestApplicant(t.app, { productIds: ['2001', '2003'], ...options }).progress('reviewConsent');
  const viewOf = async (a: TestApplicant) => (await a.view()).json<View>();
  const membersOf = async (email: string) =>
    t.app.db
      .selectFrom('members')
      .innerJoin('applicants', 'applicants.id', 'members.applicant_id')
      .select('members.member_number')
      .where('applicants.email', '=', email)
      .execute();

  describe('a submitted application cannot be rewritten', () => {
    it('answers every change of a submitted application with 409 and the outcome page, and logs it', async () => {
      const a = await ready();
      expect((await a.submit()).statusCode).toBe(200);
      const calls: [string, string, unknown][] = [
        ['PUT', '/api/omo/Application/PersonalInfo', a.personalInfo()],
        ['PUT', '/api/omo/Application/Address', APPLICANT_ANSWERS.address],
        ['PUT', '/api/omo/Application/Products', APPLICANT_ANSWERS.products],
        ['PUT', '/api/omo/Application/Sin', { sin: APPLICANT_ANSWERS.sin }],
        ['PUT', '/api/omo/Application/ReviewConsent', { consent: true }],
        ['PUT', '/api/omo/Application/Phone', { phoneNumber: '(416) 555-0142' }],
        ['POST', '/api/omo/PhoneVerification/Start', { channel: 'sms' }],
        ['POST', '/api/omo/PhoneVerification/Check', { code: '123456' }],
        ['POST', '/api/omo/PhoneVerification/Continue', {}],
        ['POST', '/api/omo/AcceptSavingsOffer', {}],
      ];
      const before = logLines.length;
      for (const [method, url, body] of calls) {
        const res = await a.call(method as 'PUT' | 'POST', url, body);
        expect([res.statusCode, url]).toEqual([409, url]);
        expect(res.json()).toMatchObject({ nextPath: '/single/confirmapplication' });
      }
      const refusals = logLines.slice(before).filter((l) => l.includes('request refused in its state'));
      expect(refusals).toHaveLength(calls.length);
      // Logged by route and where the applicant was sent: nothing of the applicant.
      for (const line of refusals) {
        expect(line).not.toContain(a.email);
        expect(line).not.toContain(a.lastName);
        expect(JSON.parse(line)).toMatchObject({ status: 409, nextPath: '/single/confirmapplication' });
      }
    });

    it('starts a new application when the profile is created again with the session of a submitted one', async () => {
      const a = await ready();
      expect((await a.submit()).statusCode).toBe(200);
      const submitted = await viewOf(a);
      const res = await a.call('POST', '/api/omo/InitializeApplication', {
        ...a.initializeBody(),
        email: `someone.else.${Date.now()}@example.com`,
        productIds: ['2001'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<string>()).not.toBe(submitted.appRefNo);
      // The submitted application is as it was: its products, its e-mail, its SIN.
      const row = await t.app.db
        .selectFrom('applications')
        .innerJoin('applicants', 'applicants.application_id', 'applications.id')
        .select(['applications.product_ids', 'applicants.email', 'applicants.id'])
        .where('applicants.email', '=', a.email)
        .executeTakeFirstOrThrow();
      expect(row.product_ids).toEqual(['2001', '2003']);
      expect(await getSinCiphertext(t.app.db, row.id)).not.toBeNull();
      // The new session reaches the new draft only.
      const fresh = await viewOf(a);
      expect(fresh.decision).toBeNull();
      expect(fresh.productIds).toEqual(['2001']);
    });

    it('never lets a step save write after the submission claimed the decision', async () => {
      for (let trial = 0; trial < 4; trial += 1) {
        const a = await ready({ productIds: ['2001'] });
        const [submitted, saved] = await Promise.all([
          a.submit(),
          a.put('PersonalInfo', { ...a.personalInfo(), middleName: 'Raced' }),
        ]);
        const { applicationId } = await idsOf(t.app.db, a.email);
        const snapshot = await t.app.db
          .selectFrom('decision_snapshots')
          .select('snapshot')
          .where('application_id', '=', applicationId)
          .executeTakeFirst();
        if (saved.statusCode === 200) {
          // The save came first: its change made the identity check run again, so no decision was taken
          // on the answers before it.
          expect(snapshot).toBeUndefined();
          expect(submitted.statusCode).toBe(409);
        } else {
          expect(saved.statusCode).toBe(409);
          expect(submitted.statusCode).toBe(200);
          const frozen = snapshot!.snapshot as unknown as {
            primary: { applicant: { personalInfo: { middleName?: string } } };
          };
          expect(frozen.primary.applicant.personalInfo.middleName).not.toBe('Raced');
        }
      }
    });
  });

  describe('a new visitor on the same device starts fresh', () => {
    const arrive = (a: TestApplicant) => a.call('POST', '/api/omo/Session/Arrival', {});

    it('ends the session of a submitted application when the landing page opens', async () => {
      const a = await ready({ productIds: ['2001'] });
      expect((await a.submit()).statusCode).toBe(200);
      const res = await arrive(a);
      expect(res.json()).toEqual({ hasDraft: false, nextPath: null });
      expect(String(res.headers['set-cookie'])).toMatch(/omo_session=;/);
      // The cookie the next visitor would still send reaches nothing.
      expect((await a.view()).statusCode).toBe(401);
    });

    it('names a draft in progress and where it continues, and nothing of the applicant', async () => {
      const a = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('address');
      const res = await arrive(a);
      expect(res.json()).toEqual({ hasDraft: true, nextPath: '/single/funding' });
      expect(res.body).not.toContain(a.email);
      // Starting a new one ends the old session.
      expect((await a.call('POST', '/api/omo/Session/End', {})).statusCode).toBe(204);
      expect((await arrive(a)).json()).toEqual({ hasDraft: false, nextPath: null });
    });
  });

  describe('the identity result is bound to what was checked', () => {
    it('lapses when a checked answer changes on the review, and takes the applicant back through the check', async () => {
      const a = await ready({ productIds: ['2001'] });
      expect((await viewOf(a)).identity.status).toBe('passed');
      // After the check passed, the name is edited to the persona the identity provider cannot confirm.
      const edited = await a.put('PersonalInfo', { ...a.personalInfo(), lastName: 'Fallback' });
      expect(edited.statusCode).toBe(200);
      const view = edited.json<View>();
      expect(view.identity).toMatchObject({ status: 'notStarted', recheck: true });
      expect(view.reviewConsent).toBe(false);
      expect(view.nextPath).toBe('/single/finalizeaccount');

      const refused = await a.submit();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ nextPath: '/single/finalizeaccount' });
      expect(await membersOf(a.email)).toEqual([]);

      // The check runs again on the new name, then the applicant confirms the review again.
      const checked = (await a.call('POST', '/api/omo/IdentityCheck')).json<View>();
      expect(checked.identity).toMatchObject({ status: 'denied', recheck: false });
      await a.complete('accountUsage');
      await a.complete('reviewConsent');
      const res = await a.submit();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ showCanadaPostScreen: true, primaryCustNo: null });
      expect(await membersOf(a.email)).toEqual([]);
    });

    it.each([
      [
        'the date of birth',
        (a: TestApplicant) => a.put('PersonalInfo', { ...a.personalInfo(), dob_day: '16' }),
      ],
      ['the SIN', (a: TestApplicant) => a.put('Sin', { sin: '193 456 787' })],
      [
        'the address',
        (a: TestApplicant) => a.put('Address', { ...APPLICANT_ANSWERS.address, streetNumber: '12' }),
      ],
      [
        'the e-mail (the profile created again)',
        (a: TestApplicant) =>
          a.call('POST', '/api/omo/InitializeApplication', {
            ...a.initializeBody(),
            email: `x${Date.now()}@example.com`,
          }),
      ],
    ])('lapses when %s changes', async (_what, edit) => {
      const a = await ready({ productIds: ['2001', '2003'] });
      expect((await edit(a)).statusCode).toBe(200);
      expect((await viewOf(a)).identity).toMatchObject({ status: 'notStarted', recheck: true });
    });

    it('holds when answers the check did not read change', async () => {
      const a = await ready({ productIds: ['2001'] });
      expect((await a.put('Codes', { promoCode: 'PROMO1', referralCode: '' })).statusCode).toBe(200);
      expect((await a.put('PersonalInfo', a.personalInfo())).statusCode).toBe(200);
      expect((await viewOf(a)).identity).toMatchObject({ status: 'passed', recheck: false });
      expect((await a.submit()).json().primaryCustNo).toMatch(/^\d+$/);
    });
  });

  it('takes the decision from the answers frozen at the claim', async () => {
    // The decision waits for the documents' result; meanwhile an answer changes in the database behind the
    // flow's back (nothing in the flow can change it once submitted).
    const a = await ready({ productIds: ['2001'], lastName: 'Review' });
    const row = await t.app.db
      .selectFrom('applicants')
      .select(['id', 'application_id', 'identity'])
      .where('email', '=', a.email)
      .executeTakeFirstOrThrow();
    const identity = row.identity as Record<string, unknown>;
    const setIdentity = (status: string) =>
      t.app.db
        .updateTable('applicants')
        .set({ identity: JSON.stringify({ ...identity, status }) })
        .where('id', '=', row.id)
        .execute();
    await setIdentity('documentPending');
    expect((await a.submit()).json().showTimeoutScreen).toBe(true);
    await saveAnswer(t.app.db, { applicationId: row.application_id, applicantId: row.id }, 'personalinfo', {
      ...a.personalInfo(),
      lastName: 'Decline',
    } as PersonalInfoForm);
    await setIdentity('documentApproved');
    // The job's work: it decides on the frozen answers, not on the changed ones.
    await t.app.decisions.finish(row.application_id);
    expect((await viewOf(a)).decision).toMatchObject({ state: 'decided', outcome: 'approved' });
  });

  it('opens one membership when a savings offer is accepted twice at once', async () => {
    const a = await ready({ productIds: ['2001'], lastName: 'Offer' });
    expect((await a.submit()).json().showSavingsAccountOfferScreen).toBe(true);
    // The core banking is asked once: a real core opens what it is asked to, however often.
    const banking = t.app.providers.banking;
    const open = banking.openMembership.bind(banking);
    // A core that takes a moment to answer, as a real one does.
    const opened = vi.spyOn(banking, 'openMembership').mockImplementation(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return open(request);
    });
    const answers = await Promise.all([
      a.call('POST', '/api/omo/AcceptSavingsOffer', {}),
      a.call('POST', '/api/omo/AcceptSavingsOffer', {}),
      a.call('POST', '/api/omo/AcceptSavingsOffer', {}),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const numbers = answers.map((r) => r.json<{ primaryCustNo: string | null }>().primaryCustNo);
    const members = await membersOf(a.email);
    expect(members).toHaveLength(1);
    const accounts = await t.app.db
      .selectFrom('accounts')
      .select('product_id')
      .where('member_number', '=', members[0]!.member_number)
      .execute();
    expect(accounts).toHaveLength(1);
    expect(opened).toHaveBeenCalledTimes(1);
    opened.mockRestore();
    for (const n of numbers.filter(Boolean)) expect(n).toBe(members[0]!.member_number);
    expect((await viewOf(a)).decision).toMatchObject({ state: 'decided', outcome: 'approved' });
  });
});
