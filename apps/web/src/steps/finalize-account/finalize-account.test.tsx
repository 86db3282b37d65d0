import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductOffering } from '@omo/domain';
import { makeProduct } from '../../test/fixtures.ts';
import { holdProducts, stubApi, type RecordedCall } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProgress, makeView, routeFetch } from '../../test/verify-address-fixtures.ts';

const CHEQUING = makeProduct();
const TFSA = makeProduct({
  productID: '1401',
  accountCategory: 'TFSA',
  description: 'Tax-Free Savings Account',
  isInterestBearing: true,
});
const FHSA = makeProduct({
  productID: '1501',
  accountCategory: 'FHSA',
  description: 'First Home Savings Account',
  isInterestBearing: true,
});

interface Options {
  products?: ProductOffering[];
  /** The identity check is done before the page opens. */
  checked?: boolean;
  checkAnswer?: { status?: number; body?: unknown };
  saveAnswer?: (call: RecordedCall) => { status?: number; body?: unknown };
}

function start({ products = [CHEQUING], checked = false, checkAnswer, saveAnswer }: Options = {}) {
  holdProducts(products);
  const progress = makeProgress(checked ? 'finalizeaccount' : 'identitycheck', { canVisitAll: true });
  let view = makeView({
    productIds: products.map((p) => p.productID),
    progress,
    identity: { status: checked ? 'passed' : 'notStarted' },
    nextPath: '/single/finalizeaccount',
  });
  return stubApi((call) => {
    if (call.path === '/api/omo/Application' && call.method === 'GET') return { body: view };
    if (call.path === '/api/omo/IdentityCheck') {
      if (checkAnswer) return checkAnswer;
      view = {
        ...view,
        identity: { status: 'passed' },
        progress: makeProgress('finalizeaccount', { canVisitAll: true }),
      };
      return { body: view };
    }
    if (call.path === '/api/omo/Application/AccountUsage') {
      return saveAnswer?.(call) ?? { body: { ...view, nextPath: '/single/legalterms' } };
    }
    return undefined;
  });
}

/** Ticks a way money comes in or a deposit method, then chooses how often. */
async function use(way: string, howOften: string) {
  await userEvent.click(screen.getByRole('checkbox', { name: way }));
  await userEvent.click(
    within(screen.getByRole('group', { name: `${way}: how often?` })).getByRole('radio', { name: howOften }),
  );
}

