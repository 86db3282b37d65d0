import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createRoutes } from '../app/router.tsx';
import { createI18n, type Lang } from '../i18n/i18n.ts';

/** Renders the whole app (real routes, loaders and i18n) at `url` in a memory router. */
export function renderApp(url: string, lang: Lang = 'en') {
  const i18n = createI18n(lang);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  const utils = render(
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, i18n };
}
