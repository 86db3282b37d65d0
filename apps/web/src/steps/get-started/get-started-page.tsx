import type { ReactNode } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { pathOf } from '@omo/domain';
import { PageHeading } from '../../components/page-heading.tsx';
import { Toggletip } from '../../components/toggletip.tsx';
import { WholeWords } from '../../components/whole-words.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { flowOfPath, paths } from '../../config/paths.ts';
import { listHeadingParts } from '../../i18n/article.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { productDescription } from '../../lib/product-text.ts';
import type { ApplicationState } from '../../lib/session-state.ts';

/**
 * /single/getstarted and /joint/getstarted: what the applicant needs before starting. The co-applicant's
 * Get Started carries their invitation's code on to 'Create your profile'.
 */
export function GetStartedPage({ intro }: { intro?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const application = useLoaderData<ApplicationState>();
  const { pathname, search } = useLocation();
  const flow = flowOfPath(pathname);
  const jointCode = new URLSearchParams(search).get('jointCode');
  const next =
    flow.kind === 'joint' && jointCode
      ? `${pathOf(flow, 'createprofile')}?${new URLSearchParams({ jointCode }).toString()}`
      : paths.single.createProfile;
  const lang = currentLang(i18n);
  const first = application.selectedProducts[0];
  const heading = first ? listHeadingParts(productDescription(first, lang), lang) : null;
  const title = t('getStarted.title');
  usePageTitle(title);

  return (
    <div className="panel">
      <PageHeading>{title}</PageHeading>
      {intro ?? <p className="lead">{t('getStarted.subtitle')}</p>}
      <h2 className="section-heading" id="requirements-heading">
        <WholeWords
          text={
            heading
              ? t(`getStarted.${heading.key}`, { article: heading.article, product: heading.product })
              : t('getStarted.listHeadingNoProduct')
          }
        />
      </h2>
      <ul className="checklist" aria-labelledby="requirements-heading">
        <li>{t('getStarted.itemPhone')}</li>
        <li>{t('getStarted.itemId')}</li>
        <li>{t('getStarted.itemLiveWork')}</li>
        <li>{t('getStarted.itemAge')}</li>
        <li>{t('getStarted.itemEmail')}</li>
        <li>
          {t('getStarted.itemSin')}{' '}
          <Toggletip label={t('getStarted.sinTooltip')} text={t('getStarted.sinTooltipText')} />
        </li>
      </ul>
      <div className="actions">
        <Link className="button" to={next}>
          {t('common.getStarted')}
        </Link>
      </div>
    </div>
  );
}
