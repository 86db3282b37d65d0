import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { telHref } from '../lib/phone.ts';
import type { TFuncKey } from './t-func-key.ts';

function PhoneLink({ phone, children }: { phone: string; children?: ReactNode }) {
  return <a href={telHref(phone)}>{children}</a>;
}

/** A translated text whose <phone>{{phone}}</phone> part becomes a tel: link to the contact centre. */
export function PhoneText({ i18nKey, phone }: { i18nKey: TFuncKey; phone: string }) {
  // The key is already checked by TFuncKey; the cast keeps Trans from expanding every key's type.
  return (
    <Trans
      i18nKey={i18nKey as never}
      values={{ phone }}
      components={{ phone: <PhoneLink phone={phone} /> }}
    />
  );
}
