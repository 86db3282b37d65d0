import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { FieldError, FieldHint } from './field.tsx';
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

type MonthOption = { value: string; label: string };
const MONTHS = new Map<Lang, readonly MonthOption[]>();

/**
 * Month names of a language, '01'..'12' (Intl: no hard-coded lists to keep in step). Made once per
 * language: a phone takes about 100 ms to make its first date formatter.
 */
function monthOptions(lang: Lang): readonly MonthOption[] {
  const known = MONTHS.get(lang);
  if (known) return known;
  const format = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    month: 'long',
    timeZone: 'UTC',
  });
  const months = Array.from({ length: 12 }, (_, i) => {
    const name = format.format(new Date(Date.UTC(2000, i, 1)));
    // English capitalises month names; French writes them in lower case ('janvier').
    const label = lang === 'fr' ? name : name.charAt(0).toUpperCase() + name.slice(1);
    return { value: String(i + 1).padStart(2, '0'), label };
  });
  MONTHS.set(lang, months);
  return months;
}

// This module is loaded ahead of its screen (app/prefetch.ts): the page's language's months are made while
// the browser is idle, not as the screen shows.
if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(() => monthOptions(document.documentElement.lang === 'fr' ? 'fr' : 'en'));
}

/** The order a reader of the language writes a date in: 'March 27 1990', '27 mars 1990'. */
const PART_ORDER: Record<Lang, readonly Part[]> = {
  en: ['month', 'day', 'year'],
  fr: ['day', 'month', 'year'],
};

/**
 * Date of birth as a group (GOV.UK date input): a month select with localised month names and day and
 * year text inputs with a numeric keyboard, in the order the language writes dates (month first in
 * English, day first in French, as the hint shows). The date has one message (its first part's in
 * that order), tied by aria-describedby to every part in error.
 */
export function DateOfBirthField({ legend, hint, ids, registrations, errors }: DateOfBirthFieldProps) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const order = PART_ORDER[lang];
  const hasError = order.some((p) => Boolean(errors[p]));
  const groupId = `${ids.month}-group`;
  // The date is one question: one message, the first part's in the order the page shows them.
  const shown = order.filter((p) => errors[p]).slice(0, 1);
  // Each control in error points at that message (the hint is on the fieldset).
  const partDescribedBy = (part: Part): string | undefined =>
    errors[part] && shown[0] ? `${ids[shown[0]]}-error` : undefined;
  const hintId = hint ? `${groupId}-hint` : undefined;
  const controlClass = (base: string, part: Part) =>
    `${base} date-group__${part}${errors[part] ? ' date-group__control--error' : ''}`;

  /** The day's or the year's digits. */
  const numberInput = (part: 'day' | 'year', maxLength: number, autoComplete: 'bday-day' | 'bday-year') => (
    <input
      id={ids[part]}
      className={controlClass('field__input', part)}
      type="text"
      inputMode="numeric"
      maxLength={maxLength}
      autoComplete={autoComplete}
      aria-invalid={errors[part] ? true : undefined}
      aria-describedby={partDescribedBy(part)}
      {...registrations[part]}
    />
  );

  const controls: Record<Part, ReactNode> = {
    month: (
      <select
        id={ids.month}
        className={controlClass('field__select', 'month')}
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
    ),
    day: numberInput('day', 2, 'bday-day'),
    year: numberInput('year', 4, 'bday-year'),
  };

  return (
    <div className={hasError ? 'field field--error' : 'field'}>
      <fieldset className="fieldset" aria-describedby={hintId}>
        <legend className="fieldset__legend">{legend}</legend>
        <FieldHint id={groupId} hint={hint} />
        {shown.map((part) => (
          <FieldError key={part} id={ids[part]} message={errors[part]} />
        ))}
        <div className="date-group">
          {PART_ORDER[lang].map((part) => (
            <div className="date-group__item" key={part}>
              <label className="date-group__label" htmlFor={ids[part]}>
                {t(`formControls.${part}`)}
              </label>
              {controls[part]}
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
