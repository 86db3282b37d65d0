import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { deviceClassOf, findStepByPath, FUNNEL_VIEW_PATH } from '@omo/domain';

/**
 * Tells the server a step's page opened (the funnel, decision 0056): the step id and the device class of
 * the viewport, nothing else. Sent once per page, never awaited; the answer is not read.
 */
export function FunnelView() {
  const { pathname } = useLocation();
  useEffect(() => {
    const found = findStepByPath(pathname);
    if (!found || found.step.kind === 'check') return;
    const body = JSON.stringify({ stepId: found.step.id, device: deviceClassOf(window.innerWidth) });
    fetch(FUNNEL_VIEW_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  }, [pathname]);
  return null;
}
