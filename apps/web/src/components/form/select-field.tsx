import type { ReactNode, SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { FieldFrame, describedBy } from './field.tsx';
import './form-controls.css';

export interface SelectOption {
  value: string;
  /** Text shown in the list (may be truncated). */
  label: string;
  /** Full text when `label` is shortened: shown as a tooltip and read by assistive technology. */
  fullLabel?: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  options: readonly SelectOption[];
  registration: UseFormRegisterReturn;
  /** Text of the empty first option ('' value); defaults to 'Select'. */
  placeholder?: string;
  isOptional?: boolean;
  /** Extra content after the label (e.g. a toggletip). */
  labelExtra?: ReactNode;
}

/** A labelled native select wired to react-hook-form, hint and error tied by aria-describedby. */
export function SelectField({
  id,
  label,
  hint,
  error,
  options,
  registration,
  placeholder,
  isOptional,
  labelExtra,
  className,
  ...rest
}: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      isOptional={isOptional}
      labelExtra={labelExtra}
    >
      <select
        id={id}
        className={['field__select', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        {...rest}
        {...registration}
      >
        <option value="">{placeholder ?? t('formControls.selectPlaceholder')}</option>
        {options.map((option) => (
          <option
            key={option.value}
            value={option.value}
            title={option.fullLabel}
            aria-label={option.fullLabel && option.fullLabel !== option.label ? option.fullLabel : undefined}
          >
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
