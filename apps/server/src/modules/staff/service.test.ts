import {
  DECIDING,
  STAFF_ACTION_NAMES,
  STAFF_CASE_STATES,
  isStaffActionAllowedIn,
  type Decision,
  type StaffAction,
  type StaffCaseState,
} from '@omo/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { newRequestId, staffCall, useStaffTestApp, type SignedInStaff } from '../../testing/staff.ts';
import { TEST_DATABASES } from '../../testing/test-app.ts';
import { memberNumbersOfApplication } from '../../testing/records.ts';

const decided = (outcome: Decision['outcome'], extra: Partial<Decision> = {}): Decision => ({
  ...DECIDING,
  state: 'decided',
  outcome,
  ...extra,
});

/** A decision that puts a case in each state (awaitingInPersonId is the Fallback applicant's own). */
const DECISION_OF_STATE: Record<StaffCaseState, Decision | null | 'own'> = {
  draft: null,
  processing: { ...DECIDING, state: 'pending' },
  failed: decided('failed'),
  awaitingInPersonId: 'own',
  heldForReview: decided('heldForReview', {
    reviewReason: 'screeningHit',
    screeningHits: [
      {
        role: 'primary',
        matchId: 'NK-fictional',
        caption: 'A Listed Person',
        score: 0.93,
        datasets: ['sanctions'],
      },
    ],
  }),
  blockListHit: decided('blocked'),
  awaitingCoApplicant: decided('primaryComplete'),
  awaitingOfferAnswer: decided('savingsOffer'),
  waitingOnApplicant: decided('heldForReview', {
    asked: { message: 'Send a recent utility bill', askedAt: '2026-11-26T12:00:00.000Z' },
  }),
  opened: decided('approved', { primaryCustNo: '90000001', openedProductIds: ['2001'] }),
  refused: decided('declined'),
};

const IN_PERSON_ID = {
  idType: 'driversLicence',
  idNumber: 'D1234-56789-01234',
  expiry: '2031-05-10',
  issuingProvince: 'ON',
  place: 'postOffice',
  placeName: 'Toronto Station A',
};

/** The body of each action (a reason where one is asked). */
function bodyOf(action: StaffAction): Record<string, unknown> {
  const requestId = newRequestId();
  switch (action) {
    case 'recordInPersonId':
      return { requestId, ...IN_PERSON_ID };
    case 'recordDeposit':
      return { requestId, amount: '150.00' };
    case 'decline':
    case 'reopen':
    case 'clearScreeningHit':
    case 'refuseDocuments':
      return { requestId, reason: 'Checked against the file' };
    case 'askApplicant':
      return { requestId, message: 'Please send a recent utility bill with your address.' };
    default:
      return { requestId };
  }
}

const PATH_OF: Record<StaffAction, string> = {
  assign: 'assign',
  release: 'release',
  recordInPersonId: 'in-person-id',
  approveDocuments: 'documents/approve',
  refuseDocuments: 'documents/refuse',
  decline: 'decline',
  reopen: 'reopen',
  recordDeposit: 'deposit',
  clearScreeningHit: 'screening/clear',
  askApplicant: 'ask',
};

/**
 * The state each action leaves a case in (the Fallback applicant's: a decision taken again sends them to
 * show ID in person), by the state it was taken in; absent: the state does not move.
 */
function stateAfter(action: StaffAction, before: StaffCaseState): StaffCaseState {
  switch (action) {
    case 'assign':
    case 'release':
    case 'recordDeposit':
      return before;
    case 'recordInPersonId':
    case 'approveDocuments':
      return 'opened';
    case 'refuseDocuments':
    case 'reopen':
    case 'clearScreeningHit':
      return 'awaitingInPersonId';
    case 'askApplicant':
      return 'waitingOnApplicant';
    case 'decline':
      return 'refused';
  }
}

