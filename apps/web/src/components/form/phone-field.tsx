/** The phone number input: a Canadian number grouped '(NNN) NNN-NNNN' as typed (personal info, the phone step). */
import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { formatPhoneMask } from '@omo/domain';
import { MaskedField } from './masked-field.tsx';

export function PhoneField<T extends FieldValues & { phoneNumber?: string }>({
  control,
  label,
  hint,
  error,
  placeholder,
  className,
}: {
  control: Control<T>;
  label: ReactNode;
  hint: ReactNode;
  error: string | undefined;
  placeholder?: string;
  className: string;
}) {
  return (
    <MaskedField
      control={control}
      name={'phoneNumber' as Path<T>}
      id="phoneNumber"
      label={label}
      hint={hint}
      error={error}
      format={formatPhoneMask}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={placeholder}
      className={className}
    />
  );
}
