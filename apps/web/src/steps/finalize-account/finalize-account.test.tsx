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

/** Answers every row of every group with the given answer label. */
async function answerAll(label: string) {
  for (const group of screen
    .getAllByRole('group')
    .filter((g) => g.querySelector('input[type=radio]') && !g.querySelector('fieldset'))) {
    await userEvent.click(within(group).getByRole('radio', { name: label }));
  }
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

  it("asks every category: one summary line per group, 'Provide an answer for each category'", async () => {
    start({ checked: true });
    renderApp('/single/finalizeaccount');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await summaryLinks()).toEqual([
      'How will money come into this account? Provide an answer for each category',
      'How will you make your deposits? Provide an answer for each category',
    ]);
  });

  it('says the same after the keyboard went through the questions without answering (French)', async () => {
    start({ checked: true });
    renderApp('/single/finalizeaccount', 'fr');
    await screen.findByRole('heading', { level: 1, name: 'Finalisez votre compte' });
    const continueButton = screen.getByRole('button', { name: 'Continuer' });
    // Tab from the first question to Continue: each row's radios are passed over, none chosen.
    screen.getAllByRole('radio')[0]!.focus();
    while (document.activeElement !== continueButton) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await summaryLinks()).toEqual([
      'Comment l’argent entrera-t-il dans ce compte? Fournissez une réponse pour chaque catégorie',
      'Comment ferez-vous vos dépôts? Fournissez une réponse pour chaque catégorie',
    ]);
    expect(screen.queryByText(/Invalid input/)).not.toBeInTheDocument();
  });

  it("needs one source above Never in each group: 'Please indicate at least one type of deposit'", async () => {
    start({ checked: true });
    renderApp('/single/finalizeaccount');
    await screen.findByRole('heading', { level: 1, name: 'Finalize your account' });
    await answerAll('Never');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Please indicate at least one type of deposit');
  });

  it('asks the shorter form of a TFSA and shows the shares the domain computes; saves by product id', async () => {
    const calls = start({ products: [TFSA], checked: true });
    const { router } = renderApp('/single/finalizeaccount');
    await screen.findByRole('heading', { level: 2, name: 'Tax-Free Savings Account' });
    expect(screen.queryByRole('group', { name: 'Cash' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'At an ABM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'At a branch' })).not.toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Cheques' })).getByRole('radio', { name: 'All the time' }),
    );
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Pay or pension (direct deposit)' })).getByRole('radio', {
        name: 'Not very often',
      }),
    );
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Electronic transfers' })).getByRole('radio', {
        name: 'Never',
      }),
    );
    expect(screen.getByText('Cheques 75%, Pay or pension (direct deposit) 25%')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'By wire transfer' })).getByRole('radio', { name: 'Never' }),
    );
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Online or in the mobile app' })).getByRole('radio', {
        name: 'On occasion',
      }),
    );
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
    await answerAll('On occasion');
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
    expect(screen.getAllByRole('radio', { name: 'À l’occasion' }).length).toBeGreaterThan(0);
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
