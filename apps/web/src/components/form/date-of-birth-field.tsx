import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { FieldError } from './field.tsx';
import './form-controls.css';

type Part = 'month' | 'day' | 'year';

interface DateOfBirthFieldProps {
  legend: ReactNode;
  hint?: ReactNode;
  /** Ids of the three controls (also their field names, so the error summary links land on them). */
  ids: Record<Part, string>;
  registrations: Record<Part, UseFormRegisterReturn>;
  /** Translated error message of each part. */
  errors: Partial<Record<Part, string | undefined>>;
}

/** Month names of a language, '01'..'12' (Intl: no hard-coded lists to keep in step). */
export function monthOptions(lang: Lang): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    month: 'long',
    timeZone: 'UTC',
  });
  return Array.from({ length: 12 }, (_, i) => {
    const name = format.format(new Date(Date.UTC(2000, i, 1)));
    return { value: String(i + 1).padStart(2, '0'), label: name.charAt(0).toUpperCase() + name.slice(1) };
  });
}

const PARTS: readonly Part[] = ['month', 'day', 'year'];

/**
 * Date of birth as a group (GOV.UK date input): a month select with localised month names, then day and
 * year text inputs with a numeric keyboard. Each part carries its own error, tied by aria-describedby.
 */
export function DateOfBirthField({ legend, hint, ids, registrations, errors }: DateOfBirthFieldProps) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const hasError = PARTS.some((p) => Boolean(errors[p]));
  const groupId = `${ids.month}-group`;
  // One message per distinct text: an age limit can be reported under the day and nothing else.
  const shown = PARTS.filter((p, i) => errors[p] && PARTS.findIndex((q) => errors[q] === errors[p]) === i);
  // Each control points at the message shown for its part (the hint is on the fieldset).
  const partDescribedBy = (part: Part): string | undefined => {
    const owner = shown.find((p) => errors[p] === errors[part]);
    return errors[part] && owner ? `${ids[owner]}-error` : undefined;
  };
  const hintId = hint ? `${groupId}-hint` : undefined;

  return (
    <div className={hasError ? 'field field--error' : 'field'}>
      <fieldset className="fieldset" aria-describedby={hintId}>
        <legend className="fieldset__legend">{legend}</legend>
        {hint ? (
          <p className="field__hint" id={`${groupId}-hint`}>
            {hint}
          </p>
        ) : null}
        {shown.map((part) => (
          <FieldError key={part} id={ids[part]} message={errors[part]} />
        ))}
        <div className="date-group">
          <div className="date-group__item">
            <label className="date-group__label" htmlFor={ids.month}>
              {t('formControls.month')}
            </label>
            <select
              id={ids.month}
              className={`field__select date-group__month${errors.month ? ' date-group__control--error' : ''}`}
              aria-invalid={errors.month ? true : undefined}
              aria-describedby={partDescribedBy('month')}
              autoComplete="bday-month"
              {...registrations.month}
            >
              <option value="">{t('formControls.selectPlaceholder')}</option>
              {monthOptions(lang).map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <div className="date-group__item">
            <label className="date-group__label" htmlFor={ids.day}>
              {t('formControls.day')}
            </label>
            <input
              id={ids.day}
              className={`field__input date-group__day${errors.day ? ' date-group__control--error' : ''}`}
              type="text"
              inputMode="numeric"
              maxLength={2}
              autoComplete="bday-day"
              aria-invalid={errors.day ? true : undefined}
              aria-describedby={partDescribedBy('day')}
              {...registrations.day}
            />
          </div>
          <div className="date-group__item">
            <label className="date-group__label" htmlFor={ids.year}>
              {t('formControls.year')}
            </label>
            <input
              id={ids.year}
              className={`field__input date-group__year${errors.year ? ' date-group__control--error' : ''}`}
              type="text"
              inputMode="numeric"
              maxLength={4}
              autoComplete="bday-year"
              aria-invalid={errors.year ? true : undefined}
              aria-describedby={partDescribedBy('year')}
              {...registrations.year}
            />
          </div>
        </div>
      </fieldset>
    </div>
  );
}
