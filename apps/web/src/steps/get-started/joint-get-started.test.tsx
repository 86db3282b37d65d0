import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API_PATHS } from '@omo/domain';
import { TEST_CONFIG, makeProduct } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

const CODE = 'abcDEF_123-xyz';
const invitation = (isExpired: boolean) => ({
  isExpired,
  productIds: ['2001'],
  jointFirstName: 'Grace',
  jointLastName: 'Hopper',
  jointEmail: 'grace@example.com',
});

describe('/joint/getstarted (the co-applicant)', () => {
  it('names the product and carries the code on to Create your profile', async () => {
    mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      [API_PATHS.getApplicationFromJointCode]: { body: invitation(false) },
      [API_PATHS.getProduct]: { body: [makeProduct({ description: 'Everyday Chequing' })] },
    });
    renderApp(`/joint/getstarted?jointCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { name: 'To open an Everyday Chequing account...' }),
    ).toBeInTheDocument();
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

  it.each([
    ['an unknown code', `/joint/getstarted?jointCode=${CODE}`],
    ['no code', '/joint/getstarted'],
  ])('sends %s to /error/3', async (_case, url) => {
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    const { router } = renderApp(url);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/error/3');
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
