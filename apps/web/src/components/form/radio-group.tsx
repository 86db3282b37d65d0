import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, FieldHint, describedBy } from './field.tsx';
import './form-controls.css';

interface RadioOption {
  value: string;
  label: ReactNode;
  /** Said under the option's label (and read with it). */
  hint?: ReactNode;
}

interface RadioGroupProps {
  /** Id of the group; the first radio gets it too, so the error summary link lands on the choice. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  /** Translated error message. */
  error?: string;
  options: readonly RadioOption[];
  /** With the saved answer as its `defaultValue`, when the form gives it (lib/step.ts). */
  registration: UseFormRegisterReturn & { defaultValue?: unknown };
  /** Options side by side (short answers such as Yes / No). */
  isInline?: boolean;
  /** Shows the legend as a small heading (a question that opens a section). */
  isLegendHeading?: boolean;
}

/** A native radio group in a fieldset/legend, hint and error tied to the group by aria-describedby. */
export function RadioGroup({
  id,
  legend,
  hint,
  error,
  options,
  registration: { defaultValue, ...registration },
  isInline,
  isLegendHeading,
}: RadioGroupProps) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <fieldset className="fieldset" aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}>
        <legend
          className={isLegendHeading ? 'fieldset__legend fieldset__legend--heading' : 'fieldset__legend'}
        >
          {legend}
        </legend>
        <FieldHint id={id} hint={hint} />
        <FieldError id={id} message={error} />
        <div className={isInline ? 'radios radios--inline' : 'radios'}>
          {options.map((option, index) => {
            const inputId = index === 0 ? id : `${id}-${option.value}`;
            return (
              <div className="radio" key={option.value}>
                <input
                  className="radio__input"
                  type="radio"
                  id={inputId}
                  value={option.value}
                  aria-describedby={option.hint ? `${inputId}-hint` : undefined}
                  defaultChecked={defaultValue === option.value}
                  {...registration}
                />
                <label className="radio__label" htmlFor={inputId}>
                  {option.label}
                </label>
                {option.hint ? (
                  <p className="radio__hint" id={`${inputId}-hint`}>
                    {option.hint}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
