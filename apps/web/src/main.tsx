// Entry point: styles first (tokens before the rest), then i18n, then the router.
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { createI18n, findStoredLanguage, switchLanguage } from './i18n/i18n.ts';

// A page the server sent with content stays until the router has its first page's data, and is then
// replaced whole: a prerendered first screen (decision 0023), inert meanwhile, since a card followed before
// the landing's loader has kept the products chosen would lose them; or the loading indicator (0018).
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

/** Takes input once the app's page has replaced the prerendered one, in the same task: no click between. */
function TakeInput() {
  useLayoutEffect(() => {
    container.inert = false;
  }, []);
  return null;
}

// As a transition: React renders the first page in slices between which the phone stays responsive, and
// swaps it in whole.
startTransition(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders i18n={i18n}>
        {/* A screen is drawn as soon as its data is in, not in slices between other work. */}
        <RouterProvider router={router} useTransitions={false} />
      </AppProviders>
      <TakeInput />
    </StrictMode>,
  ),
);
