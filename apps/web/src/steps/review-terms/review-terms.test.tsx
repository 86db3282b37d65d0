import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdentityStatus, ProductOffering } from '@omo/domain';
import { makeProduct } from '../../test/fixtures.ts';
import { holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';
import type { ApplicationView } from '../../lib/application-api.ts';

const FHSA = makeProduct({
  productID: '1601',
  accountCategory: 'FHSA',
  description: 'First Home Savings Account',
  isInterestBearing: true,
});

const termsView = (status: IdentityStatus = 'passed', productIds = ['1001']): ApplicationView =>
  makeView({
    productIds,
    identity: { status },
    reviewConsent: true,
    progress: makeProgress('reviewterms'),
    nextPath: '/single/reviewterms',
  });

/** The decision block as the server sends it once approved (the outcome page's loader reads it). */
const approvedAt = (route: string) =>
  ({
    state: 'decided',
    outcome: 'approved',
    response: { primaryCustNo: '100042', hasResponse: true },
    route,
    openedProductIds: [],
    debitCardOrdered: false,
  }) as unknown as ApplicationView['decision'];

const decidedView = (productIds: string[]): ApplicationView => ({
  ...termsView('passed', productIds),
  decision: approvedAt('/single/confirmapplication'),
  nextPath: '/single/confirmapplication',
});

/** Stubs the calls; SaveApplication answers `save` (default: a decision was taken). */
function start(options: { products?: ProductOffering[]; status?: IdentityStatus; saveStatus?: number } = {}) {
  const products = options.products ?? [makeProduct()];
  holdProducts(products);
  let decided = false;
  return stubApi((call) => {
    if (call.path === '/api/omo/Application' && call.method === 'GET') {
      return {
        body: decided
          ? decidedView(products.map((p) => p.productID))
          : termsView(
              options.status,
              products.map((p) => p.productID),
            ),
      };
    }
    if (call.path === '/api/omo/SaveApplication' || call.path === '/api/omo/SaveJointApplication') {
      if (options.saveStatus) return { status: options.saveStatus, body: { title: 'Error', status: 500 } };
      decided = true;
      return { body: { hasResponse: true } };
    }
    return undefined;
  });
}

/**
 * Holds SaveApplication until `answer()` is called (the stubbed API answers it then), so that the page is
 * looked at while the server decides, whatever the machine's speed.
 */
function holdSaveApplication(): { answer: () => void } {
  const stubbed = globalThis.fetch;
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname === '/api/omo/SaveApplication') await held;
    return stubbed(input, init);
  });
  return { answer: () => answer() };
}

const heading = () =>
  screen.findByRole(
    'heading',
    { level: 1, name: 'Review and accept the Terms and Conditions' },
    { timeout: 10_000 },
  );
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

afterEach(() => {
  vi.useRealTimers();
});

describe('reviewterms', { timeout: 30_000 }, () => {
  it('shows the terms of the product mix and the PDF in the language; Continue waits for the checkbox', async () => {
    start();
    renderApp('/single/reviewterms');
    await heading();
    expect(screen.getByRole('region', { name: 'Account Terms and Conditions' })).toHaveTextContent(
      'Using your account',
    );
    expect(
      screen.getByRole('link', { name: 'Download the Membership Terms and Conditions (PDF)' }),
    ).toHaveAttribute('href', '/api/omo/MembershipTerms?lang=en');
    expect(screen.queryByRole('checkbox', { name: /FHSA/ })).not.toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }),
    );
    expect(continueButton()).toBeEnabled();
  });

  it('asks the FHSA declaration for an FHSA and sends it', async () => {
    const calls = start({ products: [FHSA] });
    const { router } = renderApp('/single/reviewterms');
    await heading();
    expect(
      screen.getByRole('region', { name: 'First Home Savings Account (FHSA) Terms and Conditions' }),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }),
    );
    expect(continueButton()).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: /I have read the First Home Savings Account \(FHSA\) terms. I am a resident of Canada, and I have not owned a home/,
      }),
    );
    await userEvent.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/confirmapplication'));
    expect(calls.find((c) => c.path === '/api/omo/SaveApplication')?.body).toEqual({
      termsAccepted: true,
      fhsaDeclaration: true,
      language: 'en',
    });
  });

  it('in French: the French terms and the French PDF', async () => {
    start();
    renderApp('/single/reviewterms', 'fr');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Lisez et acceptez les conditions' },
      { timeout: 10_000 },
    );
    expect(screen.getByRole('region', { name: 'Conditions du compte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger les conditions d’adhésion (PDF)' })).toHaveAttribute(
      'href',
      '/api/omo/MembershipTerms?lang=fr',
    );
  });

  it('shows the spinner and the processing message while the server decides, then its route', async () => {
    const calls = start();
    const save = holdSaveApplication();
    const { router } = renderApp('/single/reviewterms');
    await heading();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }),
    );
    await userEvent.click(continueButton());
    // The server has not answered yet: the page says it is deciding.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Please wait while we process your application. This can take up to 2 minutes.',
      ),
    );
    expect(continueButton()).toBeDisabled();
    expect(router.state.location.pathname).toBe('/single/reviewterms');
    save.answer();
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/confirmapplication'));
    expect(calls.filter((c) => c.path === '/api/omo/SaveApplication')).toHaveLength(1);
  });

  it('submits the co-applicant’s part with SaveJointApplication', async () => {
    holdProducts([makeProduct()]);
    const joint = makeView({
      flow: 'joint',
      identity: { status: 'passed' },
      progress: makeProgress('reviewterms'),
      nextPath: '/joint/reviewterms',
    });
    let decided = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/omo/Application' && call.method === 'GET') {
        return {
          body: decided
            ? {
                ...joint,
                decision: approvedAt('/joint/confirmapplication'),
                nextPath: '/joint/confirmapplication',
              }
            : joint,
        };
      }
      if (call.path === '/api/omo/SaveJointApplication') {
        decided = true;
        return { body: { hasResponse: true } };
      }
      return undefined;
    });
    const { router } = renderApp('/joint/reviewterms');
    await heading();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }),
    );
    await userEvent.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/joint/confirmapplication'));
    expect(calls.some((c) => c.path === '/api/omo/SaveApplication')).toBe(false);
  });

  it('goes to /error/1 when the save fails', async () => {
    start({ saveStatus: 500 });
    const { router } = renderApp('/single/reviewterms');
    await heading();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }),
    );
    await userEvent.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/1'));
  });

  it('waits 20 s before the save when the identity went through document verification', async () => {
    const calls = start({ status: 'documentApproved' });
    renderApp('/single/reviewterms');
    await heading();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }),
    );
    await user.click(continueButton());
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    expect(calls.some((c) => c.path === '/api/omo/SaveApplication')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/omo/SaveApplication')).toBe(true));
  });
});
