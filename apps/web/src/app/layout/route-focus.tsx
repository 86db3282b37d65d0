import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Moves focus to the page's <h1> after each client-side navigation (not on the first load), so screen
 * readers announce the new page and keyboard users start from its top. Waits a frame for the new page.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.focus();
      } else {
        document.getElementById('main-content')?.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
