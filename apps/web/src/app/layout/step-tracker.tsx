import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRACKER_STEPS, progressGroupOf } from '@omo/domain';
import { INITIAL_PROGRESS, useSessionSlice, type ProgressState } from '../../lib/session-state.ts';

type TrackerGroup = keyof ProgressState;

/** State of one tracker step: complete (progress slice), current (route group) or upcoming. */
export function stepStatus(
  group: TrackerGroup,
  progress: ProgressState,
  currentGroup: string | null,
): 'complete' | 'current' | 'upcoming' {
  if (group === currentGroup) return 'current';
  if (progress[group]) return 'complete';
  return 'upcoming';
}

/** The four visible steps, with the complete marks of the progress slice (sidebar, wide screens). */
export function StepTracker() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const progress = { ...INITIAL_PROGRESS, ...useSessionSlice('progress') };
  const currentGroup = progressGroupOf(pathname);

  return (
    <nav className="tracker" aria-label={t('layout.trackerLabel')}>
      <ol className="tracker__list">
        {TRACKER_STEPS.map((step, index) => {
          const group = step.group as TrackerGroup;
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
