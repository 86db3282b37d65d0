import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API_PATHS } from '@omo/domain';
import { TEST_CONFIG, makeInvitation, makeProduct } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

const CODE = 'abcDEF_123-xyz';
const invitation = makeInvitation;

describe('/joint/getstarted (the co-applicant)', () => {
  it('says who invited them to what, shows the account with its fees, and carries the code on to Create your profile', async () => {
    mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      [API_PATHS.getApplicationFromJointCode]: { body: invitation(false) },
      [API_PATHS.getProduct]: {
        body: [
          makeProduct({
            description: 'Everyday Chequing Account',
            line4: '$4.95 monthly fee, waived with a $3,000 balance',
          }),
        ],
      },
    });
    renderApp(`/joint/getstarted?jointCode=${CODE}`);
    expect(
      await screen.findByText('Sam Okafor has invited you to open a joint Everyday Chequing Account.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Everyday Chequing Account (joint)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('$4.95 monthly fee, waived with a $3,000 balance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      `/joint/createprofile?jointCode=${CODE}`,
    );
  });

  it('sends an ended invitation to /error/5', async () => {
    mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      [API_PATHS.getApplicationFromJointCode]: { body: invitation(true) },
    });
    const { router } = renderApp(`/joint/getstarted?jointCode=${CODE}`);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/error/5');
  });

  it('says that an unknown or used link is not valid (not that the service is unavailable)', async () => {
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    const { router } = renderApp(`/joint/getstarted?jointCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/already been used, or it is not complete/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/joint/getstarted');
  });

  it('sends a link without a code, or a failed look-up, to /error/3', async () => {
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    const { router } = renderApp('/joint/getstarted');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/error/3');
    mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      [API_PATHS.getApplicationFromJointCode]: { status: 503, body: {} },
    });
    const second = renderApp(`/joint/getstarted?jointCode=${CODE}`);
    await expect.poll(() => second.router.state.location.pathname).toBe('/error/3');
  });

  it("offers the invited e-mail on the co-applicant's Create your profile", async () => {
    mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      [API_PATHS.getApplicationFromJointCode]: { body: invitation(false) },
    });
    renderApp(`/joint/createprofile?jointCode=${CODE}`);
    expect(await screen.findByLabelText('Email address')).toHaveValue('grace@example.com');
    // The codes are the primary's application's: the co-applicant is not asked for them.
    expect(screen.queryByLabelText(/promo/i)).toBeNull();
    expect(screen.queryByLabelText(/referral/i)).toBeNull();
  });
});
