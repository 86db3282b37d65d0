import { useTranslation } from '../../i18n/use-translation.tsx';
import { useAppConfig } from '../../config/use-app-config.ts';

export function Footer() {
  const { t } = useTranslation();
  const { privacyPolicyUrl, termsUrl, institutionName } = useAppConfig();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav aria-label={t('layout.footerNav')}>
          <ul className="footer__links">
            <li>
              <a href={privacyPolicyUrl}>{t('layout.privacyPolicy')}</a>
            </li>
            <li>
              <a href={termsUrl}>{t('layout.terms')}</a>
            </li>
          </ul>
        </nav>
        <p className="footer__copyright">
          {t('layout.copyright', { year: new Date().getFullYear(), institution: institutionName })}
        </p>
      </div>
    </footer>
  );
}