/** The texts of the error summary's links, once it shows. */
async function summaryLinks() {
  const summary = await screen.findByRole('alert');
  return within(summary)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('finalizeaccount', () => {
  it('runs the identity check when the page opens; Continue waits for it', async () => {
    holdProducts([CHEQUING]);
    let release: () => void = () => undefined;
    const checked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const view = makeView({
      productIds: ['1001'],
      progress: makeProgress('identitycheck', { canVisitAll: true }),
      nextPath: '/single/finalizeaccount',
    });
    const calls = routeFetch(async (call) => {
      if (call.path === '/api/omo/Application') return { body: view };
      if (call.path === '/api/omo/IdentityCheck') {
        await checked;
        return { body: { ...view, identity: { status: 'passed' } } };
      }
      return undefined;
    });
    renderApp('/single/finalizeaccount');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finalize your account' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Checking your identity. This takes a few seconds…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(calls.filter((c) => c.path === '/api/omo/IdentityCheck')).toHaveLength(1);
  });

  it('says why the check runs again when details it was made on were changed', async () => {
    holdProducts([CHEQUING]);
    const view = makeView({
      productIds: ['1001'],
      identity: { status: 'notStarted', recheck: true },
      progress: makeProgress('identitycheck', { canVisitAll: true }),
      nextPath: '/single/finalizeaccount',
    });
    routeFetch(async (call) => {
      if (call.path === '/api/omo/Application') return { body: view };
      if (call.path === '/api/omo/IdentityCheck') {
        return { body: { ...view, identity: { status: 'passed', recheck: false } } };
      }
      return undefined;
    });
    renderApp('/single/finalizeaccount');
    expect(
      await screen.findByText(
        'You changed details we use to confirm your identity, so we are checking your identity again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
  });

  it('does not run the check again once the server has it', async () => {
    const calls = start({ checked: true });
    renderApp('/single/finalizeaccount');
    await screen.findByRole('heading', { level: 1, name: 'Finalize your account' });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(calls.some((c) => c.path === '/api/omo/IdentityCheck')).toBe(false);
  });

  it('lets the applicant go on when the identity check got no answer (the server retries it)', async () => {
    start({ checkAnswer: { body: makeView({ identity: { status: 'error' } }) } });
    const { router } = renderApp('/single/finalizeaccount');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/single/finalizeaccount');
  });

  it("asks the ways used, ticked, and nothing else: none ticked is 'Please indicate at least one type of deposit', a line per group", async () => {
    start({ checked: true });
    renderApp('/single/finalizeaccount');
    await screen.findByRole('heading', { level: 1, name: 'Finalize your account' });
    // No scale is shown before a way is ticked: eight questions are two lists to tick.
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await summaryLinks()).toEqual([
      'How will money come into this account? Please indicate at least one type of deposit',
      'How will you make your deposits? Please indicate at least one type of deposit',
    ]);
  });

  it("asks how often for each way ticked: 'Provide an answer for each category'; unticking it is Never again", async () => {
    const calls = start({ checked: true });
    const { router } = renderApp('/single/finalizeaccount');
    await screen.findByRole('heading', { level: 1, name: 'Finalize your account' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash' }));
    expect(
      within(screen.getByRole('group', { name: 'Cash: how often?' })).getAllByRole('radio'),
    ).toHaveLength(3);
    await use('Online or in the mobile app', 'Every week or two');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'How will money come into this account? Provide an answer for each category',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash' }));
    expect(screen.queryByRole('group', { name: 'Cash: how often?' })).not.toBeInTheDocument();
    await use('Pay or pension (direct deposit)', 'Every week or two');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/legalterms'));
    expect(calls.find((c) => c.path === '/api/omo/Application/AccountUsage')?.body).toEqual({
      '1001': {
        creditSources: { cash: 0, cheque: 0, payroll: 3, eft: 0 },
        depositSources: { branch: 0, atm: 0, wires: 0, eft: 3 },
      },
    });
  });

  it('says the same after the keyboard went through the list without ticking (French)', async () => {
    start({ checked: true });
    renderApp('/single/finalizeaccount', 'fr');
    await screen.findByRole('heading', { level: 1, name: 'Finalisez votre compte' });
    const continueButton = screen.getByRole('button', { name: 'Continuer' });
    screen.getAllByRole('checkbox')[0]!.focus();
    while (document.activeElement !== continueButton) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await summaryLinks()).toEqual([
      'Comment l’argent entrera-t-il dans ce compte? Veuillez indiquer au moins un type de dépôt',
      'Comment ferez-vous vos dépôts? Veuillez indiquer au moins un type de dépôt',
    ]);
    expect(screen.queryByText(/Invalid input/)).not.toBeInTheDocument();
  });

  it('asks the shorter form of a TFSA and shows the shares the domain computes; saves by product id', async () => {
    const calls = start({ products: [TFSA], checked: true });
    const { router } = renderApp('/single/finalizeaccount');
    await screen.findByRole('heading', { level: 2, name: 'Tax-Free Savings Account' });
    expect(screen.queryByRole('checkbox', { name: 'Cash' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'At an ABM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'At a branch' })).not.toBeInTheDocument();
    await use('Cheques', 'Every week or two');
    await use('Pay or pension (direct deposit)', 'A few times a year');
    expect(screen.getByText('Cheques 75%, Pay or pension (direct deposit) 25%')).toBeInTheDocument();
    await use('Online or in the mobile app', 'About once a month');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/legalterms'));
    expect(calls.find((c) => c.path === '/api/omo/Application/AccountUsage')?.body).toEqual({
      '1401': { creditSources: { cheque: 3, payroll: 1, eft: 0 }, depositSources: { wires: 0, eft: 2 } },
    });
  });

  it("states an FHSA's fixed purpose", async () => {
    start({ products: [FHSA], checked: true });
    renderApp('/single/finalizeaccount');
    expect(
      await screen.findByText('Purpose of this account: Savings - Home/Asset Purchase'),
    ).toBeInTheDocument();
  });

  it("puts the server's field errors on the product's rows", async () => {
    start({
      checked: true,
      saveAnswer: () => ({
        status: 400,
        body: {
          title: 'Bad Request',
          status: 400,
          errors: [
            {
              path: '1001.creditSources',
              key: 'usage.atLeastOne',
              message: 'Please indicate at least one type of deposit',
            },
          ],
        },
      }),
    });
    renderApp('/single/finalizeaccount');
    await screen.findByRole('heading', { level: 1, name: 'Finalize your account' });
    await use('Cash', 'About once a month');
    await use('At a branch', 'About once a month');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please indicate at least one type of deposit',
    );
  });

  it('works in French', async () => {
    start({ checked: true });
    renderApp('/single/finalizeaccount', 'fr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finalisez votre compte' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chèques' }));
    // The scale reads as how often, each level apart from the next.
    expect(
      within(screen.getByRole('group', { name: 'Chèques\u00a0: à quelle fréquence\u00a0?' }))
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual([
      'Quelques fois par année',
      'Environ une fois par mois',
      'Chaque semaine ou aux deux semaines',
    ]);
  });

  it('sends the co-applicant on from /joint/finalizeaccount: the primary answers for the accounts', async () => {
    holdProducts([CHEQUING]);
    const calls = stubApi((call) =>
      call.path === '/api/omo/Application' && call.method === 'GET'
        ? {
            body: makeView({
              flow: 'joint',
              productIds: [CHEQUING.productID],
              progress: makeProgress('legalterms', { canVisitAll: true }),
              identity: { status: 'passed' },
              nextPath: '/joint/legalterms',
            }),
          }
        : undefined,
    );
    const { router } = renderApp('/joint/finalizeaccount');
    await waitFor(() => expect(router.state.location.pathname).toBe('/joint/legalterms'));
    expect(calls.filter((c) => c.path === '/api/omo/Application/AccountUsage')).toEqual([]);
  });
});
