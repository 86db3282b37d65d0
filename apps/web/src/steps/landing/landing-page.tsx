import { Link, useLoaderData, useSearchParams } from 'react-router';
import { productLoginUrl } from '@omo/domain';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { paths } from '../../config/paths.ts';
import type { LandingData } from './landing-loader.ts';

/** Landing (/): 'Are you an existing member?' with the sign-in and sign-up cards. */
export function LandingPage() {
  const { t } = useTranslation();
  const { onlineBankingUrl } = useAppConfig();
  const { products } = useLoaderData<LandingData>();
  const [search] = useSearchParams();
  const title = t('landing.title');
  usePageTitle(title);

  return (
    <div className="landing">
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
          <Link className="choice-card__link" to={paths.single.getStarted}>
            <span className="choice-card__icon choice-card__icon--new" aria-hidden="true" />
            <span className="choice-card__title">{t('landing.noTitle')}</span>
            <span className="choice-card__text">{t('landing.noText')}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
