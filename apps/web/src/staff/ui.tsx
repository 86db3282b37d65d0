/** The back office's shared bits: the result of an action, and a text field with its error. */
import type { InputHTMLAttributes } from 'react';
import { ApiError } from './api.ts';
import type { Texts } from './texts.ts';

/** What an action answered: done, or the error to show. */
export type ActionMessage = { kind: 'ok' | 'error'; text?: string };

/** The message of a failed action: the server's, else the error's text. */
export const errorMessage = (error: unknown): ActionMessage => ({
  kind: 'error',
  text: error instanceof ApiError ? error.message : String(error),
});

/** An action's result, announced: an error as an alert, a success as a status. */
export function ActionResult({ message, t }: { message: ActionMessage | null; t: Texts }) {
  if (!message) return null;
  return (
    <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind}>
      {message.kind === 'ok' ? t.done : message.text}
    </p>
  );
}

/** A labelled text input (uncontrolled, read from the form's data) with its error tied to it. */
export function StaffField({
  id,
  label,
  error,
  className,
  ...input
}: { id: string; label: string; error: string | undefined; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className'
>) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A table's header row: one column header a title. */
export function ColumnHeaders({ titles }: { titles: readonly string[] }) {
  return (
    <thead>
      <tr>
        {titles.map((title) => (
          <th scope="col" key={title}>
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
