import { useTranslation } from '../../i18n/use-translation.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';

/** Shown on the very first load while the root and page loaders run (no config yet, so no header). */
export function InitialLoading() {
  const { t } = useTranslation();
  return (
    <main className="initial-loading" id="main-content">
      <LoadingIndicator label={t('landing.loadingProducts')} />
    </main>
  );
}
