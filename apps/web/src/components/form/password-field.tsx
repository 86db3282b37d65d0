import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordChecklist, type PasswordChecklist as Checklist } from '@omo/domain';
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

/** The live password checklist (spec 000 §2): each rule marked as met as the applicant types. */
export function PasswordChecklist({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const state = passwordChecklist(value);
  return (
    <div className="password-checklist" id={id}>
      <p className="password-checklist__title">{t('formControls.checklistTitle')}</p>
      <ul className="password-checklist__list">
        {CHECKLIST_ITEMS.map((item) => (
          <li
            key={item}
            className={
              state[item]
                ? 'password-checklist__item password-checklist__item--met'
                : 'password-checklist__item'
            }
            data-met={state[item]}
          >
            <span className="password-checklist__mark" aria-hidden="true">
              {state[item] ? '✓' : ''}
            </span>
            <span>
              {message(`password.checklist.${item}`)}
              <span className="visually-hidden">
                {' '}
                {state[item] ? t('formControls.checklistMet') : t('formControls.checklistNotMet')}
              </span>
            </span>
          </li>
        ))}
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
