import { Outlet } from 'react-router';
import { DeviceFingerprint } from './device-fingerprint.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';
import { StepBanner } from './step-banner.tsx';
import { StepTracker } from './step-tracker.tsx';

/**
 * Layout of the flow steps: full header, step banner (small screens), sidebar tracker, footer, and the
 * device-fingerprint script when one is configured.
 */
export function AppLayout() {
  return (
    <div className="page">
      <DeviceFingerprint />
      <SkipLink />
      <Header variant="full" />
      <StepBanner />
      <NavigationProgress />
      <div className="page__body page__body--with-sidebar">
        <aside className="page__sidebar">
          <StepTracker />
        </aside>
        <main className="page__main" id={MAIN_ID} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}
