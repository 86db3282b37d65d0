/**
 * Six single-digit boxes for a verification code, in a fieldset whose legend names the group. Each box is
 * labelled 'Digit n of 6', takes digits only (numeric keyboard), and:
 * - typing a digit moves to the next box; Backspace in an empty box clears the previous one and moves back;
 *   ArrowLeft/ArrowRight move between boxes;
 * - pasting (or the browser's one-time-code autofill, which types the whole code into the first box) spreads
 *   the digits over the boxes; a full 6-digit code always fills them all from the first;
 * - `onComplete` fires as soon as the six boxes hold a digit (auto-submit).
 * No maxLength on the boxes: it would cut a pasted or autofilled code to its first digit.
 */
import type { ClipboardEvent, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@omo/domain';

export const EMPTY_CODE: readonly string[] = Array.from({ length: CODE_LENGTH }, () => '');

interface CodeInputProps {
  id: string;
  legend: ReactNode;
  digits: readonly string[];
  onDigitsChange: (digits: string[]) => void;
  onComplete: (code: string) => void;
  isDisabled?: boolean;
  isInvalid?: boolean;
  /** id of the message tied to every box (error or success text). */
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
  digits,
  onDigitsChange,
  onComplete,
  isDisabled = false,
  isInvalid = false,
  describedById,
}: CodeInputProps) {
  const { t } = useTranslation();

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

  const onChange = (index: number, value: string) => {
    const old = digits[index] ?? '';
    // Typing over a digit that was not selected gives two characters: keep the new one.
    if (value.length === 2 && old !== '' && value.includes(old)) {
      const typed = value[0] === old ? value.slice(1) : value.slice(0, 1);
      fill(index, typed);
      return;
    }
    fill(index, value);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (digits[index] ?? '') === '' && index > 0) {
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

  return (
    <fieldset className="code-input" aria-describedby={describedById}>
      <legend className="code-input__legend">{legend}</legend>
      <div className="code-input__boxes">
        {Array.from({ length: CODE_LENGTH }, (_, index) => (
          <input
            key={index}
            id={codeBoxId(id, index)}
            className={isInvalid ? 'code-input__box code-input__box--error' : 'code-input__box'}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('verificationCode.digitLabel', { n: index + 1, total: CODE_LENGTH })}
            aria-invalid={isInvalid ? true : undefined}
            aria-describedby={describedById}
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
  );
}
