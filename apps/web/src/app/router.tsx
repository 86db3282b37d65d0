/**
 * Route table. The root route loads the page configuration (GetApiConfig) for every page; the bare layout
 * holds the landing, error, not-found and developer pages; the app layout (tracker, banner) holds every
 * flow step. Step routes are the flows' screens.
 * React Router matches case-insensitively, so '/single/legalTerms' and '/single/legalterms' both work.
 */
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import {
  HAND_OFF_ROUTE,
  JOINT_FLOW,
  RESUME_ROUTES,
  SINGLE_FLOW,
  findStepByPath,
  pathOf,
  type StepId,
} from '@omo/domain';
import { loadAppConfig } from '../config/app-config.ts';
import { loadShownTexts } from '../i18n/i18n.ts';
import { ROOT_ROUTE_ID } from '../config/use-app-config.ts';
import { paths } from '../config/paths.ts';
import { ErrorPage } from '../errors/error-page.tsx';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { RouteErrorPage } from '../errors/route-error-page.tsx';
import { GetStartedPage } from '../steps/get-started/get-started-page.tsx';
import { getStartedLoader } from '../steps/get-started/get-started-loader.ts';
import { LandingPage } from '../steps/landing/landing-page.tsx';
import { landingLoader } from '../steps/landing/landing-loader.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { BareLayout } from './layout/bare-layout.tsx';
import { InitialLoading } from './layout/initial-loading.tsx';
import { RootShell } from './layout/root-shell.tsx';
import { registerScreens } from './prefetch.ts';
import type { ScreenModule } from '../screens/screen.ts';

function LandingLayout() {
  return <BareLayout headerVariant="full" />;
}

type StepRoute = Omit<RouteObject, 'path' | 'index' | 'children'>;

/**
 * A screen loaded on demand, with the rest of its language's texts: the landing page does not download the
 * forms' code (react-hook-form, the screens) nor their texts until the applicant reaches them. The loader's
 * module and the screen's load side by side, and the loader runs as soon as its own module is there.
 */
function lazyStep(load: {
  Component: () => Promise<RouteObject['Component']>;
  loader?: () => Promise<RouteObject['loader']>;
}): StepRoute {
  return {
    lazy: {
      Component: async () => (await Promise.all([load.Component(), loadShownTexts()]))[0],
      ...(load.loader ? { loader: load.loader } : {}),
    },
  };
}

/** A step's loader when it needs nothing beyond the shared one (stepLoader), loaded on demand. */
const stepLoaderOf = (id: StepId) => async () => (await import('../lib/step.ts')).stepLoader(id);

const createProfile = lazyStep({
  Component: async () => (await import('../steps/create-profile/create-profile-page.tsx')).CreateProfilePage,
  loader: async () => (await import('../steps/create-profile/create-profile-loader.ts')).createProfileLoader,
});
const sin = lazyStep({
  Component: async () => (await import('../steps/sin/sin-page.tsx')).SinPage,
  loader: async () => (await import('../steps/sin/sin-loader.ts')).sinLoader,
});
const phoneVerification = lazyStep({
  Component: async () =>
    (await import('../steps/phone-verification/phone-verification-page.tsx')).PhoneVerificationPage,
  loader: async () =>
    (await import('../steps/phone-verification/phone-verification-loader.ts')).phoneVerificationLoader,
});
const verificationCode = lazyStep({
  Component: async () =>
    (await import('../steps/verification-code/verification-code-page.tsx')).VerificationCodePage,
  loader: async () =>
    (await import('../steps/verification-code/verification-code-loader.ts')).verificationCodeLoader,
});
const finalizeAccount = lazyStep({
  Component: async () =>
    (await import('../steps/finalize-account/finalize-account-page.tsx')).FinalizeAccountPage,
  loader: stepLoaderOf('finalizeaccount'),
});
/** The co-applicant does not answer for the accounts (the primary does): the page sends them on. */
const jointFinalizeAccount: StepRoute = {
  loader: async ({ request }) => {
    const { loadView } = await import('../lib/step-route.ts');
    throw redirect((await loadView(request.signal)).nextPath);
  },
};
const idVerifyTerms = lazyStep({
  Component: async () =>
    (await import('../steps/id-verify-terms/id-verify-terms-page.tsx')).IdVerifyTermsPage,
  loader: stepLoaderOf('idverifyterms'),
});
const capture = lazyStep({
  Component: async () => (await import('../steps/id-verify-terms/capture-page.tsx')).CapturePage,
  loader: stepLoaderOf('idverifyterms'),
});
const legalTerms = lazyStep({
  Component: async () => (await import('../steps/legal-terms/legal-terms-page.tsx')).LegalTermsPage,
  loader: async () => (await import('../steps/legal-terms/legal-terms-loader.ts')).legalTermsLoader,
});
const reviewApplication = lazyStep({
  Component: async () =>
    (await import('../steps/review-application/review-application-page.tsx')).ReviewApplicationPage,
  loader: stepLoaderOf('reviewapplication'),
});
const reviewTerms = lazyStep({
  Component: async () => (await import('../steps/review-terms/review-terms-page.tsx')).ReviewTermsPage,
  loader: stepLoaderOf('reviewterms'),
});

