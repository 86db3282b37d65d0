import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { paths } from '../../config/paths.ts';

/** Stand-in for a flow step a later issue builds; it sits inside the layout so the tracker works. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const title = t('placeholder.title');
  usePageTitle(title);
  return (
    <div className="panel">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('placeholder.text')}</p>
      <p>
        <Link to={paths.landing}>{t('placeholder.backToStart')}</Link>
      </p>
    </div>
  );
}
