import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, FieldHint, describedBy } from './field.tsx';
import './form-controls.css';

interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** With the saved answer as its `defaultValue`, when the form gives it (lib/step.ts). */
  registration: UseFormRegisterReturn & { defaultValue?: unknown };
}

/** A single native checkbox with its label; hint and error tied by aria-describedby. */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  registration: { defaultValue, ...registration },
}: CheckboxFieldProps) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <FieldError id={id} message={error} />
      <div className="checkbox">
        <input
          className="checkbox__input"
          type="checkbox"
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
          defaultChecked={defaultValue === true}
          {...registration}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldHint id={id} hint={hint} />
    </div>
  );
}

/** A checkbox the page holds in its own state (an agreement that enables a button), not a form's field. */
export function ConsentCheckbox({
  id,
  label,
  isChecked,
  isDisabled,
  describedBy: describedById,
  onChange,
}: {
  id: string;
  label: ReactNode;
  isChecked: boolean;
  isDisabled?: boolean;
  /** The ids of what the agreement refers to, read with the checkbox. */
  describedBy?: string;
  onChange: (isChecked: boolean) => void;
}) {
  return (
    <div className="field">
      <div className="checkbox">
        <input
          className="checkbox__input"
          type="checkbox"
          id={id}
          aria-describedby={describedById}
          checked={isChecked}
          disabled={isDisabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
    </div>
  );
}
