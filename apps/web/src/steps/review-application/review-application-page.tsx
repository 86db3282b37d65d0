/**
 * /single/reviewapplication and /joint/reviewapplication, 'Review your application' (spec 001 §2.4, §4.8):
 * the sections of the application, each with its own edit mode (Save re-validates with the step's domain
 * schema and writes through the step's PUT; Cancel discards), the SIN masked with a reveal, and the five
 * consent statements. Continue is disabled while a section is being edited, before consent, and once
 * clicked. An edit the server says changes what the application needs (a phone to verify again, a step
 * now missing) is followed: the applicant goes where the server says.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { pathOf } from '@omo/domain';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { saveReviewConsent, type ApplicationView } from '../../lib/application-api.ts';
import { goToNext, handleStepError, type StepData } from '../../lib/step.ts';
import { REVIEW_SECTIONS } from '../../screens/review-sections.ts';
import { ReviewSection } from './review-section.tsx';
import { SectionEditor } from './section-form.tsx';
import './review.css';
import { ConsentCheckbox } from '../../components/form/checkbox-field.tsx';

const SECTION_IDS = REVIEW_SECTIONS.map((section) => section.id);

/** The five statements the consent covers (spec 001 §2.4), as i18n keys. */
const CONSENT_STATEMENTS = [
  'review.consent.creditBureau',
  'review.consent.electronicDelivery',
  'review.consent.noThirdParty',
  'review.consent.privacy',
  'review.consent.trueAndComplete',
] as const;

export function ReviewApplicationPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const navigate = useNavigate();
  const data = useLoaderData<StepData>();
  const [view, setView] = useState(data.view);
  // The last saved view, for a section saved after another (its answers merge into the newest).
  const latest = useRef(data.view);
  const { products, flow } = data;
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const [hasConsent, setConsent] = useState(view.reviewConsent);
  const [isContinuing, setContinuing] = useState(false);
  const [hasContinueFailed, setContinueFailed] = useState(false);
  const [withErrors, setWithErrors] = useState<ReadonlySet<string>>(new Set());
  const title = t('review.title');
  usePageTitle(title, withErrors.size > 0);
  const markErrors = useCallback((id: string, hasErrors: boolean) => {
    setWithErrors((s) => {
      if (s.has(id) === hasErrors) return s;
      const next = new Set(s);
      if (hasErrors) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  // One stable callback per section (SectionForm tells it whenever its errors come or go).
  const errorCallbacks = useMemo(
    () =>
      Object.fromEntries(
        SECTION_IDS.map((id) => [id, (hasErrors: boolean) => markErrors(id, hasErrors)]),
      ) as Record<string, (hasErrors: boolean) => void>,
    [markErrors],
  );

  const open = (id: string) => setEditing((s) => new Set(s).add(id));
  const close = (id: string) => {
    markErrors(id, false);
    setEditing((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });
  };
  const onSaved = (id: string) => async (next: ApplicationView) => {
    setView(next);
    latest.current = next;
    // The edit changed what the application needs (a phone to verify again, a step now missing): go there.
    if (!next.progress.steps.find((s) => s.id === 'reviewapplication')?.canVisit) {
      await goToNext(navigate, next);
      return;
    }
    close(id);
  };
  const onContinue = async () => {
    setContinuing(true);
    setContinueFailed(false);
    try {
      await goToNext(navigate, await saveReviewConsent());
    } catch (error) {
      if ((await handleStepError(error, { navigate })) === 'failed') {
        setContinueFailed(true);
        setContinuing(false);
      }
    }
  };

  const sectionData: StepData = { view, products, flow };
  const newest = () => ({ view: latest.current, products, flow });
  const sections = REVIEW_SECTIONS.filter((section) => section.isShown?.(sectionData) ?? true).map(
    (section) => {
      const title = t(section.titleKey);
      const { editor } = section;
      const isEditable = editor && (section.isEditable?.(sectionData) ?? true);
      return {
        id: section.id,
        title,
        rows: section.rows({ data: sectionData, t, lang }),
        extra: section.extra?.(sectionData),
        changePath: section.changeStep ? pathOf(flow, section.changeStep) : undefined,
        editor: isEditable
          ? () => (
              <SectionEditor
                id={section.id}
                title={title}
                editor={editor}
                data={sectionData}
                newest={newest}
                onSaved={onSaved(section.id)}
                onCancel={() => close(section.id)}
                onErrors={errorCallbacks[section.id]!}
              />
            )
          : undefined,
      };
    },
  );

  const isEditing = editing.size > 0;
  return (
    <div className="panel">
      {hasContinueFailed ? (
        <p className="notice notice--error" role="alert">
          {t('formControls.submitFailed')}
        </p>
      ) : null}
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('review.lead')}</p>
      {sections.map((section) => (
        <ReviewSection
          key={section.id}
          id={section.id}
          title={section.title}
          rows={section.rows}
          isEditing={editing.has(section.id)}
          {...(section.editor ? { onEdit: () => open(section.id), editor: section.editor() } : {})}
          extra={section.extra}
          {...(section.changePath ? { changePath: section.changePath } : {})}
        />
      ))}

      <section className="review-consent" aria-labelledby="consent-title">
        <h2 className="review-section__title" id="consent-title">
          {t('review.consent.title')}
        </h2>
        <p id="consent-intro">{t('review.consent.intro')}</p>
        <ol className="review-consent__statements" id="consent-statements">
          {CONSENT_STATEMENTS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <ConsentCheckbox
          id="reviewConsent"
          label={t('review.consent.label')}
          describedBy="consent-intro consent-statements"
          isChecked={hasConsent}
          onChange={setConsent}
        />
      </section>

      {isEditing ? (
        <p className="field__hint" id="continue-hint">
          {t('review.finishEditing')}
        </p>
      ) : null}
      <div className="actions">
        <BusyButton
          type="button"
          isBusy={isContinuing}
          disabled={isEditing || !hasConsent}
          aria-describedby={isEditing ? 'continue-hint' : undefined}
          onClick={() => void onContinue()}
        >
          {t('common.continue')}
        </BusyButton>
      </div>
    </div>
  );
}
