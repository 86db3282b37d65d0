import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

/**
 * Layout without the step tracker: bare (logo and language only) for the error, not-found and developer
 * pages; with the full header (support phone, 'I'm already a member') for the landing page.
 */
export function BareLayout({
  children,
  headerVariant = 'bare',
}: {
  children?: ReactNode;
  headerVariant?: 'full' | 'bare';
}) {
  return (
    <div className="page">
      <SkipLink />
      <Header variant={headerVariant} />
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
