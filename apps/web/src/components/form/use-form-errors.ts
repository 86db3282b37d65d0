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

/**
 * Messages about the applicant, not about what they typed: the summary says them as the page's message
 * (no link to a field to fix) and no field shows them. A too-young applicant cannot type their way on.
 */
const PAGE_LEVEL_MESSAGES: ReadonlySet<string> = new Set(['age.majority']);

/**
 * Controls that are one question (the date of birth): one message for the question, its first part's in
 * page order, or `required` when two or more parts are missing.
 */
const FIELD_GROUPS: readonly { fields: readonly string[]; required: string }[] = [
  { fields: ['dob_month', 'dob_day', 'dob_year'], required: 'dob.required' },
];

/** The summary without a group's later entries (the first stays, in page order). */
function oncePerGroup(summary: SummaryError[]): SummaryError[] {
  return summary.filter((entry, i) => {
    const group = FIELD_GROUPS.find((g) => g.fields.includes(entry.fieldId));
    return !group || summary.findIndex((e) => group.fields.includes(e.fieldId)) === i;
  });
}

/** The message key of a field, or its group's when two or more of the group's parts are missing. */
function messageKeyAt(errors: FieldErrors, name: string): string | undefined {
  const own = errorMessageAt(errors, name);
  const group = FIELD_GROUPS.find((g) => g.fields.includes(name));
  if (!own || !group) return own;
  const missing = group.fields.filter((f) => errorMessageAt(errors, f)?.endsWith('.required'));
  return missing.length > 1 && missing.includes(name) ? group.required : own;
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
  const isPageLevel = (name: string) => PAGE_LEVEL_MESSAGES.has(errorMessageAt(errors, name) ?? '');
  // Not memoised: react-hook-form updates its errors object in place.
  const messageOf = (name: string): string | undefined =>
    isPageLevel(name) ? undefined : message(messageKeyAt(errors, name));
  const summary: SummaryError[] = [];
  for (const name of order) {
    const text = message(messageKeyAt(errors, name));
    if (text)
      summary.push({ fieldId: name, message: text, ...(isPageLevel(name) ? { isPageLevel: true } : {}) });
  }
  return { messageOf, summary: oncePerGroup(inPageOrder(summary)) };
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
