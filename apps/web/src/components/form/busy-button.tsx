import type { ButtonHTMLAttributes } from 'react';

/** A button that shows a spinner and aria-busy while its action runs (and is then disabled). */
export function BusyButton({
  isBusy,
  disabled,
  className = 'button',
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { isBusy: boolean }) {
  return (
    <button className={className} disabled={Boolean(disabled) || isBusy} aria-busy={isBusy} {...rest}>
      {isBusy ? <span className="spinner spinner--button" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
