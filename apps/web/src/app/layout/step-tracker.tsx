import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ProgressGroup, ProgressView } from '@omo/domain';
import { useTrackerSteps } from './use-tracker-steps.ts';

type TrackerGroup = ProgressGroup;
type ProgressState = ProgressView['groups'];

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

/** The applicant's steps (four, or three for the co-applicant), with the server's complete marks (sidebar). */
export function StepTracker() {
  const { t } = useTranslation();
  const { steps, complete: progress, currentGroup } = useTrackerSteps();

  return (
    <nav className="tracker" aria-label={t('layout.trackerLabel')}>
      <ol className="tracker__list">
        {steps.map((step) => {
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
                {isComplete ? '✓' : step.number}
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
