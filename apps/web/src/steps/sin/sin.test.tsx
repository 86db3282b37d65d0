import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidSin } from '@omo/domain';
import { makeProduct } from '../../test/fixtures.ts';
import { allSessionStorage, holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';

const SAVINGS = makeProduct({ productID: '1101', accountCategory: 'Savings', isInterestBearing: true });
const VALID_SIN = '130692544';

function start(product = SAVINGS) {
  holdProducts([product]);
  let view = makeView({
    productIds: [product.productID],
    progress: makeProgress('sin'),
    nextPath: '/single/sin',
  });
  return stubApi((call) => {
    if (call.path === '/api/omo/Application') return { body: view };
    if (call.path === '/api/omo/Application/Sin') {
      view = {
        ...view,
        progress: makeProgress('finalizeaccount'),
        nextPath: '/single/finalizeaccount',
        sin: { provided: true, skipped: false, masked: '***-***-544' },
      };
      return { body: view };
    }
    return undefined;
  });
}

describe('sin', () => {
  it('refuses a SIN with a wrong check digit', async () => {
    start();
    renderApp('/single/sin');
    const input = await screen.findByLabelText('Social Insurance Number (SIN)');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '130692545');
    expect(input).toHaveValue('130 692 545');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid SIN');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows and hides the SIN', async () => {
    start();
    renderApp('/single/sin');
    const input = await screen.findByLabelText('Social Insurance Number (SIN)');
    await userEvent.click(screen.getByRole('button', { name: 'Show SIN' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide SIN' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('saves a valid SIN on the server only and goes on to finalizeaccount', async () => {
    expect(isValidSin(VALID_SIN, { isTfsaOrFhsa: false })).toBe(true);
    const calls = start();
    const { router } = renderApp('/single/sin');
    await userEvent.type(await screen.findByLabelText('Social Insurance Number (SIN)'), VALID_SIN);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/finalizeaccount'));
    expect(calls.find((c) => c.path === '/api/omo/Application/Sin')).toMatchObject({
      method: 'PUT',
      body: { sin: VALID_SIN },
    });
    expect(allSessionStorage()).not.toContain('692');
  });

  it('lets the applicant skip the SIN to give it in person at a branch', async () => {
    const calls = start();
    const { router } = renderApp('/single/sin');
    expect(await screen.findByText(/provide it in person at a branch/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Skip: I'll provide it at a branch" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/finalizeaccount'));
    expect(calls.find((c) => c.path === '/api/omo/Application/Sin')).toMatchObject({
      method: 'PUT',
      body: { skip: true },
    });
  });

  it('is skipped for an application that is not interest bearing', async () => {
    const chequing = makeProduct();
    holdProducts([chequing]);
    const view = makeView({
      productIds: ['1001'],
      progress: makeProgress('finalizeaccount'),
      nextPath: '/single/finalizeaccount',
    });
    stubApi((call) => (call.path === '/api/omo/Application' ? { body: view } : undefined));
    const { router } = renderApp('/single/sin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/finalizeaccount'));
  });
});
