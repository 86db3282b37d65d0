import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { SummaryError } from './error-summary.tsx';
import { useMessage } from './use-message.ts';

/** The message (key or text) of a field error, following nested paths like 'a.b'. */
function errorMessageAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The summary's entries in the order their controls are on the page, when every one of them is there. */
function inPageOrder(summary: SummaryError[]): SummaryError[] {
  const controls = summary.map((entry) => document.getElementById(entry.fieldId));
  if (controls.some((control) => control === null)) return summary;
  const at = new Map(summary.map((entry, i) => [entry, controls[i]!]));
  return [...summary].sort((a, b) =>
    at.get(a)!.compareDocumentPosition(at.get(b)!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

/**
 * Translated field errors of a react-hook-form form: `messageOf(name)` for the inline message and the
 * error-summary list, in the order the page shows the controls, so that a layout that differs by language
 * (the date of birth's day first in French) is followed. `order`: field names, which are also the control
 * ids; it stands when a control is not on the page.
 */
export function useFormErrors<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]) {
  const message = useMessage();
  // Not memoised: react-hook-form updates its errors object in place.
  const messageOf = (name: string): string | undefined => message(errorMessageAt(errors, name));
  const summary: SummaryError[] = [];
  for (const name of order) {
    const text = messageOf(name);
    if (text) summary.push({ fieldId: name, message: text });
  }
  return { messageOf, summary: inPageOrder(summary) };
}

/**
 * What ties a control to its form field, by the field's name: the control's id (the name, which the error
 * summary links to), its translated error and its registration.
 */
export function bindFields<T extends FieldValues>(
  register: UseFormRegister<T>,
  messageOf: (name: Path<T>) => string | undefined,
) {
  return (name: Path<T>) => ({ id: name as string, error: messageOf(name), registration: register(name) });
}
