import { Link, useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PRODUCT_LIST_GROUPS } from '@omo/domain';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { loadAppConfig } from '../config/app-config.ts';
import { paths } from '../config/paths.ts';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { fetchDevProductList } from '../lib/api.ts';
import { groupProductList, type ProductListGroups } from './product-list.ts';

type State = { status: 'hidden' } | { status: 'error' } | { status: 'ready'; groups: ProductListGroups };

/**
 * Reads the links before the page shows, so it appears whole: a list arriving after the first paint
 * pushed the page down (a layout shift). Production has no such page, and asks nothing.
 */
export async function productListLoader({ request }: { request: Request }): Promise<State> {
  const config = await loadAppConfig();
  if (config.isProduction || !config.isLoaded) return { status: 'hidden' };
  try {
    return { status: 'ready', groups: groupProductList(await fetchDevProductList(request.signal)) };
  } catch {
    return { status: 'error' };
  }
}

/** /productlist (non-production only): test links grouped by category (spec 001 §2.13). */
export function ProductListPage() {
  const state = useLoaderData<State>();
  if (state.status === 'hidden') return <NotFoundPage />;
  return <ProductList state={state} />;
}

function ProductList({ state }: { state: Exclude<State, { status: 'hidden' }> }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const title = t('dev.productListTitle');
  usePageTitle(title);

  return (
    <div className="panel panel--wide">
      <PageHeading>{title}</PageHeading>
      <p>{t('dev.productListIntro')}</p>
      <p>
        <Link className="button button--secondary" to={paths.diagnostics}>
          {t('dev.toDiagnostics')}
        </Link>
      </p>
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
