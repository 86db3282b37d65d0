import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { API_PATHS } from '@omo/domain';
import { AppProviders } from '../app/providers.tsx';
import { createI18n } from '../i18n/i18n.ts';
import { TEST_CONFIG } from '../test/fixtures.ts';
import { mockFetch } from '../test/mock-fetch.ts';
import { renderApp } from '../test/render-app.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

describe('error pages', () => {
  it.each([
    ['/error', 'Something went wrong'],
    ['/error/1', "We can't continue your application"],
    ['/error/2', "We're unable to open your membership online"],
    ['/error/3', 'This service is temporarily unavailable'],
    ['/error/4', "You don't meet the age requirements"],
    ['/error/5', 'This invitation has expired'],
    ['/error/6', "We can't open your membership online"],
    ['/error/7', 'Page not found'],
  ])('%s shows its heading', async (path, heading) => {
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });

  it('links the contact phone and exits to the public website', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    renderApp('/error/2');
    expect(await screen.findByRole('link', { name: '1-800-555-0199' })).toHaveAttribute(
      'href',
      'tel:+18005550199',
    );
    await user.click(screen.getByRole('button', { name: 'Exit Application' }));
    expect(assign).toHaveBeenCalledWith('https://www.example.test');
  });

  it("router failures show 'Unexpected Application Error!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            throw new Error('boom');
          },
          Component: () => null,
          HydrateFallback: () => null,
          errorElement: <RouteErrorPage />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProviders i18n={createI18n('en')}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Unexpected Application Error!',
    );
  });
});
