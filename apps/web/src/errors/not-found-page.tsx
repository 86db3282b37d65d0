import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { paths } from '../config/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('errors.notFound.title');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('errors.notFound.text')}</p>
      <p>
        <Link className="button button--secondary" to={paths.landing}>
          {t('errors.notFound.startAgain')}
        </Link>
      </p>
    </div>
  );
}
