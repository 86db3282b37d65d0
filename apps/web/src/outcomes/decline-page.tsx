/**
 * /single/applicationdecline: the membership was refused; its reference number, where the e-mail went, and
 * the contact centre to discuss other options.
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { EmailedNote } from './emailed-note.tsx';
import type { OutcomeData } from './outcome-loader.ts';
import './outcomes.css';

export function DeclinePage() {
  const { t } = useTranslation();
  const { contactPhone, publicWebsiteUrl } = useAppConfig();
  const { view } = useLoaderData<OutcomeData>();
  const title = t('outcomes.decline.title');
  usePageTitle(title);
  return (
    <div className="panel outcome">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('outcomes.decline.text')}</p>
      <p>{t('outcomes.refNo', { refNo: view.appRefNo })}</p>
      <EmailedNote />
      <p>
        <PhoneText i18nKey="outcomes.decline.call" phone={contactPhone} />
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.location.assign(publicWebsiteUrl)}>
          {t('common.exitApplication')}
        </button>
      </div>
    </div>
  );
}
