import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Link } from 'react-router';
import type { OutboxMessage } from '@omo/domain';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { paths } from '../config/paths.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { apiRequest } from '../lib/api.ts';

/** /dev/outbox (non-production only): what the sandbox partners "sent", newest first (design.md §4). */
export function OutboxPage() {
  const config = useAppConfig();
  if (config.isProduction || !config.isLoaded) return <NotFoundPage />;
  return <Outbox />;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; messages: OutboxMessage[] };

function Outbox() {
  const { t, i18n } = useTranslation();
  const title = t('dev.outboxTitle');
  usePageTitle(title);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<OutboxMessage[]>('/api/dev/outbox', { signal: controller.signal })
      .then((messages) => setState({ status: 'loaded', messages }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [reloads]);

  const time = new Intl.DateTimeFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });

  return (
    <div className="panel panel--wide">
      <PageHeading>{title}</PageHeading>
      <p>{t('dev.outboxIntro')}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => setReloads((n) => n + 1)}>
          {t('dev.outboxRefresh')}
        </button>{' '}
        <Link to={paths.productList}>{t('dev.toProductList')}</Link>
      </p>
      {state.status === 'loading' ? <LoadingIndicator label={t('common.loading')} /> : null}
      {state.status === 'failed' ? (
        <p className="notice notice--error" role="alert">
          {t('dev.outboxFailed')}
        </p>
      ) : null}
      {state.status === 'loaded' && state.messages.length === 0 ? <p>{t('dev.outboxEmpty')}</p> : null}
      {state.status === 'loaded' && state.messages.length > 0 ? (
        <ol className="outbox">
          {state.messages.map((m) => (
            <li key={m.id} className="outbox__item">
              <p className="outbox__meta">
                <strong>{t(`dev.outboxChannel.${m.channel}`)}</strong> · {m.to} ·{' '}
                <time dateTime={m.sentAt}>{time.format(new Date(m.sentAt))}</time>
              </p>
              {m.subject ? <p className="outbox__subject">{m.subject}</p> : null}
              <p className="outbox__body">{m.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
