import { useTranslation } from '../../i18n/use-translation.tsx';
import { useAppConfig } from '../../config/use-app-config.ts';

/** Institution mark (a plain SVG, no download) and name, linking to the public website. */
export function Logo() {
  const { t } = useTranslation();
  const { institutionName, publicWebsiteUrl } = useAppConfig();
  return (
    <a
      className="logo"
      href={publicWebsiteUrl}
      aria-label={t('layout.homeLink', { institution: institutionName })}
    >
      <svg
        className="logo__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="7" className="logo__bg" />
        <circle cx="16" cy="16" r="8" className="logo__ring" />
        <circle cx="16" cy="16" r="3" className="logo__dot" />
      </svg>
      <span className="logo__name">{institutionName}</span>
    </a>
  );
}
