import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After each client-side navigation (not on the first load): a new screen opens at its top, and focus moves
 * to its <h1> so screen readers announce the new page and keyboard users start from there. Back and
 * forward (POP) keep the browser's scroll position. Focus waits a frame for the new page, and stays where
 * it is if the applicant has gone into the new page meanwhile (a tap, a tab, the first digit of a code):
 * their next keys must not land on the heading.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const isFirst = useRef(true);
  // What had focus when the new page was committed (<body> once the previous page's control is gone).
  const focusedAtCommit = useRef<Element | null>(null);

  // Before paint: the previous page's scroll offset must never show the new page half-scrolled.
  useLayoutEffect(() => {
    focusedAtCommit.current = document.activeElement;
    if (isFirst.current || navigationType === 'POP') return;
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname, navigationType]);

  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => focusHeadingUnlessMoved(focusedAtCommit.current));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}

/** Focus to the page's <h1> (else the main region), unless the applicant has already moved it on. */
function focusHeadingUnlessMoved(focusedBefore: Element | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active !== focusedBefore) return;
  const heading = document.querySelector<HTMLElement>('main h1');
  const target = heading ?? document.getElementById('main-content');
  target?.focus({ preventScroll: true });
}

/**
 * The same for a page whose stages follow one another without a navigation (a link's page: start, code,
 * ended): when `stage` changes, the control that was pressed is gone, and focus goes to the new heading.
 */
export function useStageFocus(stage: string): void {
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => focusHeadingUnlessMoved(null));
    return () => cancelAnimationFrame(frame);
  }, [stage]);
}
