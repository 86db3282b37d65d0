import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
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

/** The hint of a field or group ('<id>-hint', for aria-describedby); nothing without a hint. */
export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  );
}

/**
 * The frame every labelled control shares: the label (with '(optional)'), anything shown beside it, the
 * hint and the inline error, then the control itself.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  isOptional = false,
  labelExtra,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  isOptional?: boolean | undefined;
  labelExtra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={['field', error ? 'field--error' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {isOptional ? <span className="field__optional"> {t('form.optional')}</span> : null}
      </label>
      {labelExtra}
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} message={error} />
      {children}
    </div>
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
  const wired = trimOnBlur
    ? withTrimOnBlur(registration, typeof trimOnBlur === 'function' ? trimOnBlur : undefined)
    : registration;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} isOptional={isOptional}>
      <input
        id={id}
        className={['field__input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        {...rest}
        {...wired}
      />
    </FieldFrame>
  );
}
