/**
 * /single/idverifyterms and /joint/idverifyterms: the identity could not be confirmed on data alone, so the
 * applicant photographs a government photo ID and takes a selfie. The accepted IDs, the digital ID
 * verification consent and a checkbox that enables Continue; Continue starts the document verification
 * (busy while it starts) and opens the capture page (ours in the sandbox, the provider's otherwise). Every
 * 2 seconds the page asks the server whether the documents were submitted, decided or expired, and then
 * moves on to the legal terms. A session that is gone goes to /error/3. The applicant may choose to show the
 * ID in person instead (POST DocumentVerification/InPerson; the server answers where to go: the legal terms,
 * and once submitted the in-person page); while the document partner is unavailable (503), the page says
 * so and offers that choice in its message (decision 0050).
 */
import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { ERROR_IDS, errorRoute } from '@omo/domain';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import {
  chooseInPersonId,
  getDocumentStatus,
  isApiStatus,
  startDocumentVerification,
} from '../../lib/application-api.ts';
import { loadFullPage } from '../../lib/full-page-load.ts';
import { handleStepError, type StepData } from '../../lib/step.ts';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { ConsentCheckbox } from '../../components/form/checkbox-field.tsx';

/** How often the page asks whether the documents are in. */
export const DOCUMENT_POLL_MS = 2_000;

const ACCEPTED_IDS = ['driversLicence', 'provincialId', 'passport', 'permanentResident'] as const;

export function IdVerifyTermsPage() {
  const { t } = useTranslation();
  const { institutionName } = useAppConfig();
  const navigate = useNavigate();
  const { view } = useLoaderData<StepData>();
  const [hasAgreed, setAgreed] = useState(false);
  const [isStarting, setStarting] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const [isUnavailable, setUnavailable] = useState(false);
  const [isChoosing, setChoosing] = useState(false);
  const title = t('idVerifyTerms.title');
  usePageTitle(title);
  const isCaptured = view.identity.status.startsWith('document');

  // The documents may come in from another tab or device: keep asking until the step is over.
  useEffect(() => {
    let isStopped = false;
    const poll = async () => {
      try {
        const status = await getDocumentStatus();
        if (!isStopped && status.isDone) await navigate(status.nextPath);
      } catch (error) {
        if (!isStopped && isApiStatus(error, 401)) await navigate(errorRoute(ERROR_IDS.loadFailure));
      }
    };
    const timer = setInterval(() => void poll(), DOCUMENT_POLL_MS);
    return () => {
      isStopped = true;
      clearInterval(timer);
    };
  }, [navigate]);

  const onContinue = async () => {
    setStarting(true);
    setFailed(false);
    setUnavailable(false);
    try {
      const { captureUrl } = await startDocumentVerification();
      // A full page load, whether the provider's page or our sandbox's: the camera is allowed only to the
      // pages the server serves with that permission (Permissions-Policy), not to an in-app navigation.
      loadFullPage(captureUrl);
    } catch (error) {
      setStarting(false);
      if (isApiStatus(error, 401)) {
        await navigate(errorRoute(ERROR_IDS.loadFailure));
        return;
      }
      if (isApiStatus(error, 503)) {
        setUnavailable(true);
        return;
      }
      if ((await handleStepError(error, { navigate })) === 'failed') setFailed(true);
    }
  };

  const onInPerson = async () => {
    setChoosing(true);
    setFailed(false);
    try {
      const { nextPath } = await chooseInPersonId();
      await navigate(nextPath);
    } catch (error) {
      setChoosing(false);
      if ((await handleStepError(error, { navigate })) === 'failed') setFailed(true);
    }
  };

  return (
    <div className="panel">
      <PageHeading>{title}</PageHeading>
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          {t('idVerifyTerms.startFailed')}
        </p>
      ) : null}
      {isUnavailable && !isCaptured ? (
        <div className="notice notice--error" role="alert">
          <p>{t('idVerifyTerms.unavailable')}</p>
          <BusyButton
            type="button"
            className="button button--secondary"
            isBusy={isChoosing}
            onClick={() => void onInPerson()}
          >
            {t('idVerifyTerms.inPerson')}
          </BusyButton>
        </div>
      ) : null}
      <p className="lead">{t('idVerifyTerms.lead')}</p>
      <h2 className="form-section__title">{t('idVerifyTerms.acceptedTitle')}</h2>
      <ul className="bullets">
        {ACCEPTED_IDS.map((id) => (
          <li key={id}>{t(`idVerifyTerms.ids.${id}`)}</li>
        ))}
      </ul>
      <h2 className="form-section__title" id="consent-title">
        {t('idVerifyTerms.consentTitle')}
      </h2>
      <div className="consent-paragraphs">
        {(['p1', 'p2', 'p3', 'p4'] as const).map((p) => (
          <p key={p}>{t(`idVerifyTerms.consent.${p}`, { institution: institutionName })}</p>
        ))}
      </div>
      {isCaptured ? (
        <p className="notice" role="status">
          {t('idVerifyTerms.received')}
        </p>
      ) : (
        <>
          <ConsentCheckbox
            id="idTermsConsent"
            label={t('idVerifyTerms.agree', { institution: institutionName })}
            isChecked={hasAgreed}
            onChange={setAgreed}
          />
          <div className="actions">
            <BusyButton
              type="button"
              disabled={!hasAgreed}
              isBusy={isStarting}
              onClick={() => void onContinue()}
            >
              {t('common.continue')}
            </BusyButton>
          </div>
          {isUnavailable ? null : (
            <section className="id-in-person" aria-labelledby="in-person-title">
              <h2 className="form-section__title" id="in-person-title">
                {t('idVerifyTerms.inPersonChoice.title')}
              </h2>
              <p>{t('idVerifyTerms.inPersonChoice.text')}</p>
              <div className="actions">
                <BusyButton
                  type="button"
                  className="button button--secondary"
                  disabled={isStarting}
                  isBusy={isChoosing}
                  onClick={() => void onInPerson()}
                >
                  {t('idVerifyTerms.inPersonChoice.choose')}
                </BusyButton>
              </div>
            </section>
          )}
          <p className="visually-hidden" role="status">
            {isStarting ? t('idVerifyTerms.starting') : isChoosing ? t('idVerifyTerms.choosingInPerson') : ''}
          </p>
        </>
      )}
    </div>
  );
}
