// A new member's first deposit (issue 21): staff match an incoming Interac e-Transfer to the member by the
// member number its message carries, mark it received on the account awaiting it, and the member is
// e-mailed when the first deposit arrives. Recorded once per account, logged, never rewritten.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { newRequestId, staffCall, useStaffTestApp, type SignedInStaff } from '../../testing/staff.ts';
import { TEST_DATABASES } from '../../testing/test-app.ts';

describe.each(TEST_DATABASES)('first deposits on $name', (database) => {
  const [t, rita, alex] = useStaffTestApp(database, ['rita', 'alex']);

  /** An approved applicant (their chequing account funded by e-Transfer, $600): the member number. */
  async function member(): Promise<{ a: TestApplicant; memberNumber: string; applicationId: string }> {
    const a = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const res = await a.submit();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ primaryCustNo: string; applicationId: string }>();
    expect(body.primaryCustNo).toMatch(/^\d+$/);
    return { a, memberNumber: body.primaryCustNo, applicationId: body.applicationId };
  }

  const deposit = (staff: SignedInStaff, body: Record<string, unknown>) =>
    staffCall(t, staff, 'POST', '/api/deposits', { requestId: newRequestId(), ...body });

  const mailsTo = async (to: string) =>
    (await t.app.inject('/api/dev/outbox'))
      .json<{ channel: string; to: string; subject: string; body: string }[]>()
      .filter((m) => m.channel === 'email' && m.to === to);

  it('matches the e-Transfer by the member number in its message, records it, logs it and e-mails the member', async () => {
    const { a, memberNumber, applicationId } = await member();
    const res = await deposit(rita, { reference: `#${memberNumber}`, amount: '$600.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'opened', repeated: false, applicationId });
    const rows = await t.app.db
      .selectFrom('deposits')
      .selectAll()
      .where('application_id', '=', applicationId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ product_id: '2001', member_number: memberNumber, method: 'eTransfer' });
    expect(Number(rows[0]!.amount_cents)).toBe(60000);
    const log = await t.app.db
      .selectFrom('case_log')
      .select(['action', 'staff_name', 'details'])
      .where('application_id', '=', applicationId)
      .where('action', '=', 'recordDeposit')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.staff_name).toBe('Rita Tremblay');
    for (let i = 0; i < 100 && (await mailsTo(a.email)).every((m) => !/first deposit/.test(m.subject)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const mail = (await mailsTo(a.email)).find((m) => /first deposit arrived/.test(m.subject));
    expect(mail?.body).toContain(`Your first deposit of $600.00 arrived in your Test Chequing`);
    expect(mail?.body).toContain(`(member number ${memberNumber})`);
  });

  it('e-mails a French member in French: the account’s French name and the amount as French writes it', async () => {
    const a = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const { primaryCustNo } = (await a.submit({ language: 'fr' })).json<{ primaryCustNo: string }>();
    expect((await deposit(rita, { reference: primaryCustNo, amount: '1250.5' })).statusCode).toBe(200);
    for (let i = 0; i < 100 && (await mailsTo(a.email)).every((m) => !/premier dépôt/.test(m.subject)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const mail = (await mailsTo(a.email)).find((m) => /premier dépôt est arrivé/.test(m.subject));
    expect(mail?.body.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      `Votre premier dépôt de 1 250,50 $ est arrivé dans votre Test Chequing (fr) (numéro de membre ${primaryCustNo}).`,
    );
  });

  it('records an account’s first deposit once: the same request answers again, another is refused', async () => {
    const { memberNumber, applicationId } = await member();
    const requestId = newRequestId();
    const first = await deposit(rita, { requestId, reference: memberNumber, amount: '600' });
    expect(first.statusCode).toBe(200);
    const again = await deposit(rita, { requestId, reference: memberNumber, amount: '600' });
    expect(again.json()).toMatchObject({ repeated: true });
    const other = await deposit(rita, { reference: memberNumber, amount: '25' });
    expect(other.statusCode).toBe(409);
    expect(other.json<{ detail: string }>().detail).toBe(
      'Every account of this member already received its first deposit.',
    );
    const rows = await t.app.db
      .selectFrom('deposits')
      .select('product_id')
      .where('application_id', '=', applicationId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown member, a reference that is no member number, an amount that is none, and an auditor', async () => {
    const { memberNumber } = await member();
    expect((await deposit(rita, { reference: '99999999999', amount: '10' })).statusCode).toBe(404);
    expect((await deposit(rita, { reference: 'rent for May', amount: '10' })).statusCode).toBe(400);
    expect((await deposit(rita, { reference: memberNumber, amount: 'ten' })).statusCode).toBe(400);
    expect((await deposit(rita, { reference: memberNumber, amount: '0' })).statusCode).toBe(400);
    const audited = await deposit(alex, { reference: memberNumber, amount: '600' });
    expect(audited.statusCode).toBe(403);
  });

  it('is refused on a case that opened no member', async () => {
    const a = new TestApplicant(t.app, { productIds: ['2001'], lastName: 'Fallback' });
    await a.start();
    await a.completeUpTo('reviewConsent');
    const { applicationId } = (await a.submit()).json<{ applicationId: string }>();
    const res = await staffCall(t, rita, 'POST', `/api/cases/${applicationId}/deposit`, {
      requestId: newRequestId(),
      amount: '600',
    });
    expect(res.statusCode).toBe(409);
  });

  it('keeps every deposit: the database refuses to change or delete one', async () => {
    const { memberNumber, applicationId } = await member();
    expect((await deposit(rita, { reference: memberNumber, amount: '600' })).statusCode).toBe(200);
    await expect(
      sql`update deposits set amount_cents = 1 where application_id = ${applicationId}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from deposits where application_id = ${applicationId}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
  });
});