/** An outcome page: its loader shows only the server's decision (outcomes/outcome-loader.ts). */
const outcome = (load: () => Promise<StepRoute['Component']>): StepRoute =>
  lazyStep({
    Component: load,
    loader: async () => (await import('../outcomes/outcome-loader.ts')).outcomeLoader,
  });
const OUTCOMES = {
  confirmapplication: outcome(
    async () => (await import('../outcomes/confirm-application-page.tsx')).ConfirmApplicationPage,
  ),
  confirmcoapplicantapplication: outcome(
    async () => (await import('../outcomes/confirm-co-applicant-page.tsx')).ConfirmCoApplicantPage,
  ),
  processingapplication: outcome(
    async () => (await import('../outcomes/processing-page.tsx')).ProcessingPage,
  ),
  applicationdecline: outcome(async () => (await import('../outcomes/decline-page.tsx')).DeclinePage),
  jointcomplete: outcome(async () => (await import('../outcomes/joint-complete-page.tsx')).JointCompletePage),
  savingsaccountoffer: outcome(
    async () => (await import('../outcomes/savings-offer-page.tsx')).SavingsOfferPage,
  ),
  verifyidentification: outcome(
    async () => (await import('../outcomes/verify-identification-page.tsx')).VerifyIdentificationPage,
  ),
} satisfies Partial<Record<StepId, StepRoute>>;

/** The flows' screens written by hand (steps/), by path. */
const BUILT_STEPS: Record<string, StepRoute> = {
  [paths.single.getStarted]: { Component: GetStartedPage, loader: getStartedLoader },
  // The co-applicant's loader reads the invitation (the application API): loaded with it, not up front.
  // Its page names who invited them to what (not part of the first screen).
  [pathOf(JOINT_FLOW, 'getstarted')]: lazyStep({
    Component: async () =>
      (await import('../steps/get-started/joint-get-started-page.tsx')).JointGetStartedPage,
    loader: async () =>
      (await import('../steps/get-started/joint-get-started-loader.ts')).jointGetStartedLoader,
  }),
  // Screens written by hand, one for both flows (the flow is read from the path).
  ...Object.fromEntries(
    [SINGLE_FLOW, JOINT_FLOW].flatMap((flow) => [
      [pathOf(flow, 'createprofile'), createProfile],
      [pathOf(flow, 'sin'), sin],
      [pathOf(flow, 'phoneverification'), phoneVerification],
      [pathOf(flow, 'verificationCode'), verificationCode],
      [pathOf(flow, 'finalizeaccount'), flow === JOINT_FLOW ? jointFinalizeAccount : finalizeAccount],
      [pathOf(flow, 'idverifyterms'), idVerifyTerms],
      [`${pathOf(flow, 'idverifyterms')}/capture`, capture],
      [pathOf(flow, 'legalterms'), legalTerms],
      [pathOf(flow, 'reviewapplication'), reviewApplication],
      [pathOf(flow, 'reviewterms'), reviewTerms],
    ]),
  ),
  // Going on alone after a joint application: the primary confirms with their password, then the outcome.
  [paths.applyAsSingle]: lazyStep({
    Component: async () =>
      (await import('../steps/apply-as-single/apply-as-single-page.tsx')).ApplyAsSinglePage,
    loader: async () =>
      (await import('../steps/apply-as-single/apply-as-single-loader.ts')).applyAsSingleLoader,
  }),
  // The outcome pages of each flow (the flow's own steps only).
  ...Object.fromEntries(
    [SINGLE_FLOW, JOINT_FLOW].flatMap((flow) =>
      flow.steps.flatMap((step) =>
        step.path && Object.hasOwn(OUTCOMES, step.id)
          ? [[step.path, OUTCOMES[step.id as keyof typeof OUTCOMES]]]
          : [],
      ),
    ),
  ),
};

/** React Router clears each part of an object `lazy` once it has loaded it: each route gets its own. */
function ownLazy(route: StepRoute): StepRoute {
  return typeof route.lazy === 'object' ? { ...route, lazy: { ...route.lazy } } : route;
}

