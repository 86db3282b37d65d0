import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { BusyButton } from './busy-button.tsx';
import type { SummaryError } from './error-summary.tsx';
import { StepFormTop } from './step-form-top.tsx';

/** What a form's frame shows: the error summary, the notice of a failed save, the busy submit. */
export interface FormFrame {
  summary: SummaryError[];
  submitCount: number;
  hasSubmitFailed: boolean;
  isSubmitting: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * The frame of every step form: the error summary and the notice of a save that failed, the heading, the
 * lead, the form (validated on submit, `noValidate`) and its Continue button, busy while the save runs.
 */
export function StepForm({
  title,
  lead,
  frame,
  isSubmitDisabled = false,
  submitLabel,
  beforeForm,
  extraActions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** The form's state (useStepForm's `frame`). */
  frame: FormFrame;
  /** Continue waits for something besides the form (e.g. a check the page runs). */
  isSubmitDisabled?: boolean;
  /** The submit button's text (Continue by default). */
  submitLabel?: string;
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
        errors={frame.summary}
        submitCount={frame.submitCount}
        hasSubmitFailed={frame.hasSubmitFailed}
      />
      {lead ? <p className="lead">{lead}</p> : null}
      {beforeForm}
      <form noValidate onSubmit={(event) => void frame.onSubmit(event)}>
        {children}
        <div className="actions">
          <BusyButton type="submit" isBusy={frame.isSubmitting} disabled={isSubmitDisabled}>
            {submitLabel ?? t('common.continue')}
          </BusyButton>
          {extraActions}
        </div>
      </form>
    </div>
  );
}
