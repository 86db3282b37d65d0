/**
 * Route table. The root route loads the page configuration (GetApiConfig) for every page; the bare layout
 * holds the landing, error, not-found and developer pages; the app layout (tracker, banner) holds every
 * flow step. Step routes come from the domain flows: a step without its screen yet shows the placeholder.
 * React Router matches case-insensitively, so '/single/legalTerms' and '/single/legalterms' both work.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { JOINT_FLOW, SINGLE_FLOW, pathOf } from '@omo/domain';
import { loadAppConfig } from '../config/app-config.ts';
import { ROOT_ROUTE_ID } from '../config/use-app-config.ts';
import { paths } from '../config/paths.ts';
import { ErrorPage } from '../errors/error-page.tsx';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { RouteErrorPage } from '../errors/route-error-page.tsx';
import { GetStartedPage } from '../steps/get-started/get-started-page.tsx';
import { getStartedLoader } from '../steps/get-started/get-started-loader.ts';
import { LandingPage } from '../steps/landing/landing-page.tsx';
import { landingLoader } from '../steps/landing/landing-loader.ts';
import { PlaceholderPage } from '../steps/placeholder/placeholder-page.tsx';
import { AddressPage } from '../steps/address/address-page.tsx';
import { addressLoader } from '../steps/address/address-loader.ts';
import { PhoneVerificationPage } from '../steps/phone-verification/phone-verification-page.tsx';
import { phoneVerificationLoader } from '../steps/phone-verification/phone-verification-loader.ts';
import { VerificationCodePage } from '../steps/verification-code/verification-code-page.tsx';
import { verificationCodeLoader } from '../steps/verification-code/verification-code-loader.ts';
import { CreateProfilePage } from '../steps/create-profile/create-profile-page.tsx';
import { createProfileLoader } from '../steps/create-profile/create-profile-loader.ts';
import { PersonalInfoPage } from '../steps/personal-info/personal-info-page.tsx';
import { personalInfoLoader } from '../steps/personal-info/personal-info-loader.ts';
import { ConfirmProductsPage } from '../steps/confirm-products/confirm-products-page.tsx';
import { confirmProductsLoader } from '../steps/confirm-products/confirm-products-loader.ts';
import { SinPage } from '../steps/sin/sin-page.tsx';
import { sinLoader } from '../steps/sin/sin-loader.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { BareLayout } from './layout/bare-layout.tsx';
import { InitialLoading } from './layout/initial-loading.tsx';
import { RootShell } from './layout/root-shell.tsx';

/** Built screens by path; every other flow step renders the placeholder. */
const BUILT_STEPS: Record<string, Omit<RouteObject, 'path' | 'index' | 'children'>> = {
  [paths.single.getStarted]: { Component: GetStartedPage, loader: getStartedLoader },
  // Profile, personal info, products and SIN: one screen for both flows (confirmproducts is single only).
  ...Object.fromEntries(
    [SINGLE_FLOW, JOINT_FLOW].flatMap((flow) => [
      [pathOf(flow, 'createprofile'), { Component: CreateProfilePage, loader: createProfileLoader }],
      [pathOf(flow, 'personalinfo'), { Component: PersonalInfoPage, loader: personalInfoLoader }],
      [pathOf(flow, 'sin'), { Component: SinPage, loader: sinLoader }],
    ]),
  ),
  [pathOf(SINGLE_FLOW, 'confirmproducts')]: { Component: ConfirmProductsPage, loader: confirmProductsLoader },
  // Phone verification and address: one screen for both flows (the flow is read from the path).
  ...Object.fromEntries(
    [SINGLE_FLOW, JOINT_FLOW].flatMap((flow) => [
      [
        pathOf(flow, 'phoneverification'),
        { Component: PhoneVerificationPage, loader: phoneVerificationLoader },
      ],
      [pathOf(flow, 'verificationCode'), { Component: VerificationCodePage, loader: verificationCodeLoader }],
      [pathOf(flow, 'address'), { Component: AddressPage, loader: addressLoader }],
    ]),
  ),
};

function flowRoutes(): RouteObject[] {
  const stepPaths = [...SINGLE_FLOW.steps, ...JOINT_FLOW.steps].map((s) => s.path);
  const all = [...new Set([...stepPaths, paths.applyAsSingle])];
  return all.map((path) => ({ path, ...(BUILT_STEPS[path] ?? { Component: PlaceholderPage }) }));
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
          Component: BareLayout,
          children: [
            { index: true, loader: landingLoader, Component: LandingPage },
            { path: paths.error, Component: ErrorPage },
            { path: paths.errorById, Component: ErrorPage },
            {
              path: paths.productList,
              lazy: async () => ({
                Component: (await import('../dev/product-list-page.tsx')).ProductListPage,
              }),
            },
            {
              path: paths.diagnostics,
              lazy: async () => ({
                Component: (await import('../dev/diagnostics-page.tsx')).DiagnosticsPage,
              }),
            },
            {
              path: paths.outbox,
              lazy: async () => ({
                Component: (await import('../dev/outbox-page.tsx')).OutboxPage,
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
