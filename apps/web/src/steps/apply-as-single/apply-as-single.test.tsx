import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { API_PATHS, membershipResponseOf } from '@omo/domain';
import { renderApp } from '../../test/render-app.tsx';
import { makeView, routeFetch } from '../../test/verify-address-fixtures.ts';

const IDS = { appRefNo: 'OMOABCDEFGHP', applicantId: 'applicant-1', applicationId: 'application-1' };

describe('/single/applyassingle', () => {
  it.each([
    ['no parameters', '/single/applyassingle'],
    ['no type', '/single/applyassingle?code=ABC123'],
    ['no code', '/single/applyassingle?ApplicantType=single'],
  ])('goes to /error/1 with %s, without asking the server', async (_label, url) => {
    const calls = routeFetch(() => undefined);
    const { router } = renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/1'));
    expect(calls.filter((c) => c.path === API_PATHS.applyAsSingle)).toEqual([]);
  });

  it('goes to /error/1 when the server refuses the code', async () => {
    routeFetch((call) =>
      call.path === API_PATHS.applyAsSingle
        ? { status: 404, body: { title: 'Not Found', status: 404 } }
        : undefined,
    );
    const { router } = renderApp('/single/applyassingle?code=ABC123&ApplicantType=single');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/1'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "We can't continue your application",
    );
  });

  it('resumes the application as single with the code and type, then shows the welcome page', async () => {
    const decision = {
      state: 'decided' as const,
      round: 'single' as const,
      outcome: 'approved' as const,
      primaryCustNo: '100042',
      jointCustNo: null,
      openedProductIds: [],
      debitCardOrdered: false,
    };
    const response = membershipResponseOf(decision, IDS);
    const calls = routeFetch((call) => {
      if (call.method === 'POST' && call.path === API_PATHS.applyAsSingle) return { body: response };
      if (call.path === '/api/omo/Application') {
        return {
          body: makeView({
            decision: {
              state: 'decided',
              outcome: 'approved',
              response,
              route: '/single/confirmapplication',
              openedProductIds: [],
              debitCardOrdered: false,
            },
            productIds: [],
            nextPath: '/single/confirmapplication',
          }),
        };
      }
      return undefined;
    });
    const { router } = renderApp('/single/applyassingle?code=ABC123&ApplicantType=single');
    expect(await screen.findByLabelText('Your member number')).toHaveTextContent('100042');
    expect(router.state.location.pathname).toBe('/single/confirmapplication');
    const apply = calls.find((c) => c.path === API_PATHS.applyAsSingle);
    expect(apply?.method).toBe('POST');
    expect(Object.fromEntries(apply!.search)).toEqual({ code: 'ABC123', type: 'single' });
  });
});
