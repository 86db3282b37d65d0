/**
 * /single/confirmcoapplicantapplication: the primary applicant's part of a joint application is done. The
 * reference number, the co-applicant's e-mailed invitation and its 7-day window, and the e-mail both
 * applicants get once the application is complete.
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import type { OutcomeData } from './outcome-loader.ts';
import { ReferenceNumber } from './outcome-number.tsx';
import { ResendInvitation } from './resend-invitation.tsx';
import './outcomes.css';

export function ConfirmCoApplicantPage() {
  const { t } = useTranslation();
  const { contactPhone } = useAppConfig();
  const { view, decision } = useLoaderData<OutcomeData>();
  const title = t('outcomes.coApplicant.title');
  usePageTitle(title);
  const name = view.personalInfo?.jointFirstName || t('outcomes.coApplicant.yourCoApplicant');
  return (
    <div className="panel outcome">
      <PageHeading>{title}</PageHeading>
      <ReferenceNumber number={decision.response.appRefNo || view.appRefNo} />
      <p className="lead">{t('outcomes.coApplicant.emailed', { name })}</p>
      <p>{t('outcomes.coApplicant.window', { name })}</p>
      <p>{t('outcomes.coApplicant.notice')}</p>
      <ResendInvitation name={name} email={view.personalInfo?.jointEmail ?? ''} />
      <p>
        <PhoneText i18nKey="outcomes.questions" phone={contactPhone} />
      </p>
    </div>
  );
}
