import { useTranslation } from '../../i18n/use-translation.tsx';
import { currentLang, switchLanguage } from '../../i18n/i18n.ts';

/**
 * Switches between English and French. The button is written in the language it switches to (with the
 * matching lang attribute); the choice is persisted and mirrored on <html lang> by the i18n setup. French
 * is fetched the first time it is chosen.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const target = currentLang(i18n) === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      className="language-toggle"
      lang={target}
      aria-label={t('layout.languageToggleLabel')}
      onClick={() => void switchLanguage(i18n, target)}
    >
      {t('layout.languageToggle')}
    </button>
  );
}
