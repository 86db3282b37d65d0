/**
 * A product's name as the applicant reads it, in their language ('Everyday Chequing', 'Compte chèques…'):
 * the French name from the product's `fr` block, else the English one. A module of its own, importing
 * nothing: the first screen reads it without the steps' schemas.
 */
export function productNameIn(
  product: { description: string; fr?: { description?: string | null } | null },
  language: 'en' | 'fr',
): string {
  return (language === 'fr' && product.fr?.description) || product.description;
}
