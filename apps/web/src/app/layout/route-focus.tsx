import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After each client-side navigation (not on the first load): a new screen opens at its top, and focus moves
 * to its <h1> so screen readers announce the new page and keyboard users start from there. Back and
 * forward (POP) keep the browser's scroll position. Focus waits a frame for the new page.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const isFirst = useRef(true);

  // Before paint: the previous page's scroll offset must never show the new page half-scrolled.
  useLayoutEffect(() => {
    if (isFirst.current || navigationType === 'POP') return;
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname, navigationType]);

  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      const target = heading ?? document.getElementById('main-content');
      target?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
