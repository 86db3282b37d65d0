/**
 * The edit mode of one section of 'Review your application' (spec 001 §2.4): a form validated with the
 * same domain schema as its step screen, saved through the same PUT; Save stores, Cancel discards. Its
 * error summary sits at the top of the section and takes focus on a failed Save.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useNavigate } from 'react-router';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { useFormErrors } from '../../components/form/use-form-errors.ts';
import type { ApplicationView } from '../../lib/application-api.ts';
import { handleStepError } from '../../lib/step.ts';

export interface SectionFormOptions<TIn extends FieldValues, TOut> {
  schema: z.ZodMiniType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** The form's field names, in order (the error summary's order). */
  fields: readonly string[];
  /** Saves the values with the step's PUT; answers the view. */
  save: (values: TOut) => Promise<ApplicationView>;
  /** Called with the new view once saved. */
  onSaved: (view: ApplicationView) => void;
  reValidateMode?: 'onChange' | 'onBlur' | 'onSubmit';
}

/** A section's edit form: the domain schema, the translated errors, a submit that saves and closes. */
export function useSectionForm<TIn extends FieldValues, TOut>(options: SectionFormOptions<TIn, TOut>) {
  const navigate = useNavigate();
  const [hasSaveFailed, setSaveFailed] = useState(false);
  const form = useForm<TIn, unknown, TOut>({
    shouldFocusError: false,
    resolver: zodResolver(options.schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    defaultValues: options.defaultValues,
    ...(options.reValidateMode ? { reValidateMode: options.reValidateMode } : {}),
  });
  const { messageOf, summary } = useFormErrors(form.formState.errors, options.fields);
  const onSubmit = form.handleSubmit(async (values) => {
    setSaveFailed(false);
    try {
      options.onSaved(await options.save(values));
    } catch (error) {
      const outcome = await handleStepError(error, {
        setError: form.setError,
        fields: options.fields,
        navigate,
      });
      if (outcome === 'failed') setSaveFailed(true);
    }
  });
  return { form, onSubmit, messageOf, summary, hasSaveFailed };
}

/** The frame of a section's edit mode: the error summary, the fields, Save and Cancel. */
export function SectionForm({
  id,
  title,
  summary,
  submitCount,
  hasSaveFailed,
  isSubmitting,
  onSubmit,
  onCancel,
  onErrors,
  children,
}: {
  id: string;
  /** The section's title (names the Save and Cancel buttons for screen readers). */
  title: string;
  summary: { fieldId: string; message: string }[];
  submitCount: number;
  hasSaveFailed: boolean;
  isSubmitting: boolean;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  /** Told whether the section shows errors (the page title says 'Error: ' while one does). */
  onErrors?: (hasErrors: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
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
      {hasSaveFailed ? (
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
