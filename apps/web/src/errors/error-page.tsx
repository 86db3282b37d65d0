import { useParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** Error ids of spec 001 §2.11 (1 generic, 2 block list, 3 load failure, 4 age, 5 joint expired, 6 custom). */
const ERROR_KEYS = { '1': 'e1', '2': 'e2', '3': 'e3', '4': 'e4', '5': 'e5', '6': 'e6' } as const;
type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS] | 'generic';

/** The error key for a route's errId, 'generic' for /error, null for an unknown id. */
function errorKeyOf(errId: string | undefined): ErrorKey | null {
  if (errId === undefined) return 'generic';
  return Object.hasOwn(ERROR_KEYS, errId) ? ERROR_KEYS[errId as keyof typeof ERROR_KEYS] : null;
}

/** /error and /error/{errId}: a heading, a text with the contact-centre phone and 'Exit Application'. */
export function ErrorPage() {
  const { errId } = useParams();
  const key = errorKeyOf(errId);
  if (key === null) return <NotFoundPage />;
  return <ErrorContent errorKey={key} />;
}

function ErrorContent({ errorKey }: { errorKey: ErrorKey }) {
  const { t } = useTranslation();
  const { contactPhone, publicWebsiteUrl } = useAppConfig();
  const title = t(`errors.${errorKey}.title`);
  usePageTitle(title);
  return (
    <div className="panel panel--narrow" data-error-id={errorKey}>
      <PageHeading>{title}</PageHeading>
      <p className="lead">
        <PhoneText i18nKey={`errors.${errorKey}.text`} phone={contactPhone} />
      </p>
      <button type="button" className="button" onClick={() => window.location.assign(publicWebsiteUrl)}>
        {t('common.exitApplication')}
      </button>
    </div>
  );
}
