/** The promo and referral codes (Create your profile, and the review's Other section). */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { TextField } from './field.tsx';

interface CodeFieldProps {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

const CODE_INPUT = {
  isOptional: true,
  autoComplete: 'off',
  spellCheck: false,
  className: 'field__input--short',
  trimOnBlur: true,
} as const;

export function PromoCodeField({ error, registration }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id="promoCode"
      label={t('createProfile.promoCode')}
      error={error}
      registration={registration}
      {...CODE_INPUT}
    />
  );
}

export function ReferralCodeField({ error, registration }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id="referralCode"
      label={t('createProfile.referralCode')}
      hint={t('createProfile.referralCodeHint')}
      error={error}
      registration={registration}
      autoCapitalize="characters"
      {...CODE_INPUT}
    />
  );
}
