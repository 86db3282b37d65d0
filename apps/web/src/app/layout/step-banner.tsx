import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { TRACKER_STEPS, stepNumberOf } from '@omo/domain';

/** Mobile replacement of the tracker: 'STEP 0n/04' and the step name. Hidden on wide screens by CSS. */
export function StepBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = stepNumberOf(pathname);
  if (!current) return null;
  const step = TRACKER_STEPS[current - 1];
  const total = TRACKER_STEPS.length;
  const pad = (n: number) => String(n).padStart(2, '0');
  const name = step ? t(`layout.steps.${step.group as 'profile'}`) : '';
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
