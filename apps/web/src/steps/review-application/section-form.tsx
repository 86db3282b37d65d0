/**
 * The edit mode of one section of 'Review your application' (spec 001 §2.4): a form validated with the
 * same domain schema as its step screen, saved through the same PUT; Save stores, Cancel discards. Its
 * error summary sits at the top of the section and takes focus on a failed Save.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import type { FormFrame } from '../../components/form/step-form.tsx';
import type { ApplicationView } from '../../lib/application-api.ts';
import type { StepData } from '../../lib/step.ts';
import { useAnswersForm, type AnswersForm } from '../../screens/screen.ts';

/** The frame of a section's edit mode: the error summary, the fields, Save and Cancel. */
function SectionForm({
  id,
  title,
  frame,
  onCancel,
  onErrors,
  children,
}: {
  id: string;
  /** The section's title (names the Save and Cancel buttons for screen readers). */
  title: string;
  /** The form's state (useStepForm's `frame`). */
  frame: FormFrame;
  onCancel: () => void;
  /** Told whether the section shows errors (the page title says 'Error: ' while one does). */
  onErrors?: (hasErrors: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  const { summary, submitCount, hasSubmitFailed, isSubmitting, onSubmit } = frame;
  const hasErrors = summary.length > 0;
  useEffect(() => onErrors?.(hasErrors), [hasErrors, onErrors]);
  // Opening the edit mode moves focus to its first field.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, []);
  return (
    <form
      ref={ref}
      noValidate
      className="review-section__form"
      id={`${id}-form`}
      aria-label={t('review.editing', { section: title })}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <ErrorSummary errors={summary} focusKey={submitCount} />
      {hasSubmitFailed ? (
        <p className="notice notice--error" role="alert">
          {t('formControls.submitFailed')}
        </p>
      ) : null}
      {children}
      <div className="actions">
        <BusyButton
          type="submit"
          isBusy={isSubmitting}
          aria-label={t('review.saveLabel', { section: title })}
        >
          {t('review.save')}
        </BusyButton>
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('review.cancelLabel', { section: title })}
          onClick={onCancel}
          disabled={isSubmitting}
        >
          {t('review.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A section's edit mode made from its declared form (screens/): the same form set-up as the step's. */
export function SectionEditor({
  id,
  title,
  editor,
  data,
  newest,
  onSaved,
  onCancel,
  onErrors,
}: {
  id: string;
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each section has its own form types
  editor: AnswersForm<any, any>;
  data: StepData;
  /** The newest data the page holds (a save merges into it). */
  newest: () => StepData;
  onSaved: (view: ApplicationView) => unknown;
  onCancel: () => void;
  onErrors: (hasErrors: boolean) => void;
}) {
  const { form, messageOf, frame } = useAnswersForm(editor, data, newest, onSaved);
  const { Fields } = editor;
  return (
    <SectionForm id={id} title={title} frame={frame} onCancel={onCancel} onErrors={onErrors}>
      <Fields form={form} messageOf={messageOf} data={data} />
    </SectionForm>
  );
}
