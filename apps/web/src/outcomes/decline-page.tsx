/**
 * /single/applicationdecline: the membership was refused; its reference number, where the e-mail went,
 * the credit bureau whose report the identity check used (when it used one), applying in a branch instead,
 * the contact centre, and a new application for another person on the same device.
 */
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { BusyButton } from '../components/form/busy-button.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { paths } from '../config/paths.ts';
import { endSession } from '../lib/application-api.ts';
import { loadFullPage } from '../lib/full-page-load.ts';
import { BranchPanel, useLoaded } from './branch-panel.tsx';
import { EmailedNote } from './emailed-note.tsx';
import { getNearestBranch } from './outcome-api.ts';
import type { OutcomeData } from './outcome-loader.ts';
import './outcomes.css';

export function DeclinePage() {
  const { t } = useTranslation();
  const { contactPhone, publicWebsiteUrl } = useAppConfig();
  const { view } = useLoaderData<OutcomeData>();
  const branch = useLoaded(async (signal) => (await getNearestBranch(signal)).branch);
  const [isEnding, setEnding] = useState(false);
  const title = t('outcomes.decline.title');
  usePageTitle(title);
  const bureau = view.identity.creditBureau;

  /** This applicant's session ends; the next person starts from the landing, with nothing of theirs. */
  async function startNew() {
    setEnding(true);
    try {
      await endSession();
    } finally {
      loadFullPage(paths.landing);
    }
  }

  return (
    <div className="panel outcome">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('outcomes.decline.text')}</p>
      <p>{t('outcomes.refNo', { refNo: view.appRefNo })}</p>
      <EmailedNote />
      {bureau ? (
        <section aria-labelledby="credit-report-title">
          <h2 className="form-section__title" id="credit-report-title">
            {t('outcomes.decline.creditReport.title')}
          </h2>
          <p>{t('outcomes.decline.creditReport.used', { bureau })}</p>
          <p>{t('outcomes.decline.creditReport.copy', { bureau })}</p>
        </section>
      ) : null}
      <section aria-labelledby="branch-title">
        <h2 className="form-section__title" id="branch-title">
          {t('outcomes.decline.branch.title')}
        </h2>
        <p>{t('outcomes.decline.branch.text')}</p>
        <BranchPanel branch={branch} />
      </section>
      <p>
        <PhoneText i18nKey="outcomes.decline.call" phone={contactPhone} />
      </p>
      <section aria-labelledby="someone-else-title">
        <h2 className="form-section__title" id="someone-else-title">
          {t('outcomes.decline.someoneElse.title')}
        </h2>
        <p>{t('outcomes.decline.someoneElse.text')}</p>
        <div className="actions">
          <BusyButton
            type="button"
            className="button button--secondary"
            isBusy={isEnding}
            onClick={() => void startNew()}
          >
            {t('outcomes.decline.someoneElse.start')}
          </BusyButton>
        </div>
      </section>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.location.assign(publicWebsiteUrl)}>
          {t('common.exitApplication')}
        </button>
      </div>
    </div>
  );
}
