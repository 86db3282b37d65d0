/**
 * /single/reviewterms and /joint/reviewterms, 'Review and accept the Terms and Conditions' (spec 001 §2.5,
 * §4.1): the scrollable terms of the application's product mix (domain `termsMixOf`), the membership terms
 * PDF in the interface language, the acceptance (and the FHSA declaration when an FHSA is among the
 * products). Continue is enabled once ticked; it shows the spinner and the processing message while the
 * server decides (after the 20 s wait of the document-verification case), then goes to the outcome page
 * the server answers. A failed save goes to /error/1.
 */
import { MembershipShare } from '../../components/membership-share.tsx';
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  ERROR_IDS,
  flagsOf,
  requiresFhsaDeclaration,
  saveDelayMsOf,
  termsMixOf,
  termsTextOf,
} from '@omo/domain';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { errorPath } from '../../config/paths.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { currentLang } from '../../i18n/i18n.ts';
import {
  getApplication,
  isApiStatus,
  membershipTermsUrl,
  problemNextPath,
  saveApplication,
} from '../../lib/application-api.ts';
import { goToNext, type StepData } from '../../lib/step-route.ts';
import './review-terms.css';
import { ConsentCheckbox } from '../../components/form/checkbox-field.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ReviewTermsPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const navigate = useNavigate();
  const { institutionName, contactPhone } = useAppConfig();
  const { view, products, flow } = useLoaderData<StepData>();
  const flags = flagsOf({ products });
  const terms = termsTextOf(termsMixOf(flags), lang, { institution: institutionName, phone: contactPhone });
  const needsFhsa = requiresFhsaDeclaration(flags);
  const [isAccepted, setAccepted] = useState(false);
  const [isFhsaDeclared, setFhsaDeclared] = useState(false);
  const [isProcessing, setProcessing] = useState(false);
  const title = t('reviewTerms.title');
  usePageTitle(title);

  const onContinue = async () => {
    setProcessing(true);
    try {
      await wait(saveDelayMsOf(view.identity.status));
      const answer = await saveApplication(flow.kind, {
        termsAccepted: true,
        fhsaDeclaration: isFhsaDeclared,
        language: lang,
      });
      // The server decided: its view names the outcome page, and is handed to that page's loader.
      const decided = answer.view ?? (await getApplication());
      await goToNext(navigate, decided, decided.decision?.route ?? decided.nextPath);
    } catch (error) {
      // A step found missing is where the applicant belongs; any other failure is the generic error.
      const nextPath = isApiStatus(error, 409) ? problemNextPath(error) : undefined;
      await navigate(nextPath ?? errorPath(ERROR_IDS.generic));
    }
  };

  const canContinue = isAccepted && (!needsFhsa || isFhsaDeclared);
  return (
    <div className="panel">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('reviewTerms.lead')}</p>
      <MembershipShare />
      <div
        className="terms-text"
        role="region"
        aria-labelledby="terms-text-title"
        // A scrollable region must be reachable by keyboard.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        data-testid="terms-text"
      >
        <h2 className="terms-text__title" id="terms-text-title">
          {terms.title}
        </h2>
        {terms.sections.map((section) => (
          <section key={section.heading}>
            <h3 className="terms-text__heading">{section.heading}</h3>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </div>
      <p className="terms-download">
        <a href={membershipTermsUrl(lang)} download>
          {t('reviewTerms.download')}
        </a>{' '}
        <span className="field__hint">{t('reviewTerms.downloadHint')}</span>
      </p>

      <ConsentCheckbox
        id="termsAccepted"
        label={t('reviewTerms.accept')}
        isChecked={isAccepted}
        isDisabled={isProcessing}
        onChange={setAccepted}
      />
      {needsFhsa ? (
        <ConsentCheckbox
          id="fhsaDeclaration"
          label={t('reviewTerms.fhsa')}
          isChecked={isFhsaDeclared}
          isDisabled={isProcessing}
          onChange={setFhsaDeclared}
        />
      ) : null}

      <div className="actions">
        <BusyButton
          type="button"
          isBusy={isProcessing}
          disabled={!canContinue}
          onClick={() => void onContinue()}
        >
          {t('common.continue')}
        </BusyButton>
      </div>
      <div role="status" className="terms-processing">
        {isProcessing ? (
          <p className="loading loading--inline">
            <span className="spinner" aria-hidden="true" />
            {t('reviewTerms.processing')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
