import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { SummaryRow } from '../../screens/screen.ts';

/**
 * One section of 'Review your application': its title, its answers as a summary list, and an Edit button
 * that opens its edit mode in place (`editor`). The Edit button takes focus back when the mode closes.
 */
export function ReviewSection({
  id,
  title,
  rows,
  isEditing,
  onEdit,
  editor,
  extra,
  changePath,
}: {
  id: string;
  title: string;
  rows: SummaryRow[];
  isEditing: boolean;
  /** Absent: nothing of the section can be edited. */
  onEdit?: () => void;
  editor?: ReactNode;
  /** Shown after the answers (e.g. the SIN's reveal). */
  extra?: ReactNode;
  /** A section changed on its step's page: where its Change link goes. */
  changePath?: string;
}) {
  const { t } = useTranslation();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(isEditing);
  // Closing the edit mode (saved or cancelled) gives focus back to the section's Edit button.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  return (
    <section className="review-section" aria-labelledby={`${id}-title`} data-testid={`review-${id}`}>
      <div className="review-section__top">
        <h2 className="review-section__title" id={`${id}-title`}>
          {title}
        </h2>
        {onEdit && !isEditing ? (
          <button
            ref={editButton}
            type="button"
            id={`${id}-edit`}
            className="button button--secondary review-section__edit"
            aria-label={t('review.editLabel', { section: title })}
            onClick={onEdit}
          >
            {t('review.edit')}
          </button>
        ) : changePath ? (
          <Link to={changePath} className="review-section__edit">
            {t('review.change')}
            <span className="visually-hidden"> {title}</span>
          </Link>
        ) : null}
      </div>
      {isEditing ? (
        editor
      ) : (
        <>
          <dl className="summary-list">
            {rows.map((row) => (
              <div className="summary-list__row" key={row.label}>
                <dt className="summary-list__key">{row.label}</dt>
                <dd className="summary-list__value">{row.value}</dd>
              </div>
            ))}
          </dl>
          {extra}
        </>
      )}
    </section>
  );
}
