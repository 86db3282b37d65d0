import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ProductOffering } from '@omo/domain';
import { ProductCardFrame } from './product-card-frame.tsx';
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
    <ProductCardFrame headingId={headingId} title={text.description} lines={text.lines}>
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
    </ProductCardFrame>
  );
}
