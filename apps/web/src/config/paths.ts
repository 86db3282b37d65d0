/**
 * The one table of the SPA's paths. Flow step paths come from the flows of @omo/domain, so a page never
 * spells another page's path; the public routes come from the domain's PUBLIC_ROUTES.
 */
import {
  JOINT_FLOW,
  PUBLIC_ROUTES,
  SINGLE_FLOW,
  errorRoute,
  findStepByPath,
  pathOf,
  type ErrorId,
  type Flow,
} from '@omo/domain';

export const paths = {
  landing: PUBLIC_ROUTES.landing,
  error: PUBLIC_ROUTES.error,
  /** Route pattern of the error page with an id. */
  errorById: `${PUBLIC_ROUTES.error}/:errId`,
  applyAsSingle: PUBLIC_ROUTES.applyAsSingle,
  productList: PUBLIC_ROUTES.productList,
  diagnostics: PUBLIC_ROUTES.diagnostics,
  /** Non-production: the sandbox outbox (design.md §4). */
  outbox: '/dev/outbox',
  single: {
    getStarted: pathOf(SINGLE_FLOW, 'getstarted'),
    createProfile: pathOf(SINGLE_FLOW, 'createprofile'),
  },
  joint: {
    getStarted: pathOf(JOINT_FLOW, 'getstarted'),
  },
} as const;

/** Path of an error page: /error/{id}, or /error. */
export function errorPath(id?: ErrorId): string {
  return errorRoute(id);
}

/** Link to the landing page that starts an application with the given products (used by /productlist). */
export function landingLink(
  productIds: readonly string[],
  options: { sweep?: boolean; prm?: string } = {},
): string {
  const params = new URLSearchParams({ productIds: productIds.join(';') });
  if (options.sweep !== undefined) params.set('sweep', String(options.sweep));
  if (options.prm) params.set('prm', options.prm);
  // Keep the semicolon readable: URLSearchParams would encode it as %3B.
  return `${paths.landing}?${params.toString().replace(/%3B/gi, ';')}`;
}

/** The flow of a pathname ('/joint/...' → JOINT_FLOW); the single flow for anything else. */
export function flowOfPath(pathname: string): Flow {
  // A page under a step (the capture page of idverifyterms) is in the step's flow.
  return (
    findStepByPath(pathname)?.flow ??
    (pathname.toLowerCase().startsWith('/joint/') ? JOINT_FLOW : SINGLE_FLOW)
  );
}
