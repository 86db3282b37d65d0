import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { withTrimOnBlur } from './trim-on-blur.ts';

/** Ids of the hint and error elements of a field, for aria-describedby. */
export function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The inline error of a field, with a visually hidden "Error:" prefix for screen readers. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p className="field__error" id={`${id}-error`}>
      <span className="visually-hidden">{t('layout.errorPrefix', { title: '' })}</span>
      {message}
    </p>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Translated error message, shown under the label and tied to the input. */
  error?: string;
  isOptional?: boolean;
  registration: UseFormRegisterReturn;
  /** Normalise the value when the field loses focus: true trims; a function is the normaliser to use. */
  trimOnBlur?: boolean | ((value: string) => string);
}

/** A labelled text input wired to react-hook-form, with hint and error tied by aria-describedby. */
export function TextField({
  id,
  label,
  hint,
  error,
  isOptional,
  registration,
  trimOnBlur,
  className,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const wired = trimOnBlur
    ? withTrimOnBlur(registration, typeof trimOnBlur === 'function' ? trimOnBlur : undefined)
    : registration;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {isOptional ? <span className="field__optional"> {t('form.optional')}</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
      <input
        id={id}
        className={['field__input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        {...rest}
        {...wired}
      />
    </div>
  );
}
