/**
 * Six single-digit boxes for a verification code, in a fieldset whose legend names the group. Each box is
 * labelled 'Digit n of 6', takes digits only (numeric keyboard), and:
 * - typing a digit moves to the next box (the key itself is read, so typing the digit already in the box
 *   counts too); Backspace in an empty box clears the previous one and moves back;
 *   ArrowLeft/ArrowRight move between boxes;
 * - pasting (or the browser's one-time-code autofill, which types the whole code into the first box) spreads
 *   the digits over the boxes; a full 6-digit code always fills them all from the first;
 * - `onComplete` fires as soon as the six boxes hold a digit (auto-submit);
 * - while the whole code is selected (`isCodeSelected`, after a wrong code) the digits stay visible and
 *   typing in the first box starts the code again (the other boxes are emptied), typing in another box
 *   corrects that digit, and Backspace or Delete empties every box.
 * No maxLength on the boxes: it would cut a pasted or autofilled code to its first digit.
 */
import type { ClipboardEvent, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { CODE_LENGTH } from '@omo/domain';
import { FieldError, FieldHint, describedBy } from '../../components/form/field.tsx';

export const EMPTY_CODE: readonly string[] = Array.from({ length: CODE_LENGTH }, () => '');

interface CodeInputProps {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  /** Translated error message, shown under the legend; the boxes are marked invalid. */
  error?: string | undefined;
  digits: readonly string[];
  onDigitsChange: (digits: string[]) => void;
  onComplete: (code: string) => void;
  isDisabled?: boolean;
  /** The digits are shown selected: the next digit typed in the first box starts the code again. */
  isCodeSelected?: boolean;
  /** id of a message tied to every box (e.g. the success or status text). */
  describedById?: string;
}

/** id of box `index` of the code input `id` (for focus management). */
export function codeBoxId(id: string, index: number): string {
  return `${id}-${index}`;
}

function focusBox(id: string, index: number): void {
  const box = document.getElementById(codeBoxId(id, Math.max(0, Math.min(CODE_LENGTH - 1, index))));
  if (box instanceof HTMLInputElement) {
    box.focus();
    box.select();
  }
}

export function CodeInput({
  id,
  legend,
  hint,
  error,
  digits,
  onDigitsChange,
  onComplete,
  isDisabled = false,
  isCodeSelected = false,
  describedById,
}: CodeInputProps) {
  const { t } = useTranslation();
  const isInvalid = Boolean(error);

  const update = (next: string[]) => {
    onDigitsChange(next);
    if (next.every((d) => d !== '')) onComplete(next.join(''));
  };

  /** Puts `text`'s digits into the boxes from `index` (from the first box for a whole code). */
  const fill = (index: number, text: string) => {
    const incoming = text.replace(/\D/g, '');
    const next = [...digits];
    if (incoming === '') {
      next[index] = '';
      onDigitsChange(next);
      return;
    }
    const start = incoming.length >= CODE_LENGTH ? 0 : index;
    const chars = incoming.slice(0, CODE_LENGTH - start).split('');
    chars.forEach((c, i) => {
      next[start + i] = c;
    });
    focusBox(id, start + chars.length);
    update(next);
  };

  /** Empties every box and goes back to the first. */
  const clearAll = () => {
    onDigitsChange([...EMPTY_CODE]);
    focusBox(id, 0);
  };

  const onChange = (index: number, value: string) => {
    const old = digits[index] ?? '';
    // Typing over a digit that was not selected gives two characters: keep the new one.
    const typed =
      value.length === 2 && old !== '' && value.includes(old)
        ? value[0] === old
          ? value.slice(1)
          : value.slice(0, 1)
        : value;
    enter(index, typed);
  };

  /** What typing or pasting `typed` into box `index` does. */
  const enter = (index: number, typed: string) => {
    if (isCodeSelected) {
      const incoming = typed.replace(/\D/g, '');
      if (incoming === '') {
        clearAll();
        return;
      }
      // Retyping from the first box is a new code: the rest of the old one goes.
      if (index === 0 && incoming.length < CODE_LENGTH) {
        const next = [...EMPTY_CODE];
        incoming.split('').forEach((c, i) => {
          next[i] = c;
        });
        focusBox(id, incoming.length);
        onDigitsChange(next);
        return;
      }
    }
    fill(index, typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const isDigitKey = /^[0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (isDigitKey) {
      // A digit typed over the same selected digit changes nothing in the field, so no change event
      // would come: the key itself is the input.
      event.preventDefault();
      enter(index, event.key);
    } else if (isCodeSelected && (event.key === 'Backspace' || event.key === 'Delete')) {
      event.preventDefault();
      clearAll();
    } else if (event.key === 'Backspace' && (digits[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onDigitsChange(next);
      focusBox(id, index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(id, index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(id, index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  const boxClass = [
    'code-input__box',
    isInvalid ? 'code-input__box--error' : '',
    isCodeSelected ? 'code-input__box--selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const boxDescribedBy =
    [isInvalid ? `${id}-error` : null, describedById].filter(Boolean).join(' ') || undefined;

  return (
    <div className={isInvalid ? 'code-input field--error' : 'code-input'}>
      <fieldset className="fieldset" aria-describedby={describedBy(id, Boolean(hint), isInvalid)}>
        <legend className="code-input__legend">{legend}</legend>
        <FieldHint id={id} hint={hint} />
        <FieldError id={id} message={error} />
        <div className="code-input__boxes">
          {Array.from({ length: CODE_LENGTH }, (_, index) => (
            <input
              key={index}
              id={codeBoxId(id, index)}
              className={boxClass}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={t('verificationCode.digitLabel', { n: index + 1, total: CODE_LENGTH })}
              aria-invalid={isInvalid ? true : undefined}
              aria-describedby={boxDescribedBy}
              disabled={isDisabled}
              value={digits[index] ?? ''}
              onChange={(event) => onChange(index, event.target.value)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
              onFocus={(event) => event.target.select()}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
