import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { productLoginUrl } from '@omo/domain';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { paths } from '../../config/paths.ts';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { endSession } from '../../lib/session-api.ts';
import type { LandingData } from './landing-loader.ts';
// Shown only when no product is known, and then rendered by the server with the page: part of it.
import ProductChoices from './product-choices.tsx';

/** Landing (/): 'Are you an existing member?' with the sign-in and sign-up cards. */
export function LandingPage() {
  const { t } = useTranslation();
  const { onlineBankingUrl } = useAppConfig();
  const { products, draftPath, choices } = useLoaderData<LandingData>();
  const [search] = useSearchParams();
  const isChoosing = products.length === 0 && choices.length > 0;
  const [isDraftOffered, setDraftOffered] = useState(draftPath !== null);
  const [isEnding, setEnding] = useState(false);
  const title = t(isDraftOffered ? 'landing.draft.title' : 'landing.title');
  usePageTitle(title);
  const heading = useRef<HTMLDivElement>(null);
  const hasStartedNew = useRef(false);
  // Once the member question replaces the draft's, focus goes to its heading (after it is rendered).
  useEffect(() => {
    if (!isDraftOffered && hasStartedNew.current) heading.current?.querySelector('h1')?.focus();
  }, [isDraftOffered]);

  /** Ends the draft's session on the server; the visitor then starts as anyone does. */
  async function startNew() {
    setEnding(true);
    try {
      await endSession();
    } finally {
      hasStartedNew.current = true;
      setEnding(false);
      setDraftOffered(false);
    }
  }

  if (isDraftOffered && draftPath) {
    return (
      <div className="landing" ref={heading}>
        <PageHeading>{title}</PageHeading>
        <p className="lead">{t('landing.draft.text')}</p>
        <div className="actions">
          <Link className="button" to={draftPath}>
            {t('landing.draft.continue')}
          </Link>
          <BusyButton
            type="button"
            className="button button--secondary"
            isBusy={isEnding}
            onClick={() => void startNew()}
          >
            {t('landing.draft.startNew')}
          </BusyButton>
        </div>
      </div>
    );
  }

  return (
    <div className="landing" ref={heading}>
      {search.get('session') === 'ended' ? (
        <p className="notice" role="status">
          {t('landing.sessionEnded')}
        </p>
      ) : null}
      <PageHeading>{title}</PageHeading>
      <ul className="choice-cards">
        <li className="choice-card">
          <a
            className="choice-card__link"
            href={productLoginUrl(onlineBankingUrl, products[0]?.productID)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className="choice-card__icon choice-card__icon--member" aria-hidden="true" />
            <span className="choice-card__title">{t('landing.yesTitle')}</span>
            <span className="choice-card__text">
              {t('landing.yesText')} <span className="visually-hidden">{t('common.opensInNewTab')}</span>
            </span>
          </a>
        </li>
        <li className="choice-card">
          <Link className="choice-card__link" to={isChoosing ? '#choose-account' : paths.single.getStarted}>
            <span className="choice-card__icon choice-card__icon--new" aria-hidden="true" />
            <span className="choice-card__title">{t('landing.noTitle')}</span>
            <span className="choice-card__text">{t('landing.noText')}</span>
          </Link>
        </li>
      </ul>
      {isChoosing ? <ProductChoices choices={choices} /> : null}
    </div>
  );
}
