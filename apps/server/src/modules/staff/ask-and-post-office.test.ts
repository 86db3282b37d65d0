import { describe, expect, it } from 'vitest';
import { linkCodeMailedTo, TestApplicant } from '../../testing/applicant.ts';
import { comeBackByLink, RESUME_LINK } from '../../testing/resume.ts';
import { newRequestId, staffCall, useStaffTestApp } from '../../testing/staff.ts';
import { TEST_DATABASES } from '../../testing/test-app.ts';
import { memberNumbersOfApplication } from '../../testing/records.ts';
import { signInPersonIdNotification } from '../../providers/in-person-id/notification.ts';

const SECRET = 'test-canada-post-secret';
const QUESTION = 'Please send a recent utility bill showing your address.';

interface CaseView {
  state: string;
  question: { message: string } | null;
  decision: { outcome: string; memberNumber: string | null };
  log: { action: string; staffName: string; staffRole: string; note: string | null }[];
}

describe.each(TEST_DATABASES)('asking the applicant and Canada Post results on $name', (database) => {
  const [t, rita] = useStaffTestApp(database, ['rita'], { env: { CANADA_POST_NOTIFICATION_SECRET: SECRET } });

  /** A submitted Fallback application (sent to show ID in person), in the applicant's language. */
  async function fallbackCase(language: 'en' | 'fr' = 'en') {
    const a = new TestApplicant(t.app, { lastName: 'Fallback' });
    await a.start();
    await a.completeUpTo('reviewConsent');
    const res = await a.submit({ language });
    expect(res.statusCode, res.body).toBe(200);
    const { applicationId, applicantId } = res.json<{ applicationId: string; applicantId: string }>();
    return { a, applicationId, applicantId };
  }

  /** The e-mail to `to` whose body holds `text`, once its job sent it. */
  async function mailTo(to: string, text: string) {
    await linkCodeMailedTo(t.app, to, new RegExp(`(${text.replace(/[.?]/g, '\\$&')})`));
    return (await t.app.inject('/api/dev/outbox'))
      .json<{ to: string; subject: string; body: string }[]>()
      .find((m) => m.to === to && m.body.includes(text))!;
  }
  const readCase = async (applicationId: string) =>
    (await staffCall(t, rita, 'GET', `/api/cases/${applicationId}`)).json<CaseView>();
  const ask = (applicationId: string, message = QUESTION) =>
    staffCall(t, rita, 'POST', `/api/cases/${applicationId}/ask`, { requestId: newRequestId(), message });

  it('asks the applicant: the case waits on them, they are e-mailed the message and a link back that opens their application, and their answer ends the wait', async () => {
    const { a, applicationId } = await fallbackCase();
    const res = await ask(applicationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'waitingOnApplicant', repeated: false });
    const waiting = await readCase(applicationId);
    expect(waiting.question).toMatchObject({ message: QUESTION });
    expect(waiting.log.map((l) => [l.action, l.note])).toEqual([['askApplicant', QUESTION]]);
    // In the queue under its reason.
    const queue = await staffCall(t, rita, 'GET', '/api/queue?reason=waitingOnApplicant&limit=200');
    expect(queue.json<{ rows: { applicationId: string }[] }>().rows.map((r) => r.applicationId)).toContain(
      applicationId,
    );

    const mail = await mailTo(a.email, QUESTION);
    expect(mail.subject).toContain('we need something from you');
    const token = await linkCodeMailedTo(t.app, a.email, RESUME_LINK);
    // The link: a code (the phone of the Fallback applicant is verified: by SMS), then a new session.
    const verified = await comeBackByLink(t.app, a, token);
    const view = (await a.view()).json<{ nextPath: string; decision: { question: string | null } }>();
    expect(view.nextPath).toBe(verified.json<{ nextPath: string }>().nextPath);
    expect(view.decision.question).toBe(QUESTION);

    const answered = await a.call('POST', '/api/omo/AnswerStaffQuestion', { answer: 'Sent by mail today.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await readCase(applicationId);
    expect(after.state).toBe('awaitingInPersonId');
    expect(after.question).toBeNull();
    expect(after.log.at(-1)).toMatchObject({
      action: 'applicantAnswered',
      staffRole: 'applicant',
      note: 'Sent by mail today.',
    });
    expect((await a.view()).json<{ decision: { question: string | null } }>().decision.question).toBeNull();
    // Once answered, there is nothing more to answer.
    const again = await a.call('POST', '/api/omo/AnswerStaffQuestion', { answer: 'Again' });
    expect(again.statusCode).toBe(409);
  }, 120_000);

  it('e-mails the question in French to a French application', async () => {
    const { a, applicationId } = await fallbackCase('fr');
    expect((await ask(applicationId)).statusCode).toBe(200);
    const mail = await mailTo(a.email, QUESTION);
    expect(mail.subject).toContain('nous avons besoin d’un renseignement');
    expect(mail.body).toContain('Répondez-nous dans votre demande');
  }, 60_000);

  it('refuses an empty or too short question (400) and a second question while one waits (409)', async () => {
    const { applicationId } = await fallbackCase();
    expect((await ask(applicationId, '   ')).statusCode).toBe(400);
    expect((await ask(applicationId, 'short')).statusCode).toBe(400);
    expect((await ask(applicationId)).statusCode).toBe(200);
    expect((await ask(applicationId)).statusCode).toBe(409);
  }, 60_000);

  it('declining while the case waits on the applicant ends the question: the case is refused and the answer no longer accepted', async () => {
    const { a, applicationId } = await fallbackCase();
    expect((await ask(applicationId)).statusCode).toBe(200);
    const declined = await staffCall(t, rita, 'POST', `/api/cases/${applicationId}/decline`, {
      requestId: newRequestId(),
      reason: 'The applicant asked us to close the file',
    });
    expect(declined.json()).toEqual({ state: 'refused', repeated: false });
    const after = await readCase(applicationId);
    expect(after.state).toBe('refused');
    expect(after.question).toBeNull();
    expect((await a.call('POST', '/api/omo/AnswerStaffQuestion', { answer: 'Here' })).statusCode).toBe(409);
  }, 60_000);

  it("waits for a person's look at the Docreview applicant's documents; refused with a reason, the applicant sees it and is sent to show ID in person", async () => {
    const a = new TestApplicant(t.app, { lastName: 'Docreview' });
    await a.start();
    await a.completeUpTo('reviewConsent');
    const res = await a.submit();
    expect(res.statusCode, res.body).toBe(200);
    const applicationId = res.json<{ applicationId: string }>().applicationId;
    const waiting = await readCase(applicationId);
    expect(waiting.state).toBe('processing');
    const refused = await staffCall(t, rita, 'POST', `/api/cases/${applicationId}/documents/refuse`, {
      requestId: newRequestId(),
      reason: 'The back of the licence is cut off.',
    });
    expect(refused.json()).toEqual({ state: 'awaitingInPersonId', repeated: false });
    const view = (await a.view()).json<{
      nextPath: string;
      decision: { documentsRefusedReason: string | null };
    }>();
    expect(view.nextPath).toBe('/single/verifyidentification');
    expect(view.decision.documentsRefusedReason).toBe('The back of the licence is cut off.');
    const mail = await mailTo(a.email, 'The back of the licence is cut off.');
    expect(mail.subject).toContain('about the ID you sent');
  }, 60_000);

  /** The Fallback applicant's post-office request: its DSS number. */
  async function postOfficeRequest(a: TestApplicant, applicantId: string): Promise<string> {
    const res = await a.call('POST', '/api/omo/CanadaPostCreate', undefined, { query: { applicantId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ barcodeText: string }>().barcodeText;
  }

  const notification = (dssNumber: string, notificationId = newRequestId()) =>
    JSON.stringify({
      notificationId,
      dssNumber,
      result: 'verified',
      document: {
        type: 'passport',
        number: 'HK123456',
        expiry: '2032-01-31',
        issuingProvince: 'ON',
      },
      postOffice: { name: 'Toronto Station A' },
    });
  const send = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/omo/ProcessInPersonIdNotification',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-canadapost-signature': signature }),
      },
      payload: body,
    });

  it("finishes the in-person path on Canada Post's signed result: the member opens and the welcome e-mail goes, logged as Canada Post", async () => {
    const { a, applicationId, applicantId } = await fallbackCase();
    const body = notification(await postOfficeRequest(a, applicantId));
    const res = await send(body, signInPersonIdNotification(body, SECRET));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'recorded', repeated: false });
    const view = await readCase(applicationId);
    expect(view.state).toBe('opened');
    expect(view.decision.memberNumber).toMatch(/^\d+$/);
    expect(view.log.map((l) => [l.action, l.staffName])).toEqual([['recordInPersonId', 'Canada Post']]);
    const welcome = await t.app.db
      .selectFrom('email_deliveries')
      .select('params')
      .where('key', 'like', `decision:${applicationId}:%`)
      .execute();
    expect(welcome.map((w) => (w.params as { outcome: string }).outcome)).toContain('approved');
  }, 60_000);

  it('refuses an unsigned or wrongly signed notification (401) and changes nothing', async () => {
    const { a, applicationId, applicantId } = await fallbackCase();
    const body = notification(await postOfficeRequest(a, applicantId));
    expect((await send(body)).statusCode).toBe(401);
    expect((await send(body, signInPersonIdNotification(body, 'another-secret'))).statusCode).toBe(401);
    expect((await send(body, 'not-hex')).statusCode).toBe(401);
    // Signed, then changed: the signature no longer matches.
    const signed = signInPersonIdNotification(body, SECRET);
    expect((await send(body.replace('HK123456', 'HK999999'), signed)).statusCode).toBe(401);
    expect((await readCase(applicationId)).state).toBe('awaitingInPersonId');
    const stored = await t.app.db.selectFrom('canada_post_notifications').select('dss_number').execute();
    expect(stored.map((s) => s.dss_number)).not.toContain(JSON.parse(body).dssNumber);
  }, 60_000);

  it('applies a replayed notification once: the same id is answered as repeated and opens one member', async () => {
    const { a, applicationId, applicantId } = await fallbackCase();
    const body = notification(await postOfficeRequest(a, applicantId));
    const signature = signInPersonIdNotification(body, SECRET);
    const [first, second] = await Promise.all([send(body, signature), send(body, signature)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await send(body, signature);
    expect(third.json()).toEqual({ outcome: 'recorded', repeated: true });
    expect(await memberNumbersOfApplication(t.app.db, applicationId)).toHaveLength(1);
    const log = (await readCase(applicationId)).log.filter((l) => l.action === 'recordInPersonId');
    expect(log).toHaveLength(1);
  }, 60_000);

  it('answers a result for no known request, or for a case staff already finished, without acting', async () => {
    const unknown = notification('0000000000000000');
    const res = await send(unknown, signInPersonIdNotification(unknown, SECRET));
    expect(res.json()).toEqual({ outcome: 'unknownRequest', repeated: false });

    const { a, applicationId, applicantId } = await fallbackCase();
    const dss = await postOfficeRequest(a, applicantId);
    await staffCall(t, rita, 'POST', `/api/cases/${applicationId}/decline`, {
      requestId: newRequestId(),
      reason: 'Closed at the applicant’s request',
    });
    const late = notification(dss);
    const answer = await send(late, signInPersonIdNotification(late, SECRET));
    expect(answer.json()).toEqual({ outcome: 'notAwaiting', repeated: false });
    const after = await readCase(applicationId);
    expect(after.state).toBe('refused');
    expect(after.log.map((l) => [l.action, l.staffName])).toEqual([
      ['decline', 'Rita Tremblay'],
      ['inPersonIdNotApplied', 'Canada Post'],
    ]);
  }, 60_000);
});
