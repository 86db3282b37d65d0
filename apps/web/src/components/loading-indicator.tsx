import { useTranslation } from '../i18n/use-translation.tsx';

/**
 * A progress indicator whose text is announced politely (aria-live). `label` overrides the default text.
 */
export function LoadingIndicator({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'loading loading--inline' : 'loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading__text">{label ?? t('common.loading')}</span>
    </div>
  );
}
