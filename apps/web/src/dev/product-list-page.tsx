import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIST_GROUPS } from '@omo/domain';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { paths } from '../config/paths.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { fetchDevProductList } from '../lib/api.ts';
import { groupProductList, type ProductListGroups } from './product-list.ts';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; groups: ProductListGroups };

/** /productlist (non-production only): test links grouped by category (spec 001 §2.13). */
export function ProductListPage() {
  const config = useAppConfig();
  if (config.isProduction || !config.isLoaded) return <NotFoundPage />;
  return <ProductList />;
}

function ProductList() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const [state, setState] = useState<State>({ status: 'loading' });
  const title = t('dev.productListTitle');
  usePageTitle(title);

  useEffect(() => {
    const controller = new AbortController();
    fetchDevProductList(controller.signal)
      .then((data) => setState({ status: 'ready', groups: groupProductList(data) }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  return (
    <div className="panel panel--wide">
      <PageHeading>{title}</PageHeading>
      <p>{t('dev.productListIntro')}</p>
      <p>
        <Link className="button button--secondary" to={paths.diagnostics}>
          {t('dev.toDiagnostics')}
        </Link>
      </p>
      {state.status === 'loading' ? <LoadingIndicator label={t('dev.loadingProducts')} /> : null}
      {state.status === 'error' ? (
        <p className="notice notice--error" role="alert">
          {t('dev.errorLoadingProducts')}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <div className="product-groups">
          {PRODUCT_LIST_GROUPS.map((group) => (
            <section
              className="product-group"
              key={group}
              aria-labelledby={`group-${group.replace(/\s/g, '-')}`}
            >
              <h2 className="product-group__title" id={`group-${group.replace(/\s/g, '-')}`}>
                {t(`dev.groups.${group}`)}
              </h2>
              {state.groups[group].length === 0 ? (
                <p className="muted">{t('dev.noProducts')}</p>
              ) : (
                <ul className="product-group__list">
                  {state.groups[group].map((entry) => (
                    <li key={entry.href + entry.label}>
                      <Link to={entry.href}>{lang === 'fr' ? entry.labelFr : entry.label}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}
