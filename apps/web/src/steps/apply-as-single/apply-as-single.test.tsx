import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, membershipResponseOf } from '@omo/domain';
import { renderApp } from '../../test/render-app.tsx';
import { makeView, routeFetch } from '../../test/verify-address-fixtures.ts';

const IDS = { appRefNo: 'OMOABCDEFGHP', applicantId: 'applicant-1', applicationId: 'application-1' };
const LINK = '/single/applyassingle?code=ABC123&ApplicantType=primary';

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

  it('explains going on alone and asks for the password, submitting nothing on load', async () => {
    const calls = routeFetch(() => undefined);
    renderApp(LINK);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Open your membership on your own' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Your password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Open my membership alone' })).toBeEnabled();
    expect(calls.filter((c) => c.path === API_PATHS.applyAsSingle)).toEqual([]);
  });

  it('works in French', async () => {
    routeFetch(() => undefined);
    renderApp(LINK, 'fr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ouvrez votre adhésion seul' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Votre mot de passe/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ouvrir mon adhésion seul' })).toBeEnabled();
  });

  it('asks for the password before calling the server, and shows a wrong one on the field', async () => {
    const calls = routeFetch((call) =>
      call.path === API_PATHS.applyAsSingle
        ? {
            status: 400,
            body: {
              title: 'Bad Request',
              status: 400,
              errors: [{ path: 'password', key: 'password.wrong', message: 'wrong' }],
            },
          }
        : undefined,
    );
    renderApp(LINK);
    const button = await screen.findByRole('button', { name: 'Open my membership alone' });
    await userEvent.click(button);
    expect(await screen.findAllByText('Enter a password')).not.toHaveLength(0);
    expect(calls.filter((c) => c.path === API_PATHS.applyAsSingle)).toEqual([]);
    await userEvent.type(screen.getByLabelText(/Your password/), 'Wrong1pass');
    await userEvent.click(button);
    expect(
      await screen.findAllByText('This password does not match your application. Try again.'),
    ).not.toHaveLength(0);
  });

  it('goes to /error/1 when the server refuses the code', async () => {
    routeFetch((call) =>
      call.path === API_PATHS.applyAsSingle
        ? { status: 404, body: { title: 'Not Found', status: 404 } }
        : undefined,
    );
    const { router } = renderApp(LINK);
    await userEvent.type(await screen.findByLabelText(/Your password/), 'Passw0rd12');
    await userEvent.click(screen.getByRole('button', { name: 'Open my membership alone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't continue your application" }),
    ).toBeInTheDocument();
  });

  it('goes on alone with the code, the type and the password, then shows the welcome page', async () => {
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
              question: null,
              documentsRefusedReason: null,
            },
            productIds: [],
            nextPath: '/single/confirmapplication',
          }),
        };
      }
      return undefined;
    });
    const { router } = renderApp(LINK);
    await userEvent.type(await screen.findByLabelText(/Your password/), 'Passw0rd12');
    await userEvent.click(screen.getByRole('button', { name: 'Open my membership alone' }));
    expect(await screen.findByLabelText('Your member number')).toHaveTextContent('100042');
    expect(router.state.location.pathname).toBe('/single/confirmapplication');
    const apply = calls.find((c) => c.path === API_PATHS.applyAsSingle);
    expect(apply?.method).toBe('POST');
    expect(Object.fromEntries(apply!.search)).toEqual({ code: 'ABC123', type: 'primary' });
    expect(apply?.body).toEqual({ password: 'Passw0rd12' });
  });
});
