import { Outlet } from 'react-router';
import { RouteFocus } from './route-focus.tsx';

/** Root element: the active layout plus focus management after navigations. */
export function RootShell() {
  return (
    <>
      <RouteFocus />
      <Outlet />
    </>
  );
}
