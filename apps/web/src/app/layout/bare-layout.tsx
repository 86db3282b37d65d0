import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

/** Bare layout (logo and language only) for the landing, error, not-found and developer pages. */
export function BareLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="page">
      <SkipLink />
      <Header variant="bare" />
      <NavigationProgress />
      <div className="page__body">
        <main className="page__main" id={MAIN_ID} tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </div>
      <Footer />
    </div>
  );
}
