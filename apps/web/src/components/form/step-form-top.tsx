import { useTranslation } from '../../i18n/use-translation.tsx';
import { PageHeading } from '../page-heading.tsx';
import { ErrorSummary, type SummaryError } from './error-summary.tsx';

/**
 * The top of every step form: the error summary (takes focus once per submit), the notice of a submit the
 * server could not take, and the page heading.
 */
export function StepFormTop({
  title,
  errors,
  submitCount,
  hasSubmitFailed = false,
}: {
  title: string;
  errors: SummaryError[];
  submitCount: number;
  hasSubmitFailed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorSummary errors={errors} focusKey={submitCount} />
      {hasSubmitFailed ? (
        <p className="notice notice--error" role="alert">
          {t('formControls.submitFailed')}
        </p>
      ) : null}
      <PageHeading>{title}</PageHeading>
    </>
  );
}
