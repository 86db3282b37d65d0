import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldFrame, describedBy } from './field.tsx';
import { RevealButton } from './reveal-button.tsx';
import './form-controls.css';

interface MaskedFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Translated error message. */
  error?: string;
  /** Formats what was typed or pasted, e.g. formatPhoneMask → '(613) 555-0100'. */
  format: (raw: string) => string;
  inputMode?: 'numeric' | 'tel' | 'text';
  type?: 'text' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  /**
   * A secret value (SIN): hidden like a password until the show/hide button reveals it; `secretName` names
   * it for the button ('SIN').
   */
  secretName?: string;
  className?: string;
}

/**
 * A text input that formats its value as it is typed (phone mask, SIN groups), wired to react-hook-form
 * through a controller; optionally a secret one with a show/hide button.
 */
export function MaskedField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  error,
  format,
  inputMode = 'numeric',
  type = 'text',
  autoComplete,
  placeholder,
  maxLength,
  secretName,
  className,
}: MaskedFieldProps<T>) {
  const {
    field: { name: fieldName, value: fieldValue, onChange, onBlur, ref: inputRef },
  } = useController({ control, name });
  const [isShown, setIsShown] = useState(false);
  const isSecret = secretName !== undefined;
  const value = typeof fieldValue === 'string' ? fieldValue : '';
  const inputProps = {
    id,
    name: fieldName,
    className: ['field__input', className].filter(Boolean).join(' '),
    type: isSecret && !isShown ? 'password' : type,
    inputMode,
    autoComplete,
    placeholder,
    maxLength,
    spellCheck: false,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(hint), Boolean(error)),
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(format(event.target.value)),
    onBlur,
  };

  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {isSecret ? (
        <div className="reveal">
          <input ref={inputRef} {...inputProps} />
          <RevealButton
            controls={id}
            what={secretName}
            isShown={isShown}
            onToggle={() => setIsShown((shown) => !shown)}
          />
        </div>
      ) : (
        <input ref={inputRef} {...inputProps} />
      )}
    </FieldFrame>
  );
}
