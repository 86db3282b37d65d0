/** A product's texts in the interface language (French from the product's `fr` block, English otherwise). */
import { productNameIn, type ProductOffering } from '@omo/domain';
import type { Lang } from '../i18n/i18n.ts';

const LINES = ['line1', 'line2', 'line3', 'line4', 'line5'] as const;

/** The product's name as the applicant reads it ('Everyday Chequing', 'Compte chèques quotidien'). */
export function productDescription(product: ProductOffering, lang: Lang): string {
  return productNameIn(product, lang);
}

/** The product's name, its detail lines and its disclaimers. */
export function productText(product: ProductOffering, lang: Lang) {
  const fr = lang === 'fr' ? product.fr : undefined;
  const lines = LINES.map((key) => (fr ? (fr[key] ?? product[key]) : product[key])).filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  return {
    description: productDescription(product, lang),
    lines,
    disclaimers: fr && fr.disclaimers.length > 0 ? fr.disclaimers : product.disclaimers,
  };
}
