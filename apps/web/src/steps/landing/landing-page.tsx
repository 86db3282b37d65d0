import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLoaderData, useLocation, useSearchParams } from 'react-router';
import { productLoginUrl } from '@omo/domain';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { paths } from '../../config/paths.ts';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { endSession } from '../../lib/application-api.ts';
import { updateSlice } from '../../lib/session-state.ts';
import { productDescription } from '../../lib/product-text.ts';
import { currentLang } from '../../i18n/i18n.ts';
import type { ProductOffering } from '@omo/domain';
import type { LandingData } from './landing-loader.ts';

const CHOOSE_ID = 'choose-account';

/**
 * The products to choose from when none is known (a bare address, a session that ended in another tab):
 * choosing one starts as the landing's products do.
 */
function ProductChoices({
  choices,
  headingRef,
}: {
  choices: ProductOffering[];
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  return (
    <section className="product-choices" aria-labelledby={CHOOSE_ID}>
      <h2 className="section-heading" id={CHOOSE_ID} tabIndex={-1} ref={headingRef}>
        {t('landing.choose.title')}
      </h2>
      <p>{t('landing.choose.text')}</p>
      <ul className="product-choices__list">
        {choices.map((product) => (
          <li key={product.productID}>
            <Link
              to={paths.single.getStarted}
              onClick={() => updateSlice('application', { selectedProducts: [product] })}
            >
              {productDescription(product, lang)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Landing (/): 'Are you an existing member?' with the sign-in and sign-up cards. */
export function LandingPage() {
  const { t } = useTranslation();
  const { onlineBankingUrl } = useAppConfig();
  const { products, draftPath, choices } = useLoaderData<LandingData>();
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const isChoosing = products.length === 0 && choices.length > 0;
  const choicesHeading = useRef<HTMLHeadingElement>(null);
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
  // Sent to choose a product (Create your profile without one): focus on the choices.
  useEffect(() => {
    if (isChoosing && hash === `#${CHOOSE_ID}`) choicesHeading.current?.focus();
  }, [isChoosing, hash]);

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
          <Link
            className="choice-card__link"
            to={isChoosing ? `#${CHOOSE_ID}` : paths.single.getStarted}
            onClick={() => choicesHeading.current?.focus()}
          >
            <span className="choice-card__icon choice-card__icon--new" aria-hidden="true" />
            <span className="choice-card__title">{t('landing.noTitle')}</span>
            <span className="choice-card__text">{t('landing.noText')}</span>
          </Link>
        </li>
      </ul>
      {isChoosing ? <ProductChoices choices={choices} headingRef={choicesHeading} /> : null}
    </div>
  );
}
