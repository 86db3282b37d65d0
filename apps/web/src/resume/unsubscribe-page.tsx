/**
 * /resume/unsubscribe?token=…: the link of every reminder. Opening it is the one click: the page tells the
 * server at once and says reminders have stopped (the server answers the same for any token).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { unsubscribeReminders } from './resume-api.ts';

export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<'working' | 'done' | 'failed'>(token ? 'working' : 'failed');

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    unsubscribeReminders(token).then(
      () => isCurrent && setState('done'),
      () => isCurrent && setState('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);

  const title = state === 'failed' ? t('resume.unsubscribeFailedTitle') : t('resume.unsubscribeTitle');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow">
      <PageHeading>{title}</PageHeading>
      <p className="lead" role="status">
        {state === 'working'
          ? t('resume.unsubscribing')
          : state === 'done'
            ? t('resume.unsubscribed')
            : t('resume.unsubscribeFailed')}
      </p>
    </div>
  );
}
