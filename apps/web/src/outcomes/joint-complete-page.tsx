/**
 * /joint/jointcomplete: the co-applicant's part is done while the primary applicant still has to show ID
 * in person; the membership opens once they have, and both are e-mailed.
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import type { OutcomeData } from './outcome-loader.ts';
import { ReferenceNumber } from './outcome-number.tsx';
import './outcomes.css';

export function JointCompletePage() {
  const { t } = useTranslation();
  const { contactPhone } = useAppConfig();
  const { view, decision } = useLoaderData<OutcomeData>();
  const title = t('outcomes.jointComplete.title');
  usePageTitle(title);
  return (
    <div className="panel outcome">
      <PageHeading>{title}</PageHeading>
      <ReferenceNumber number={decision.response.appRefNo || view.appRefNo} />
      <p className="lead">{t('outcomes.jointComplete.waiting')}</p>
      <p>{t('outcomes.coApplicant.notice')}</p>
      <p>
        <PhoneText i18nKey="outcomes.questions" phone={contactPhone} />
      </p>
    </div>
  );
}
