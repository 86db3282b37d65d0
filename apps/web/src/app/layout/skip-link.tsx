import { useTranslation } from '../../i18n/use-translation.tsx';

export const MAIN_ID = 'main-content';

/** First focusable element: jumps past the header. Focus is moved by script so the URL hash stays clean. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (main) {
          event.preventDefault();
          main.focus();
        }
      }}
    >
      {t('layout.skipLink')}
    </a>
  );
}
