/**
 * The SIN input (spec 001 §2.3): masked like a password with show/hide, grouped 'NNN NNN NNN' as typed.
 * Shared by the SIN step and the review's SIN section.
 */
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Control } from 'react-hook-form';
import { MaskedField } from './masked-field.tsx';

/** Digits typed or pasted, grouped 'NNN NNN NNN' (at most nine digits). */
function formatSinInput(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 9);
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6)].filter(Boolean).join(' ');
}

export function SinField({ control, error }: { control: Control<{ sin: string }>; error?: string }) {
  const { t } = useTranslation();
  return (
    <MaskedField
      control={control}
      name="sin"
      id="sin"
      label={t('sin.label')}
      hint={t('sin.hint')}
      error={error}
      format={formatSinInput}
      inputMode="numeric"
      autoComplete="off"
      maxLength={11}
      secretName={t('sin.what')}
      className="field__input--short"
    />
  );
}
