// The funding step through the real server (issue 18): PUT /api/omo/Application/Step/funding, declared by
// its contract alone. Its place in the flow, its messages and bounds, who answers it, what is stored and
// shown, and that a decided application's funding cannot be rewritten.
import { describe, expect, it } from 'vitest';
import { invitedCoApplicant, TestApplicant } from '../../testing/applicant.ts';
import { TEST_DATABASES, useTestApp } from '../../testing/test-app.ts';
import { expectFieldErrors } from '../../testing/problems.ts';

interface ProblemBody {
  status: number;
  title?: string;
  errors?: { path: string; key: string; message: string }[];
  nextPath?: string;
}

describe.each(TEST_DATABASES)('the funding step on $name', (database) => {
  const t = useTestApp(database);

  /** The e-mail to `to` whose subject matches, once the outbox holds it. */
  async function waitForMail(to: string, subject: RegExp) {
    for (let tries = 0; tries < 150; tries += 1) {
      const mails = (await t.app.inject('/api/dev/outbox')).json<
        { channel: string; to: string; subject: string; body: string }[]
      >();
      const found = mails.find((m) => m.channel === 'email' && m.to === to && subject.test(m.subject));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no e-mail '${subject.source}' to ${to}`);
  }

  const at = async (productIds: string[]) => new TestApplicant(t.app, { productIds }).progress('products');

  it('comes after the products are confirmed, and before the SIN', async () => {
    // A term deposit (2003) has its term to choose: 'Confirm your application' comes first.
    const a = await new TestApplicant(t.app, { productIds: ['2003'] }).progress('address');
    const early = await a.put('Step/funding', a.funding());
    expect(early.statusCode).toBe(409);
    expect(early.json<ProblemBody>()).toMatchObject({ title: 'Step out of order' });
    await a.complete('products');
    expect((await a.view()).json()).toMatchObject({ nextPath: '/single/funding' });
    expect((await a.put('Sin', { sin: '130 692 544' })).statusCode).toBe(409);
    const saved = await a.put('Step/funding', a.funding());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ nextPath: '/single/sin' });
  });

  it('comes straight after the address when no product offers a choice (decision 0101)', async () => {
    const a = await new TestApplicant(t.app, { productIds: ['2002'] }).progress('address');
    expect((await a.view()).json()).toMatchObject({ nextPath: '/single/funding' });
    const saved = await a.put('Step/funding', a.funding());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ nextPath: '/single/sin' });
  });

  it('names each missing or wrong answer with its message', async () => {
    const a = await at(['2001', '2003']);
    const none = await a.put('Step/funding', {});
    expectFieldErrors(
      none,
      'method_2001 funding.method.required: Select how you will fund this account',
      'method_2003 funding.method.required: Select how you will fund this account',
    );
    const wrong = await a.put('Step/funding', {
      method_2001: 'eTransfer',
      amount_2001: '',
      method_2003: 'branch',
      amount_2003: '499.99',
    });
    expectFieldErrors(
      wrong,
      'amount_2001 funding.amount.required: Enter the amount of your first deposit',
      'amount_2003 funding.amount.min: The amount must be at least the minimum opening deposit',
    );
    const typo = await a.put('Step/funding', {
      method_2001: 'eTransfer',
      amount_2001: '12,3456',
      method_2003: 'later',
    });
    expectFieldErrors(
      typo,
      'amount_2001 funding.amount.invalid: Enter the amount in dollars and cents, like 150.00',
    );
  });

  it('stores the method and the amount in cents, shows them in the view, and later clears the amount', async () => {
    const a = await at(['2001', '2003']);
    const res = await a.put('Step/funding', {
      method_2001: 'later',
      amount_2001: '75',
      method_2003: 'eTransfer',
      amount_2003: '$1,250.50',
    });
    expect(res.statusCode).toBe(200);
    const accounts = [
      { productId: '2001', method: 'later', amountCents: null },
      { productId: '2003', method: 'eTransfer', amountCents: 125050 },
    ];
    expect(res.json()).toMatchObject({ answers: { funding: { accounts } } });
    expect((await a.view()).json()).toMatchObject({ answers: { funding: { accounts } } });
    // A change of mind is a new answer, not a second one.
    await a.put('Step/funding', { method_2001: 'branch', amount_2001: '25', method_2003: 'later' });
    expect((await a.view()).json()).toMatchObject({
      answers: {
        funding: {
          accounts: [
            { productId: '2001', method: 'branch', amountCents: 2500 },
            { productId: '2003', method: 'later', amountCents: null },
          ],
        },
      },
    });
  });

  it('is the primary applicant’s: the co-applicant’s flow has no such step, and their view does not show it', async () => {
    const { primary, coApplicant } = await invitedCoApplicant(t.app);
    await coApplicant.start();
    await coApplicant.progress('address');
    const res = await coApplicant.put('Step/funding', coApplicant.funding());
    expect(res.statusCode).toBe(409);
    expect(res.json<ProblemBody & { detail: string }>().detail).toBe("The joint flow has no step 'funding'.");
    const coView = (await coApplicant.view()).json<{ answers: Record<string, unknown> }>();
    expect(coView.answers).toEqual({});
    expect((await primary.view()).json()).toMatchObject({
      answers: { funding: { accounts: [{ productId: '2001', method: 'eTransfer', amountCents: 60000 }] } },
    });
  });

  it('is in the welcome e-mail: the e-Transfer to the deposit address, the member number as its message', async () => {
    const a = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const saved = (await a.submit()).json<{ primaryCustNo: string }>();
    const welcome = await waitForMail(a.email, /Welcome/);
    expect(welcome.body).toContain(
      `send an Interac e-Transfer of $600.00 to deposits@omo.example, with your member number, ${saved.primaryCustNo}, as its message.`,
    );
  });

  it('cannot be changed once the application is submitted', async () => {
    const a = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    expect((await a.submit()).statusCode).toBe(200);
    const res = await a.put('Step/funding', { method_2001: 'later' });
    expect(res.statusCode).toBe(409);
    expect((await a.view()).json()).toMatchObject({
      answers: { funding: { accounts: [{ productId: '2001', method: 'eTransfer', amountCents: 60000 }] } },
    });
  });
});
