/**
 * /single/savingsaccountoffer and /joint/savingsaccountoffer: the requested products were refused and a
 * savings account is offered instead. Accepting opens it (AcceptSavingsOffer) and goes where the server
 * then says (the welcome page); 'No, thanks' leaves the application for the public website.
 */
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { BusyButton } from '../components/form/busy-button.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { currentLang } from '../i18n/i18n.ts';
import { getApplication } from '../lib/application-api.ts';
import { handleStepError } from '../lib/step-route.ts';
import { productDescription } from '../lib/product-text.ts';
import { acceptSavingsOffer } from './outcome-api.ts';
import { EmailedNote } from './emailed-note.tsx';
import type { OutcomeData } from './outcome-loader.ts';
import './outcomes.css';

export function SavingsOfferPage() {
  const { t, i18n } = useTranslation();
  const { contactPhone, publicWebsiteUrl } = useAppConfig();
  const { requestedProducts } = useLoaderData<OutcomeData>();
  const navigate = useNavigate();
  const [isAccepting, setAccepting] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const title = t('outcomes.savingsOffer.title');
  usePageTitle(title);
  const lang = currentLang(i18n);
  const requested = requestedProducts.map((p) => productDescription(p, lang)).join(', ');

  const onAccept = async () => {
    setAccepting(true);
    setFailed(false);
    try {
      await acceptSavingsOffer();
      const view = await getApplication();
      await navigate(view.nextPath);
    } catch (error) {
      setAccepting(false);
      if ((await handleStepError(error, { navigate })) === 'failed') setFailed(true);
    }
  };

  return (
    <div className="panel outcome">
      <PageHeading>{title}</PageHeading>
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          <PhoneText i18nKey="outcomes.savingsOffer.failed" phone={contactPhone} />
        </p>
      ) : null}
      <p className="lead">{t('outcomes.savingsOffer.refused', { products: requested })}</p>
      <p>{t('outcomes.savingsOffer.offer')}</p>
      <EmailedNote />
      <div className="actions outcome__choices">
        <BusyButton type="button" isBusy={isAccepting} onClick={() => void onAccept()}>
          {t('outcomes.savingsOffer.accept')}
        </BusyButton>
        <button
          type="button"
          className="button button--secondary"
          disabled={isAccepting}
          onClick={() => window.location.assign(publicWebsiteUrl)}
        >
          {t('outcomes.savingsOffer.decline')}
        </button>
      </div>
      <p>
        <PhoneText i18nKey="outcomes.questions" phone={contactPhone} />
      </p>
    </div>
  );
}
