/**
 * The pieces the form schemas are built from. Form values are what the controls hold: text as strings,
 * radios as 'yes' | 'no', selects as strings. Conditional and cross-field rules live in one `superRefine`
 * per form that runs even when other fields already failed (`ALWAYS`), so the error summary lists every
 * problem at once; those refinements read the values defensively because a failed field may hold anything.
 * Nothing here calls zod when the module loads: a screen that imports one schema takes only that one.
 * Written with zod/mini (functions, not methods), so the browser takes only the parts of zod a form uses.
 */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { isStorableText, isValidEmail, isValidNameText, trimName } from '../../rules/validation/text.ts';
import { NAME_MAX, TEXT_MAX } from './limits.ts';

export type Ctx = z.core.$RefinementCtx;

/** Adds an issue with a message key at `path` (the form field). */
export function issue(ctx: Ctx, path: (string | number)[], message: MessageKey): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/** Reads a string field of a value that may have failed parsing. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Run a form's refinement even when some fields failed, but only on an object (never on null or a string). */
export const ALWAYS = {
  when: (payload: { value: unknown }) => payload.value !== null && typeof payload.value === 'object',
} as const;

/** Any text field refuses what cannot be stored (a NUL, a broken character), with its own message. */
const UNSUPPORTED_CHARACTERS = { error: 'text.unsupportedCharacters' satisfies MessageKey } as const;

/** A string the server can store: no NUL, no unpaired surrogate ('text.unsupportedCharacters'). */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check(z.refine(isStorableText, UNSUPPORTED_CHARACTERS));

const TOO_LONG = { error: 'text.max' satisfies MessageKey } as const;

/** A text field: string, '' when the control is empty, at most `max` characters ('text.max'). */
export const text = (max: number = TEXT_MAX) =>
  storableString({ error: 'choice.required' satisfies MessageKey }).check(z.maxLength(max, TOO_LONG));

/** A yes/no radio ('yes' | 'no'); anything else gives `message`. */
export const yesNo = (message: MessageKey = 'choice.required') => z.enum(['yes', 'no'], { error: message });

/**
 * A name field: trimmed like on blur; required (when `required` is given), at most 38 characters, allowed
 * characters only.
 */
export function nameField(required: MessageKey | null, invalid: MessageKey) {
  return z.string({ error: required ?? invalid }).check(
    z.overwrite(trimName),
    z.superRefine((v, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: required, abort: true });
        return;
      }
      if (v.length > NAME_MAX) ctx.addIssue({ code: 'custom', message: 'name.max' satisfies MessageKey });
      else if (!isValidNameText(v)) ctx.addIssue({ code: 'custom', message: invalid });
    }),
  );
}

/** An e-mail field: trimmed, required, valid address, optional maximum length. */
export function emailField(required: MessageKey, invalid: MessageKey, max?: number) {
  return z.string({ error: required }).check(
    z.trim(),
    z.superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: required });
      else if (max !== undefined && v.length > max)
        ctx.addIssue({ code: 'custom', message: 'email.max' satisfies MessageKey });
      else if (!isValidEmail(v)) ctx.addIssue({ code: 'custom', message: invalid });
    }),
  );
}
