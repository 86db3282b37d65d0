import type { ReactNode } from 'react';

/**
 * The page's one <h1>. It is focusable by script only (tabIndex -1) so that focus can move to it after a
 * route change (see RouteFocus), announcing the new page to screen-reader users.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="page-heading" tabIndex={-1}>
      {children}
    </h1>
  );
}
