import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { API_PATHS, FUNNEL_VIEW_PATH } from '@omo/domain';
import { TEST_CONFIG } from '../../test/fixtures.ts';
import { REVIEW_API } from '../../test/verify-address-fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

/** The bodies the page sent to the funnel. */
function viewsSent(fetch: ReturnType<typeof mockFetch>): unknown[] {
  // The mock is typed with its first argument only; fetch is called with the request's options too.
  return (fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
    .filter(([input]) => String(input) === FUNNEL_VIEW_PATH)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('the funnel view', () => {
  it("tells the server a step's page opened: its step id and the device class, nothing else", async () => {
    const fetch = mockFetch({ ...REVIEW_API, [FUNNEL_VIEW_PATH]: { status: 204 } });
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderApp('/single/reviewapplication');
      await waitFor(() =>
        expect(viewsSent(fetch)).toEqual([{ stepId: 'reviewapplication', device: 'phone' }]),
      );
    } finally {
      window.innerWidth = width;
    }
  });

  it('sends nothing from a page outside the flows', async () => {
    const fetch = mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    renderApp('/error/4');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(viewsSent(fetch)).toEqual([]);
  });
});
