import type { TFuncKey } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { telHref } from '@omo/domain';

/** A translated text whose <phone>{{phone}}</phone> part becomes a tel: link to the contact centre. */
export function PhoneText({ i18nKey, phone }: { i18nKey: TFuncKey; phone: string }) {
  const { t } = useTranslation();
  const [before, linked, after] = t(i18nKey, { phone }).split(/<phone>(.*?)<\/phone>/);
  if (linked === undefined) return <>{before}</>;
  return (
    <>
      {before}
      <a href={telHref(phone)}>{linked}</a>
      {after}
    </>
  );
}