describe.each(TEST_DATABASES)('staff actions on $name', (database) => {
  const [t, rita, raj, sophie, alex] = useStaffTestApp(database, ['rita', 'raj', 'sophie', 'alex']);

  /** A submitted Fallback application (sent to show ID in person): its id. */
  async function fallbackCase(productIds = ['2001']): Promise<{ applicationId: string; a: TestApplicant }> {
    const a = new TestApplicant(t.app, { productIds, lastName: 'Fallback' });
    await a.start();
    await a.completeUpTo('reviewConsent');
    const res = await a.submit();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ showCanadaPostScreen: boolean }>().showCanadaPostScreen).toBe(true);
    return { applicationId: res.json<{ applicationId: string }>().applicationId, a };
  }

  /** A case in `state`. */
  async function caseIn(state: StaffCaseState): Promise<string> {
    const { applicationId } = await fallbackCase();
    const decision = DECISION_OF_STATE[state];
    if (decision !== 'own') {
      await t.app.db
        .updateTable('applications')
        .set({ decision: decision === null ? sql`null` : JSON.stringify(decision) })
        .where('id', '=', applicationId)
        .execute();
    }
    // A decision in progress here waits for a person's look at the documents.
    if (state === 'processing') await documentsPending(applicationId);
    return applicationId;
  }

  async function documentsPending(applicationId: string): Promise<void> {
    await t.app.db
      .updateTable('applicants')
      .set({ identity: sql`jsonb_set(identity, '{status}', '"documentPending"')` })
      .where('application_id', '=', applicationId)
      .execute();
  }

  /** The application's decision is pending, waiting for a person's look at the documents. */
  async function decisionWaitingForDocuments(applicationId: string): Promise<void> {
    await t.app.db
      .updateTable('applications')
      .set({ decision: JSON.stringify({ ...DECIDING, state: 'pending' }) })
      .where('id', '=', applicationId)
      .execute();
    await documentsPending(applicationId);
  }

  const act = (staff: SignedInStaff, applicationId: string, action: StaffAction, body = bodyOf(action)) =>
    staffCall(t, staff, 'POST', `/api/cases/${applicationId}/${PATH_OF[action]}`, body);

  const stateOf = async (applicationId: string) =>
    (await staffCall(t, sophie, 'GET', `/api/cases/${applicationId}`)).json<{ state: StaffCaseState }>()
      .state;

  describe.each(STAFF_CASE_STATES)('in state %s', (state) => {
    it('refuses every action the state does not allow (409), and allows the others', async () => {
      const applicationId = await caseIn(state);
      expect(await stateOf(applicationId)).toBe(state);
      const allowed = STAFF_ACTION_NAMES.filter((a) => isStaffActionAllowedIn(a, state));
      for (const action of STAFF_ACTION_NAMES.filter((a) => !allowed.includes(a))) {
        const res = await act(sophie, applicationId, action);
        expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
      }
      // Assignment does not move the state: assign then release on the same case.
      if (allowed.includes('assign')) {
        expect((await act(rita, applicationId, 'assign')).statusCode).toBe(200);
      } else {
        await t.app.db
          .insertInto('staff_assignments')
          .values({ application_id: applicationId, staff_subject: 'rita', staff_name: 'Rita Tremblay' })
          .execute();
      }
      expect((await act(rita, applicationId, 'release')).statusCode).toBe(200);
      // Each action that moves the state, on a case of its own.
      for (const action of allowed.filter((a) => a !== 'assign' && a !== 'release')) {
        const own =
          action === allowed.find((a) => a !== 'assign' && a !== 'release')
            ? applicationId
            : await caseIn(state);
        const res = await act(sophie, own, action);
        expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
        expect(res.json(), action).toEqual({ state: stateAfter(action, state), repeated: false });
        expect(await stateOf(own), action).toBe(stateAfter(action, state));
      }
    }, 120_000);
  });

  it('refuses every action to an auditor (403) and reopening to a reviewer, in any state', async () => {
    const applicationId = await caseIn('failed');
    for (const action of STAFF_ACTION_NAMES) {
      expect((await act(alex, applicationId, action)).statusCode, action).toBe(403);
    }
    expect((await act(rita, applicationId, 'reopen')).statusCode).toBe(403);
    expect(await stateOf(applicationId)).toBe('failed');
  }, 60_000);

  it('records the ID seen in person: the member is opened and the applicant e-mailed the welcome with the member number', async () => {
    const { applicationId } = await fallbackCase();
    const res = await act(rita, applicationId, 'recordInPersonId');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'opened', repeated: false });
    const view = (await staffCall(t, rita, 'GET', `/api/cases/${applicationId}`)).json<{
      decision: { outcome: string; memberNumber: string };
      inPersonChecks: { idType: string; placeName: string; recordedBy: string }[];
      log: { action: string; staffName: string }[];
      emails: { template: string }[];
    }>();
    expect(view.decision.outcome).toBe('approved');
    expect(view.decision.memberNumber).toMatch(/^\d+$/);
    expect(view.inPersonChecks).toEqual([
      expect.objectContaining({
        idType: 'driversLicence',
        expiry: '2031-05-10',
        placeName: 'Toronto Station A',
        recordedBy: 'Rita Tremblay',
      }),
    ]);
    expect(view.log.map((l) => [l.action, l.staffName])).toEqual([['recordInPersonId', 'Rita Tremblay']]);
    const welcome = await t.app.db
      .selectFrom('email_deliveries')
      .select(['template', 'params'])
      .where('key', 'like', `decision:${applicationId}:%`)
      .execute();
    expect(welcome.map((w) => (w.params as { outcome: string }).outcome)).toContain('approved');
    expect(
      welcome.find((w) => (w.params as { outcome: string }).outcome === 'approved')?.params,
    ).toMatchObject({
      memberNumber: view.decision.memberNumber,
    });
    // The ID number is stored encrypted only.
    const stored = await t.app.db
      .selectFrom('in_person_checks')
      .selectAll()
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(stored.id_number_ciphertext).not.toContain('D1234');
  }, 60_000);

  it('answers the same request again without doing it twice', async () => {
    const { applicationId } = await fallbackCase();
    const body = bodyOf('recordInPersonId');
    const first = await act(rita, applicationId, 'recordInPersonId', body);
    const again = await act(rita, applicationId, 'recordInPersonId', body);
    expect(first.json()).toMatchObject({ repeated: false });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ repeated: true });
    const log = await t.app.db
      .selectFrom('case_log')
      .select('action')
      .where('application_id', '=', applicationId)
      .execute();
    expect(log).toHaveLength(1);
  }, 60_000);

  it('opens one member when two reviewers record the ID at once: the second is refused in the new state', async () => {
    const { applicationId } = await fallbackCase();
    const [first, second] = await Promise.all([
      act(rita, applicationId, 'recordInPersonId'),
      act(raj, applicationId, 'recordInPersonId'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await memberNumbersOfApplication(t.app.db, applicationId)).toHaveLength(1);
  }, 60_000);

  it('keeps a case with one assignee: another reviewer is refused, a supervisor reassigns', async () => {
    const applicationId = await caseIn('heldForReview');
    expect((await act(rita, applicationId, 'assign')).statusCode).toBe(200);
    const taken = await act(raj, applicationId, 'assign');
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ detail: string }>().detail).toBe('The case is assigned to Rita Tremblay.');
    expect((await act(raj, applicationId, 'release')).statusCode).toBe(409);
    expect((await act(sophie, applicationId, 'assign')).statusCode).toBe(200);
    const view = (await staffCall(t, raj, 'GET', `/api/cases/${applicationId}`)).json<{
      assignee: { name: string };
    }>();
    expect(view.assignee.name).toBe('Sophie Gagnon');
  }, 60_000);

  it('declines with a reason: the applicant is e-mailed the refusal, the reason stays in the log', async () => {
    const { applicationId } = await fallbackCase();
    const res = await act(rita, applicationId, 'decline', {
      requestId: newRequestId(),
      reason: 'ID does not match the person',
    });
    expect(res.json()).toEqual({ state: 'refused', repeated: false });
    const view = (await staffCall(t, alex, 'GET', `/api/cases/${applicationId}`)).json<{
      log: { action: string; note: string }[];
    }>();
    expect(view.log).toEqual([
      expect.objectContaining({ action: 'decline', note: 'ID does not match the person' }),
    ]);
    const mails = await t.app.db
      .selectFrom('email_deliveries')
      .select('params')
      .where(
        'key',
        '=',
        `decision:${applicationId}:staff-declined:${(await t.app.db.selectFrom('applicants').select('id').where('application_id', '=', applicationId).executeTakeFirstOrThrow()).id}`,
      )
      .execute();
    expect(mails.map((m) => (m.params as { outcome: string }).outcome)).toEqual(['declined']);
  }, 60_000);

  it('refuses the documents with a reason that reaches the applicant, who is sent to show ID in person', async () => {
    const { applicationId, a } = await fallbackCase();
    await decisionWaitingForDocuments(applicationId);
    const res = await act(rita, applicationId, 'refuseDocuments', {
      requestId: newRequestId(),
      reason: 'The photo of the licence is blurred.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'awaitingInPersonId', repeated: false });
    const mails = await t.app.db
      .selectFrom('email_deliveries')
      .select(['template', 'params'])
      .where('key', 'like', 'documents-refused:%')
      .execute();
    expect(mails.map((m) => m.params)).toContainEqual(
      expect.objectContaining({ reason: 'The photo of the licence is blurred.' }),
    );
    // Their outcome page says it too.
    const view = (await a.view()).json<{ decision: { documentsRefusedReason: string | null } }>();
    expect(view.decision.documentsRefusedReason).toBe('The photo of the licence is blurred.');
  }, 60_000);

  it('approves the documents: the decision goes on and opens the membership', async () => {
    const { applicationId } = await fallbackCase();
    await decisionWaitingForDocuments(applicationId);
    const res = await act(raj, applicationId, 'approveDocuments');
    expect(res.json()).toEqual({ state: 'opened', repeated: false });
  }, 60_000);

  it('clears a screening match found to be another person (a supervisor, with a reason): the decision is taken again and opens the member', async () => {
    const listed = new TestApplicant(t.app, {
      productIds: ['2001'],
      lastName: 'Embargov',
      person: { firstName: 'Boris', birthDate: '1961-03-14' },
    });
    await listed.start();
    await listed.completeUpTo('reviewConsent');
    const { applicationId } = (await listed.submit()).json<{ applicationId: string }>();
    // The case shows what matched, for the staff's judgement.
    const held = (await staffCall(t, rita, 'GET', `/api/cases/${applicationId}`)).json<{
      state: string;
      screeningHits: unknown[];
    }>();
    expect(held.state).toBe('heldForReview');
    expect(held.screeningHits).toEqual([
      {
        role: 'primary',
        matchId: 'omo-sandbox-1',
        caption: 'Boris Embargov',
        score: 0.99,
        datasets: ['omo_sandbox'],
      },
    ]);
    const body = () => ({
      requestId: newRequestId(),
      reason: 'Another person: the file shows a different nationality',
    });
    // A reviewer may not clear a sanctions match; a supervisor may.
    expect((await act(rita, applicationId, 'clearScreeningHit', body())).statusCode).toBe(403);
    const res = await act(sophie, applicationId, 'clearScreeningHit', body());
    expect(res.json()).toEqual({ state: 'opened', repeated: false });
    const after = (await staffCall(t, alex, 'GET', `/api/cases/${applicationId}`)).json<{
      log: { action: string; note: string; details: unknown }[];
    }>();
    expect(after.log).toEqual([
      expect.objectContaining({
        action: 'clearScreeningHit',
        note: 'Another person: the file shows a different nationality',
        details: { cleared: [{ role: 'primary', matchId: 'omo-sandbox-1' }] },
      }),
    ]);
  }, 60_000);

  it('refuses to clear a screening match on a case held for another reason (409)', async () => {
    const applicationId = await caseIn('heldForReview');
    await t.app.db
      .updateTable('applications')
      .set({ decision: JSON.stringify(decided('heldForReview', { reviewReason: 'coApplicantName' })) })
      .where('id', '=', applicationId)
      .execute();
    const res = await act(sophie, applicationId, 'clearScreeningHit');
    expect(res.statusCode, res.body).toBe(409);
  }, 60_000);

  it('masks personal data in the case, and reveals the SIN or the date of birth only with a reason, logged', async () => {
    const { applicationId } = await fallbackCase(['2003']);
    const view = (await staffCall(t, alex, 'GET', `/api/cases/${applicationId}`)).json<{
      applicants: { sin: string; birthDate: string; email: string }[];
    }>();
    expect(view.applicants[0]).toMatchObject({ sin: '•••-•••-544', birthDate: '••••-••-••' });
    expect(view.applicants[0]!.email).toMatch(/^.•••@/);
    const noReason = await staffCall(t, alex, 'POST', `/api/cases/${applicationId}/reveal`, {
      field: 'sin',
      applicant: 'primary',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const sin = await staffCall(t, alex, 'POST', `/api/cases/${applicationId}/reveal`, {
      field: 'sin',
      applicant: 'primary',
      reason: 'Audit of file 2026-11',
    });
    expect(sin.json()).toEqual({ value: '130692544' });
    const dob = await staffCall(t, alex, 'POST', `/api/cases/${applicationId}/reveal`, {
      field: 'birthDate',
      applicant: 'primary',
      reason: 'Audit of file 2026-11',
    });
    expect(dob.json()).toEqual({ value: '1980-05-10' });
    const log = (await staffCall(t, alex, 'GET', `/api/cases/${applicationId}`)).json<{
      log: { action: string; note: string; details: { field: string }; staffName: string }[];
    }>().log;
    expect(log.map((l) => [l.action, l.details.field, l.note, l.staffName])).toEqual([
      ['reveal', 'sin', 'Audit of file 2026-11', 'Alex Martin'],
      ['reveal', 'birthDate', 'Audit of file 2026-11', 'Alex Martin'],
    ]);
  }, 60_000);

  it('keeps the case log append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const applicationId = await caseIn('heldForReview');
    expect((await act(rita, applicationId, 'assign')).statusCode).toBe(200);
    await expect(
      t.app.db
        .updateTable('case_log')
        .set({ note: 'rewritten' })
        .where('application_id', '=', applicationId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.db.deleteFrom('case_log').where('application_id', '=', applicationId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate case_log`.execute(t.app.db)).rejects.toThrow(/append-only/);
    const log = await t.app.db
      .selectFrom('case_log')
      .select('note')
      .where('application_id', '=', applicationId)
      .execute();
    expect(log).toEqual([{ note: null }]);
  }, 60_000);
});
