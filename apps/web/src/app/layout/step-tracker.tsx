import { useLocation, useMatches } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { TRACKER_STEPS, progressGroupOf, type ProgressGroup, type ProgressView } from '@omo/domain';

type TrackerGroup = ProgressGroup;
type ProgressState = ProgressView['groups'];

const NOTHING_COMPLETE: ProgressState = {
  profile: false,
  address: false,
  confirmProduct: false,
  finalizeAccount: false,
};

/** The tracker's complete marks: the server's progress in the current screen's data (none before a profile). */
function useTrackerProgress(): ProgressState {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const progress = (match.data as { view?: { progress?: ProgressView } } | undefined)?.view?.progress;
    if (progress) return progress.groups;
  }
  return NOTHING_COMPLETE;
}

/** State of one tracker step: complete (server progress), current (route group) or upcoming. */
function stepStatus(
  group: TrackerGroup,
  progress: ProgressState,
  currentGroup: string | null,
): 'complete' | 'current' | 'upcoming' {
  if (group === currentGroup) return 'current';
  if (progress[group]) return 'complete';
  return 'upcoming';
}

/** The four visible steps, with the complete marks the server derived (sidebar, wide screens). */
export function StepTracker() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const progress = useTrackerProgress();
  const currentGroup = progressGroupOf(pathname);

  return (
    <nav className="tracker" aria-label={t('layout.trackerLabel')}>
      <ol className="tracker__list">
        {TRACKER_STEPS.map((step, index) => {
          const group: TrackerGroup = step.group;
          const status = stepStatus(group, progress, currentGroup);
          const isComplete = progress[group];
          return (
            <li
              key={group}
              className={`tracker__step tracker__step--${status}${isComplete ? ' tracker__step--done' : ''}`}
              aria-current={status === 'current' ? 'step' : undefined}
            >
              <span className="tracker__marker" aria-hidden="true">
                {isComplete ? '✓' : index + 1}
              </span>
              <span className="tracker__label">
                {t(`layout.steps.${group}`)}
                <span className="visually-hidden">
                  {' ('}
                  {isComplete
                    ? t('layout.stepComplete')
                    : status === 'current'
                      ? t('layout.stepCurrent')
                      : t('layout.stepNotStarted')}
                  {')'}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
