import { useTranslation } from '../../i18n/use-translation.tsx';
import './form-controls.css';

interface RevealButtonProps {
  /** Id of the input the button reveals. */
  controls: string;
  /** What is revealed, in lower case for the sentence ('password', 'SIN'). */
  what: string;
  isShown: boolean;
  onToggle: () => void;
}

/**
 * The show/hide button of a secret input (GOV.UK password input): visible 'Show'/'Hide', an accessible
 * name naming what it reveals, and a polite status announcing the new state.
 */
export function RevealButton({ controls, what, isShown, onToggle }: RevealButtonProps) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="reveal__button"
        aria-controls={controls}
        aria-label={isShown ? t('formControls.hideLabel', { what }) : t('formControls.showLabel', { what })}
        onClick={onToggle}
      >
        {isShown ? t('formControls.hide') : t('formControls.show')}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {isShown ? t('formControls.shownStatus', { what }) : ''}
      </span>
    </>
  );
}
