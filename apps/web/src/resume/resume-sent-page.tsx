/** /resume/sent: after 'Save and come back later', the link is on its way and this device holds nothing. */
import { Link } from 'react-router';
import { RESUME_ROUTES } from '@omo/domain';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useTranslation } from '../i18n/use-translation.tsx';

export function ResumeSentPage() {
  const { t } = useTranslation();
  const title = t('resume.sentTitle');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('resume.sentText')}</p>
      <p>{t('resume.sentClosed')}</p>
      <p>
        <Link to={RESUME_ROUTES.request}>{t('resume.noEmail')}</Link>
      </p>
    </div>
  );
}
