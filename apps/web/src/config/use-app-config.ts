import { useRouteLoaderData } from 'react-router';
import { DEFAULT_CONFIG, type AppConfig } from './app-config.ts';

/** Route id of the root route, whose loader provides the page configuration. */
export const ROOT_ROUTE_ID = 'root';

/** The page configuration loaded by the root route (defaults outside it, e.g. in the error element). */
export function useAppConfig(): AppConfig {
  return (useRouteLoaderData(ROOT_ROUTE_ID) as AppConfig | undefined) ?? DEFAULT_CONFIG;
}
