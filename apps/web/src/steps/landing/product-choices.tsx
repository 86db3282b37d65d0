/**
 * The landing's products to choose from when none is known (a bare address, a session that ended in another
 * tab): choosing one starts as the landing's products do. Sent here ('#choose-account': 'No, Sign me up',
 * or Create your profile without a product), focus goes to its heading.
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProductOffering } from '@omo/domain';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { paths } from '../../config/paths.ts';
import { productDescription } from '../../lib/product-text.ts';
import { updateSlice } from '../../lib/session-state.ts';

const CHOOSE_ID = 'choose-account';

export default function ProductChoices({ choices }: { choices: ProductOffering[] }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hash === `#${CHOOSE_ID}`) heading.current?.focus();
  }, [hash]);
  return (
    <section className="product-choices" aria-labelledby={CHOOSE_ID}>
      <h2 className="section-heading" id={CHOOSE_ID} tabIndex={-1} ref={heading}>
        {t('landing.choose.title')}
      </h2>
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
