import { useLocation, useMatches } from 'react-router';
import { findStepByPath, SINGLE_FLOW, trackerStepsFor, type ProgressView } from '@omo/domain';

const NOTHING_COMPLETE: ProgressView['groups'] = {
  profile: false,
  address: false,
  confirmProduct: false,
  finalizeAccount: false,
};

/**
 * The tracker of the current screen: its numbered steps (those this applicant is asked, from the server's
 * progress), the complete marks the server derived, and the current group.
 */
export function useTrackerSteps() {
  const { pathname } = useLocation();
  const matches = useMatches();
  let progress: ProgressView | undefined;
  for (const match of [...matches].reverse()) {
    progress = (match.data as { view?: { progress?: ProgressView } } | undefined)?.view?.progress;
    if (progress) break;
  }
  const found = findStepByPath(pathname);
  // A page under a step (the photo capture) is in its step's flow.
  const flow = (found ?? findStepByPath(pathname.replace(/\/[^/]+\/?$/, '')))?.flow ?? SINGLE_FLOW;
  const required = progress?.steps.filter((s) => s.required).map((s) => s.id);
  return {
    steps: trackerStepsFor(flow, required),
    complete: progress?.groups ?? NOTHING_COMPLETE,
    currentGroup: found?.step.group ?? null,
  };
}
