import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';

export interface SummaryError {
  /** id of the field the message belongs to; the link moves focus there. */
  fieldId: string;
  /** Translated message. */
  message: string;
  /** About the applicant, not a field: said as the page's message, without a link. */
  isPageLevel?: boolean;
}

interface ErrorSummaryProps {
  errors: SummaryError[];
  /**
   * Changes on every submit attempt (e.g. react-hook-form's submitCount): focus moves to the summary each
   * time the form is submitted with errors, not on every keystroke that changes the list.
   */
  focusKey: number;
}

/**
 * GOV.UK-style error summary shown at the top of a form after a failed submit. It takes focus so the
 * errors are announced, and each item links to its field.
 */
export function ErrorSummary({ errors, focusKey }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const focusedKey = useRef(0);
  const hasErrors = errors.length > 0;

  useEffect(() => {
    // Once per submit attempt: errors that appear later while the user fixes fields (revalidation on
    // change) must not pull focus away from the field being typed in.
    if (hasErrors && focusKey > 0 && focusKey !== focusedKey.current) {
      focusedKey.current = focusKey;
      ref.current?.focus();
    }
  }, [focusKey, hasErrors]);

  if (!hasErrors) return null;
  const pageLevel = errors.filter((error) => error.isPageLevel);
  const fields = errors.filter((error) => !error.isPageLevel);
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 className="error-summary__title" id="error-summary-title">
        {t('form.errorSummaryTitle')}
      </h2>
      {pageLevel.map((error) => (
        <p className="error-summary__page" key={error.fieldId}>
          {error.message}
        </p>
      ))}
      {fields.length > 0 ? (
        <ul className="error-summary__list">
          {fields.map((error) => (
            <li key={error.fieldId}>
              <a
                href={`#${error.fieldId}`}
                onClick={(event) => {
                  const field = document.getElementById(error.fieldId);
                  if (field) {
                    event.preventDefault();
                    field.focus();
                    field.scrollIntoView?.({ block: 'center' });
                  }
                }}
              >
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
