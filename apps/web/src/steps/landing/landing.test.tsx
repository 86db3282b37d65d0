import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { API_PATHS, APPLICATION_API_PATHS } from '@omo/domain';
import userEvent from '@testing-library/user-event';
import { findSlice } from '../../lib/session-state.ts';
import { TEST_CONFIG, makeProduct } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';
import { expectLinkTo } from '../../test/links.ts';
import { readLandingQuery } from './landing-loader.ts';

const chequing = makeProduct();
const gic = makeProduct({
  productID: '3001',
  productCode: 'GIC-1Y',
  accountCategory: 'GIC',
  description: 'One Year GIC',
  isInterestBearing: true,
});

function lists(getProduct: unknown[] = [chequing]) {
  return {
    [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
    [API_PATHS.onlineAccountList]: { body: [chequing, gic] },
    [API_PATHS.getOccupationList]: { body: [{ code: '0011', name: 'Legislator' }] },
    [API_PATHS.getPepPositionList]: { body: [{ code: 'P1', name: 'Head of state' }] },
    [API_PATHS.getProduct]: { body: getProduct },
  };
}

describe('landing', () => {
  it('reads productIds, sweep and the first 8 characters of prm', () => {
    expect(readLandingQuery(new URLSearchParams('productIds=1001;3001&sweep=true&prm=PromoGIC123'))).toEqual({
      productIds: ['1001', '3001'],
      sweep: true,
      promoCode: 'PromoGIC',
    });
    expect(readLandingQuery(new URLSearchParams('sweep=1')).sweep).toBe(false);
  });

  it('sends an unknown product id to /error/3', async () => {
    mockFetch(lists([chequing]));
    const { router } = renderApp('/?productIds=1001;9999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/3'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'This service is temporarily unavailable',
    );
    expect(screen.getByText(/1-800-555-0199/)).toBeInTheDocument();
    expect(findSlice('application')).toBeUndefined();
  });

  it('sends a failing list call to /error/3', async () => {
    mockFetch({ ...lists(), [API_PATHS.getPepPositionList]: { status: 500, body: {} } });
    const { router } = renderApp('/?productIds=1001');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/3'));
  });

  it("has the support phone and the 'I'm already a member' link in its header, as every page does", async () => {
    mockFetch(lists([chequing]));
    renderApp('/?productIds=1001');
    await screen.findByRole('heading', { level: 1, name: 'Are you an existing member?' });
    expectLinkTo('Call 1-800-555-0199', 'tel:+18005550199');
    expectLinkTo("I'm already a member", 'https://banking.example.test');
    // No step tracker before the application starts.
    expect(screen.queryByRole('navigation', { name: 'Application progress' })).not.toBeInTheDocument();
  });

  it('clears the previous session, stores the selection and offers both choices', async () => {
    sessionStorage.setItem('omo.applicant', '{"firstName":"Old"}');
    sessionStorage.setItem('omo.progress', '{"profile":true}');
    mockFetch(lists([gic, chequing]));
    renderApp('/?productIds=3001;1001&sweep=true&prm=PromoGIC');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Are you an existing member?' }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('omo.applicant')).toBeNull();
    expect(sessionStorage.getItem('omo.progress')).toBeNull();
    const application = findSlice('application');
    expect(application?.selectedProducts.map((p) => p.productID)).toEqual(['3001', '1001']);
    expect(application?.sweepEnabled).toBe(true);
    expect(application?.promoCode).toBe('PromoGIC');

    const signIn = screen.getByRole('link', { name: /Yes, Sign me in/ });
    expect(signIn).toHaveAttribute('href', 'https://banking.example.test/product-login?productId=3001');
    expect(signIn).toHaveAttribute('target', '_blank');
    expectLinkTo(/No, Sign me up/, '/single/getstarted');
  });

  it('tells an applicant whose session ended why they are back at the start', async () => {
    mockFetch(lists([chequing]));
    renderApp('/?productIds=1001&session=ended');
    expect(
      await screen.findByText(
        "We couldn't find your application in progress. It may have been closed after a period of inactivity. Please start again.",
      ),
    ).toHaveAttribute('role', 'status');
  });
  describe('a draft started on this device', () => {
    const withDraft = (nextPath: string | null) => ({
      ...lists([chequing]),
      [APPLICATION_API_PATHS.sessionArrival]: { body: { hasDraft: nextPath !== null, nextPath } },
      [APPLICATION_API_PATHS.sessionEnd]: { status: 204 },
    });

    it('asks to continue it or start a new one, showing nothing of it', async () => {
      mockFetch(withDraft('/single/address'));
      renderApp('/?productIds=1001');
      await screen.findByRole('heading', { level: 1, name: 'Continue your application or start a new one?' });
      expectLinkTo('Continue the application', '/single/address');
      expect(screen.queryByText('No, Sign me up')).not.toBeInTheDocument();
    });

    it('ends the draft’s session on the server when the visitor starts a new one', async () => {
      const fetch = mockFetch(withDraft('/single/address'));
      renderApp('/?productIds=1001');
      await userEvent.click(await screen.findByRole('button', { name: 'Start a new application' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Are you an existing member?' }),
      ).toHaveFocus();
      const calls = fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
      expect(
        calls.some(
          ([url, init]) => String(url).endsWith(APPLICATION_API_PATHS.sessionEnd) && init?.method === 'POST',
        ),
      ).toBe(true);
      expect(screen.getByText('No, Sign me up')).toBeInTheDocument();
    });

    it('shows the member question when there is no draft', async () => {
      mockFetch(withDraft(null));
      renderApp('/?productIds=1001');
      await screen.findByRole('heading', { level: 1, name: 'Are you an existing member?' });
    });
  });
});
