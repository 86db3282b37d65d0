import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface ToggletipProps {
  /** Button text, e.g. 'Why do you need my SIN?'. */
  label: string;
  /** The explanation revealed by the button. */
  text: string;
}

/**
 * An accessible "toggletip": a real button (aria-expanded, aria-controls) revealing a short explanation
 * right after it. Escape closes it and keeps focus on the button; a click outside closes it too (after that
 * click has done what it does).
 */
export function Toggletip({ label, text }: ToggletipProps) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    // Closed on the click, not on pointerdown: closing moves the content below the tip up, and a press on
    // a button down there (Continue) must still land on that button.
    const onClick = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape handling for the tip's contents
    <span className="toggletip" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="toggletip__button"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="toggletip__icon" aria-hidden="true">
          ?
        </span>
        {label}
      </button>
      <span id={id} className="toggletip__text" role="status">
        {isOpen ? text : ''}
      </span>
    </span>
  );
}