/** The declared screens (screens/<stepId>.screen.tsx), each loaded on demand with its step. */
const DECLARED_SCREENS = import.meta.glob<ScreenModule>('../screens/*.screen.tsx');

/** The page of a declared screen: ScreenPage over its declaration. */
function declaredStep(id: StepId, load: () => Promise<ScreenModule>): StepRoute {
  return lazyStep({
    Component: async () => {
      const [{ screen }, { ScreenPage }] = await Promise.all([load(), import('../screens/screen-page.tsx')]);
      return function DeclaredScreenPage() {
        return <ScreenPage screen={screen} />;
      };
    },
    loader: stepLoaderOf(id),
  });
}

/** Every flow step with a declared screen and no page written by hand (both flows; the flow is in the path). */
function declaredSteps(): Record<string, StepRoute> {
  return Object.fromEntries(
    [SINGLE_FLOW, JOINT_FLOW].flatMap((flow) =>
      flow.steps.flatMap((step) => {
        const load = DECLARED_SCREENS[`../screens/${step.id}.screen.tsx`];
        return step.path && load && !Object.hasOwn(BUILT_STEPS, step.path)
          ? [[step.path, declaredStep(step.id, load)]]
          : [];
      }),
    ),
  );
}

/**
 * What a screen fetched ahead asks for besides its files: whether a session exists (and the invitation)
 * before Create your profile; the lists the compliance screen offers.
 */
const DATA_AHEAD: Partial<Record<StepId, () => Promise<unknown>>> = {
  createprofile: async () => (await import('../steps/create-profile/create-profile-loader.ts')).readAhead(),
  legalterms: async () => (await import('../lib/reference-data.ts')).ensureReferenceData(),
};

function flowRoutes(): RouteObject[] {
  const table = { ...declaredSteps(), ...BUILT_STEPS };
  registerScreens(
    Object.fromEntries(
      Object.entries(table).map(([path, route]) => {
        const data = DATA_AHEAD[findStepByPath(path)?.step.id as StepId];
        return [path, { ...(typeof route.lazy === 'object' ? route.lazy : {}), ...(data ? { data } : {}) }];
      }),
    ),
  );
  return Object.entries(table).map(([path, route]) => ({ path, ...ownLazy(route) }));
}

export function createRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      loader: () => loadAppConfig(),
      // Config never changes during a visit: don't refetch it on every navigation.
      shouldRevalidate: () => false,
      Component: RootShell,
      errorElement: <RouteErrorPage />,
      HydrateFallback: InitialLoading,
      children: [
        {
          // The landing page has the full header (support phone, 'I'm already a member'), no tracker.
          Component: LandingLayout,
          children: [{ index: true, loader: landingLoader, Component: LandingPage }],
        },
        {
          Component: BareLayout,
          children: [
            { path: paths.error, Component: ErrorPage },
            { path: paths.errorById, Component: ErrorPage },
            {
              path: paths.productList,
              ...lazyStep({
                Component: async () => (await import('../dev/product-list-page.tsx')).ProductListPage,
                loader: async () => (await import('../dev/product-list-page.tsx')).productListLoader,
              }),
            },
            {
              path: paths.diagnostics,
              ...lazyStep({
                Component: async () => (await import('../dev/diagnostics-page.tsx')).DiagnosticsPage,
              }),
            },
            {
              path: paths.outbox,
              ...lazyStep({
                Component: async () => (await import('../dev/outbox-page.tsx')).OutboxPage,
              }),
            },
            // Coming back later (decision 0068): ask for a link, the link's page, its unsubscribe link.
            {
              path: RESUME_ROUTES.request,
              ...lazyStep({
                Component: async () => (await import('../resume/resume-request-page.tsx')).ResumeRequestPage,
              }),
            },
            {
              path: RESUME_ROUTES.sent,
              ...lazyStep({
                Component: async () => (await import('../resume/resume-sent-page.tsx')).ResumeSentPage,
              }),
            },
            {
              path: RESUME_ROUTES.open,
              ...lazyStep({
                Component: async () => (await import('../resume/resume-open-page.tsx')).ResumeOpenPage,
              }),
            },
            {
              path: RESUME_ROUTES.unsubscribe,
              ...lazyStep({
                Component: async () => (await import('../resume/unsubscribe-page.tsx')).UnsubscribePage,
              }),
            },
            // The ID photos on the phone (decision 0088): the link the desktop texted or showed.
            {
              path: HAND_OFF_ROUTE,
              ...lazyStep({
                Component: async () =>
                  (await import('../steps/id-verify-terms/hand-off-page.tsx')).HandOffPage,
              }),
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
        { Component: AppLayout, children: flowRoutes() },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(createRoutes());
}
