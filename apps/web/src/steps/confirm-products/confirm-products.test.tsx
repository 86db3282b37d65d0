import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXAMPLE_GIC_MATURITY_OPTIONS, type ProductOffering } from '@omo/domain';
import { makeProduct } from '../../test/fixtures.ts';
import { holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';

const GIC = makeProduct({
  productID: '1301',
  accountCategory: 'GIC',
  description: '1-Year Non-Redeemable GIC',
  isInterestBearing: true,
  disclaimers: ['Rates are subject to change without notice.'],
  termDepositAcctConfig: {
    isFixedLength: true,
    defaultLength: 12,
    maxLength: 12,
    minAmount: 500,
    maxAmount: 1000000,
    mdDefault: 'Renew',
    ...EXAMPLE_GIC_MATURITY_OPTIONS,
    intSchedule: 'AtMaturity',
    interestDP: null,
    termRate: [
      { period: 6, periodType: 'Months', description: '6 Months', rate: 2.9 },
      { period: 12, periodType: 'Months', description: '12 Months', rate: 3.25 },
      { period: 1, periodType: 'Years', description: '1 Year', rate: 3.3 },
      { period: 2, periodType: 'Years', description: '2 Years', rate: 3.4 },
    ],
  } as unknown as ProductOffering['termDepositAcctConfig'],
});
const CHEQUING = makeProduct();

function start(product: ProductOffering) {
  holdProducts([product]);
  let view = makeView({
    productIds: [product.productID],
    progress: makeProgress('confirmproducts'),
    nextPath: '/single/confirmproducts',
  });
  return stubApi((call) => {
    if (call.path === '/api/omo/Application') return { body: view };
    if (call.path === '/api/omo/Application/Products') {
      const nextPath = product.isInterestBearing ? '/single/sin' : '/single/finalizeaccount';
      view = {
        ...view,
        progress: makeProgress(product.isInterestBearing ? 'sin' : 'finalizeaccount'),
        nextPath,
      };
      return { body: view };
    }
    return undefined;
  });
}

describe('confirmproducts', () => {
  it('requires the term selects for a product with term rates', async () => {
    const calls = start(GIC);
    renderApp('/single/confirmproducts');
    expect(await screen.findByRole('heading', { name: '1-Year Non-Redeemable GIC' })).toBeInTheDocument();
    expect(screen.getByText('Rates are subject to change without notice.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /LEARN MORE/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName(/opens in a new tab/);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Select your length and term');
    expect(summary).toHaveTextContent('Select a renewal option');
    expect(calls.some((c) => c.path === '/api/omo/Application/Products')).toBe(false);
  });

  it('lists the term rates and renewal options and saves the choice', async () => {
    const calls = start(GIC);
    const { router } = renderApp('/single/confirmproducts');
    const term = await screen.findByLabelText('Length and term');
    expect(screen.getByRole('option', { name: '12 Months 3.25%' })).toHaveValue('12 Months 3.25%');
    expect(screen.getByRole('option', { name: 'Pay out at maturity' })).toBeInTheDocument();
    await userEvent.selectOptions(term, '12 Months 3.25%');
    await userEvent.selectOptions(screen.getByLabelText('Renewal option'), 'rollover');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/sin'));
    expect(calls.find((c) => c.path === '/api/omo/Application/Products')?.body).toEqual({
      termPeriod: '12 Months 3.25%',
      termOption: 'rollover',
    });
  });

  it('has no term selects without term rates', async () => {
    const calls = start(CHEQUING);
    const { router } = renderApp('/single/confirmproducts');
    await screen.findByRole('heading', { name: 'Everyday Chequing' });
    expect(screen.queryByLabelText('Length and term')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/finalizeaccount'));
    expect(calls.find((c) => c.path === '/api/omo/Application/Products')?.method).toBe('PUT');
  });

  it('names each term with the plural rule of its number: 1 Year, 2 Years; 1 an, 2 ans', async () => {
    start(GIC);
    const first = renderApp('/single/confirmproducts');
    await screen.findByLabelText('Length and term');
    expect(screen.getByRole('option', { name: '1 Year 3.3%' })).toHaveValue('1 Years 3.3%');
    expect(screen.getByRole('option', { name: '2 Years 3.4%' })).toBeInTheDocument();
    first.unmount();
    start(GIC);
    renderApp('/single/confirmproducts', 'fr');
    await screen.findByLabelText('Durée');
    expect(screen.getByRole('option', { name: '1 an 3,3\u00a0%' })).toHaveValue('1 Years 3.3%');
    expect(screen.getByRole('option', { name: '2 ans 3,4\u00a0%' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '6 mois 2,9\u00a0%' })).toBeInTheDocument();
  });

  it('keeps hyphenated words whole, and says "accounts" for several products', async () => {
    holdProducts([GIC, CHEQUING]);
    stubApi((call) =>
      call.path === '/api/omo/Application'
        ? {
            body: makeView({
              productIds: [GIC.productID, CHEQUING.productID],
              progress: makeProgress('confirmproducts'),
              nextPath: '/single/confirmproducts',
            }),
          }
        : undefined,
    );
    renderApp('/single/confirmproducts');
    const heading = await screen.findByRole('heading', { name: '1-Year Non-Redeemable GIC' });
    const whole = [...heading.querySelectorAll('.nowrap')].map((w) => w.textContent);
    expect(whole).toEqual(['1-Year', 'Non-Redeemable']);
    expect(screen.getByText("Check the accounts you're applying for.")).toBeInTheDocument();
  });

  it('names the product in the French "En savoir plus sur le …" link', async () => {
    start(CHEQUING);
    renderApp('/single/confirmproducts', 'fr');
    expect(
      await screen.findByRole('link', {
        name: /En savoir plus sur le compte chèques Quotidien \(s’ouvre dans un nouvel onglet\)$/,
      }),
    ).toBeInTheDocument();
  });

  it('shows the French product text in French', async () => {
    start(CHEQUING);
    renderApp('/single/confirmproducts', 'fr');
    expect(await screen.findByRole('heading', { name: 'Compte chèques Quotidien' })).toBeInTheDocument();
    expect(screen.getByText('Transactions illimitées')).toBeInTheDocument();
  });
});
