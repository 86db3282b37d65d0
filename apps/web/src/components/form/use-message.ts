import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatMessage, type MessageParams } from '@omo/domain';
import { useAppConfig } from '../../config/use-app-config.ts';
import { currentLang } from '../../i18n/i18n.ts';

/**
 * Translates a validation message key of @omo/domain (MESSAGES_EN / MESSAGES_FR) into the current
 * language, filling {phone} with the contact-centre phone. Unknown keys (plain text) pass through.
 */
export function useMessage(): (key: string | undefined, params?: MessageParams) => string | undefined {
  const { i18n } = useTranslation();
  const { contactPhone } = useAppConfig();
  const lang = currentLang(i18n);
  return useCallback(
    (key, params) => (key ? formatMessage(key, lang, { phone: contactPhone, ...params }) : undefined),
    [lang, contactPhone],
  );
}
