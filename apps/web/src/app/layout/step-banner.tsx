import { useTranslation } from '../../i18n/use-translation.tsx';
import { useTrackerSteps } from './use-tracker-steps.ts';

/**
 * Mobile replacement of the tracker: 'STEP 0n/04' (0n/03 for the co-applicant) and the step name. Hidden on
 * wide screens by CSS.
 */
export function StepBanner() {
  const { t } = useTranslation();
  const { steps, currentGroup } = useTrackerSteps();
  const step = steps.find((s) => s.group === currentGroup);
  if (!step) return null;
  const current = step.number;
  const total = steps.length;
  const pad = (n: number) => String(n).padStart(2, '0');
  const name = t(`layout.steps.${step.group}`);
  return (
    // A labelled region: everything on the page must sit in a landmark (axe 'region').
    <section className="step-banner" aria-label={t('layout.trackerLabel')}>
      <p className="step-banner__inner">
        <span aria-hidden="true">
          <span className="step-banner__count">
            {t('layout.stepBanner', { current: pad(current), total: pad(total) })}
          </span>
          <span className="step-banner__name">{name}</span>
        </span>
        <span className="visually-hidden">{t('layout.stepBannerLabel', { current, total, name })}</span>
      </p>
    </section>
  );
}
