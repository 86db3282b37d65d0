import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { BusyButton } from './busy-button.tsx';
import type { SummaryError } from './error-summary.tsx';
import { StepFormTop } from './step-form-top.tsx';

/**
 * The frame of every step form: the error summary and the notice of a save that failed, the heading, the
 * lead, the form (validated on submit, `noValidate`) and its Continue button, busy while the save runs.
 */
export function StepForm({
  title,
  lead,
  summary,
  submitCount,
  hasSubmitFailed,
  isSubmitting,
  isSubmitDisabled = false,
  submitLabel,
  onSubmit,
  beforeForm,
  extraActions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  summary: SummaryError[];
  submitCount: number;
  hasSubmitFailed: boolean;
  isSubmitting: boolean;
  /** Continue waits for something besides the form (e.g. a check the page runs). */
  isSubmitDisabled?: boolean;
  /** The submit button's text (Continue by default). */
  submitLabel?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Shown between the lead and the form. */
  beforeForm?: ReactNode;
  /** Buttons after Continue. */
  extraActions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="panel">
      <StepFormTop
        title={title}
        errors={summary}
        submitCount={submitCount}
        hasSubmitFailed={hasSubmitFailed}
      />
      {lead ? <p className="lead">{lead}</p> : null}
      {beforeForm}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {children}
        <div className="actions">
          <BusyButton type="submit" isBusy={isSubmitting} disabled={isSubmitDisabled}>
            {submitLabel ?? t('common.continue')}
          </BusyButton>
          {extraActions}
        </div>
      </form>
    </div>
  );
}
