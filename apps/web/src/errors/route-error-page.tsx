import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { BareLayout } from '../app/layout/bare-layout.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { paths } from '../config/paths.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * The router's errorElement: 'Unexpected Application Error!' (spec 000 §8). The error itself is not shown
 * to the applicant (it could carry personal data); it is logged to the console for developers.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <BareLayout>
        <NotFoundPage />
      </BareLayout>
    );
  }
  return (
    <BareLayout>
      <UnexpectedError />
    </BareLayout>
  );
}

function UnexpectedError() {
  const { t } = useTranslation();
  const { contactPhone } = useAppConfig();
  const title = t('errors.unexpected.title');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow">
      <PageHeading>{title}</PageHeading>
      <p className="lead">
        <PhoneText i18nKey="errors.unexpected.text" phone={contactPhone} />
      </p>
      <p>
        {/* A full page load: the router may be in a broken state. */}
        <a className="button button--secondary" href={paths.landing}>
          {t('errors.unexpected.startAgain')}
        </a>
      </p>
    </div>
  );
}
