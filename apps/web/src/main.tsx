// Entry point: styles first (tokens before the rest), then i18n, then the router.
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { createI18n, findStoredLanguage, switchLanguage } from './i18n/i18n.ts';

// A page the server sent prerendered (decision 0023), inert, stays until the router has its first page's
// data, and is then replaced whole: no loading screen in between. It takes no input meanwhile: a card
// followed before the landing's loader has kept the products chosen would lose them.
const container = document.getElementById('root')!;
const isPrerendered = container.hasChildNodes();

const lang = findStoredLanguage();
const i18n = createI18n(lang);
// The router starts the first page's loaders at once; French texts are fetched meanwhile.
const router = createRouter();
if (lang !== 'en') await switchLanguage(i18n, lang);

if (isPrerendered && !router.state.initialized) {
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const root = createRoot(container);
// At once, so that no click falls between the prerendered page and the app's.
flushSync(() =>
  root.render(
    <StrictMode>
      <AppProviders i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
container.inert = false;
