/**
 * /single/processingapplication and /joint/processingapplication: the decision outlasted its wait. The
 * result is e-mailed (usually within 24 hours); while the page stays open it asks the server every few
 * seconds and moves to the outcome's page once the decision is taken.
 */
import { useEffect } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { getApplication } from '../lib/application-api.ts';
import type { OutcomeData } from './outcome-loader.ts';
import { StaffMessages } from './staff-messages.tsx';
import './outcomes.css';

/** How often an open processing page asks whether the decision was taken. */
const PROCESSING_POLL_MS = 3_000;
/** It stops asking after this long: the e-mail carries the result. */
const PROCESSING_POLL_LIMIT_MS = 10 * 60_000;

export function ProcessingPage() {
  const { t } = useTranslation();
  const { contactPhone } = useAppConfig();
  const { view } = useLoaderData<OutcomeData>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = t('outcomes.processing.title');
  usePageTitle(title);

  useEffect(() => {
    let isStopped = false;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - startedAt > PROCESSING_POLL_LIMIT_MS) {
        clearInterval(timer);
        return;
      }
      getApplication()
        .then((latest) => {
          if (isStopped || latest.decision?.state !== 'decided') return;
          if (latest.nextPath.toLowerCase() !== pathname.toLowerCase()) void navigate(latest.nextPath);
        })
        // A failed look is tried again at the next tick; the e-mail carries the result anyway.
        .catch(() => undefined);
    }, PROCESSING_POLL_MS);
    return () => {
      isStopped = true;
      clearInterval(timer);
    };
  }, [navigate, pathname]);

  return (
    <div className="panel outcome">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('outcomes.processing.text', { email: view.email })}</p>
      <StaffMessages />
      <p>{t('outcomes.processing.refNo', { refNo: view.appRefNo })}</p>
      <p>{t('outcomes.processing.keepOpen')}</p>
      <p>
        <PhoneText i18nKey="outcomes.questions" phone={contactPhone} />
      </p>
    </div>
  );
}
