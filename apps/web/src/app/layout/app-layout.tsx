import { Outlet, useLocation, useNavigation } from 'react-router';
import { findStepByPath } from '@omo/domain';
import { DeviceFingerprint } from './device-fingerprint.tsx';
import { usePrefetchNextScreens } from '../prefetch.ts';
import { Footer } from './footer.tsx';
import { FunnelView } from './funnel-view.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { useSessionTimeout } from './session-timeout.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';
import { StepBanner } from './step-banner.tsx';
import { StepNav } from './step-nav.tsx';
import { StepTracker } from './step-tracker.tsx';

/**
 * Layout of the flow steps: full header, step banner (small screens), sidebar tracker, the Back and Exit row,
 * footer, and the device-fingerprint script when one is configured. The next screens' files are fetched
 * while this one is filled in. On the step screens the session
 * time-out's dialog opens beside the page, which is inert while it shows.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  // Step screens (and a page under one, the photo capture) only: on an outcome page the decision is taken
  // and nothing is lost when the session ends.
  const step = findStepByPath(pathname) ?? findStepByPath(pathname.replace(/\/[^/]+\/?$/, ''));
  const session = useSessionTimeout(step?.step.kind === 'step');
  usePrefetchNextScreens(pathname, useNavigation().state !== 'idle');
  return (
    <>
      <div className="page" inert={session.isDialogOpen}>
        <DeviceFingerprint />
        <FunnelView />
        <SkipLink />
        <Header variant="full" />
        <StepBanner />
        <NavigationProgress />
        <div className="page__body page__body--with-sidebar">
          <aside className="page__sidebar">
            <StepTracker />
          </aside>
          <main className="page__main" id={MAIN_ID} tabIndex={-1}>
            <StepNav
              hasSession={session.hasSession}
              onExit={session.askToExit}
              onSave={session.saveForLater}
            />
            <Outlet />
          </main>
        </div>
        <Footer />
      </div>
      {session.dialog}
    </>
  );
}
