import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PASSWORD_MANAGER_RULES, passwordChecklist, type PasswordChecklist as Checklist } from '@omo/domain';
import { FieldFrame, describedBy } from './field.tsx';
import { RevealButton } from './reveal-button.tsx';
import { useMessage } from './use-message.ts';
import './form-controls.css';

const CHECKLIST_ITEMS: readonly (keyof Checklist)[] = [
  'lowerCase',
  'upperCase',
  'number',
  'length',
  'noSymbols',
];

type ItemState = 'pending' | 'met' | 'unmet';

/** Mark and class of each state: a tick, a cross and an empty circle, so the state is never colour alone. */
const ITEM_LOOK: Record<ItemState, { mark: string; className: string }> = {
  pending: { mark: '', className: 'password-checklist__item' },
  met: { mark: '✓', className: 'password-checklist__item password-checklist__item--met' },
  unmet: { mark: '✕', className: 'password-checklist__item password-checklist__item--unmet' },
};

/**
 * The live password checklist (spec 000 §2): before anything is typed every rule is 'not checked yet'
 * (even 'none of these symbols', which an empty password would pass); then each rule is met or not met.
 */
function PasswordChecklist({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const checks = passwordChecklist(value);
  const stateOf = (item: keyof Checklist): ItemState => {
    if (value === '') return 'pending';
    return checks[item] ? 'met' : 'unmet';
  };
  const stateText: Record<ItemState, string> = {
    pending: t('formControls.checklistPending'),
    met: t('formControls.checklistMet'),
    unmet: t('formControls.checklistNotMet'),
  };
  return (
    <div className="password-checklist" id={id}>
      <p className="password-checklist__title">{t('formControls.checklistTitle')}</p>
      <ul className="password-checklist__list">
        {CHECKLIST_ITEMS.map((item) => {
          const state = stateOf(item);
          return (
            <li key={item} className={ITEM_LOOK[state].className} data-state={state}>
              <span className="password-checklist__mark" aria-hidden="true">
                {ITEM_LOOK[state].mark}
              </span>
              <span>
                {message(`password.checklist.${item}`)}
                <span className="visually-hidden"> {stateText[state]}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface PasswordFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  registration: UseFormRegisterReturn;
  /** Current value (watch), for the checklist. */
  value: string;
  autoComplete?: string;
}

/**
 * Password input with a show/hide button and the live checklist, which is tied to the input by
 * aria-describedby so it is read with the field.
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  registration,
  value,
  autoComplete = 'new-password',
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  const checklistId = `${id}-checklist`;
  const described = [describedBy(id, Boolean(hint), Boolean(error)), checklistId].filter(Boolean).join(' ');
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="reveal">
        <input
          id={id}
          className="field__input"
          type={isShown ? 'text' : 'password'}
          autoComplete={autoComplete}
          // A new password: the password manager's suggestion meets the rules (one tap, decision 0103).
          {...(autoComplete === 'new-password' ? { passwordrules: PASSWORD_MANAGER_RULES } : {})}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...registration}
        />
        <RevealButton
          controls={id}
          what={t('formControls.passwordWhat')}
          isShown={isShown}
          onToggle={() => setIsShown((shown) => !shown)}
        />
      </div>
      <PasswordChecklist id={checklistId} value={value} />
    </FieldFrame>
  );
}
