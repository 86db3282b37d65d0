import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ProductOffering } from '@omo/domain';
import { WholeWords } from '../whole-words.tsx';
import { withFrenchArticle } from '../../i18n/article.ts';
import type { Lang } from '../../i18n/i18n.ts';
import { productText } from '../../lib/product-text.ts';

/**
 * The product card of 'Confirm your application': description, up to five detail lines, the LEARN MORE
 * link (new tab, announced) and the disclaimers; `children` holds the term choices of a term product.
 */
export function ProductCard({
  product,
  lang,
  headingId,
  children,
}: {
  product: ProductOffering;
  lang: Lang;
  headingId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const text = productText(product, lang);
  return (
    <section className="product-card" aria-labelledby={headingId}>
      <h2 className="product-card__title" id={headingId}>
        <WholeWords text={text.description} />
      </h2>
      {text.lines.length > 0 ? (
        <ul className="product-card__lines">
          {text.lines.map((line) => (
            <li key={line}>
              <WholeWords text={line} />
            </li>
          ))}
        </ul>
      ) : null}
      {product.moreInfoURL ? (
        <p className="product-card__more">
          <a href={product.moreInfoURL} target="_blank" rel="noopener noreferrer">
            {t('confirmProducts.learnMore')}
            <span className="visually-hidden">
              {' '}
              {t('confirmProducts.learnMoreLabel', {
                product: lang === 'fr' ? withFrenchArticle(text.description) : text.description,
              })}{' '}
              {t('common.opensInNewTab')}
            </span>
          </a>
        </p>
      ) : null}
      {children}
      {text.disclaimers.length > 0 ? (
        <div className="product-card__disclaimers">
          <h3 className="visually-hidden">{t('confirmProducts.disclaimers')}</h3>
          {text.disclaimers.map((d) => (
            <p key={d}>{d}</p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
