import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { API_PATHS } from '@omo/domain';
import { TEST_CONFIG } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

const approved = {
  primaryCustNo: '100234',
  jointCustNo: null,
  appRefNo: 'OMOABCDEFGHP',
  applicantId: 'a',
  applicationId: 'b',
  errMsg: null,
  showCanadaPostScreen: false,
  showAgeErrorScreen: false,
  showGenericErrorScreen: false,
  showBlockListErrorScreen: false,
  showPrimaryCompleteScreen: false,
  showJointCompleteScreen: false,
  showCustomErrorScreen: false,
  showTimeoutScreen: false,
  showSavingsAccountOfferScreen: false,
  showDeclineScreen: false,
};

describe('/single/applyassingle (the primary goes on alone)', () => {
  it('resumes the application as single and goes to the welcome page', async () => {
    const fetch = mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      [API_PATHS.applyAsSingle]: { body: approved },
    });
    const { router } = renderApp('/single/applyassingle?code=abc_123&ApplicantType=primary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/confirmapplication'));
    const call = fetch.mock.calls.map(([url]) => String(url)).find((u) => u.includes('ApplyAsSingle'));
    expect(call).toContain('code=abc_123');
    expect(call).toContain('type=primary');
  });

  it.each([
    ['missing parameters', '/single/applyassingle?code=abc'],
    ['a used or ended link', '/single/applyassingle?code=abc&ApplicantType=primary'],
  ])('sends %s to /error/1', async (_case, url) => {
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    const { router } = renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/1'));
  });
});
