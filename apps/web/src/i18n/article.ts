import { FRENCH_ELIDES, type Language } from '@omo/domain';

/**
 * English indefinite article for a product description: 'an' before a vowel letter, otherwise 'a'
 * (spec: 'To open a/an {product} account...'). Decided by the first letter, as the spec says; acronyms
 * read letter by letter (e.g. "RRSP") are not special-cased.
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word.trim()) ? 'an' : 'a';
}

/**
 * A French product name with its definite article, for use inside a sentence: "le compte chèques
 * quotidien", "le CPG non rachetable de 1 an", "l’épargne…". Every product of the catalogue is masculine.
 */
export function withFrenchArticle(name: string): string {
  const inline = frenchInlineName(name.trim());
  return FRENCH_ELIDES.test(inline) ? `l’${inline}` : `le ${inline}`;
}

/** Lower-cases the first letter of a French product name unless its first word is an acronym ("CPG"). */
export function frenchInlineName(name: string): string {
  const first = name.split(/\s/)[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return name;
  return name.charAt(0).toLocaleLowerCase('fr-CA') + name.slice(1);
}

/**
 * Parts of the getstarted list heading 'To open a/an {product} account...': which i18n key and which
 * values. English drops the word "account" when the description already ends with it ("Everyday Chequing
 * Account"); French names already carry their noun ("Compte chèques…", "CPG…"), so they are used inline.
 */
export function listHeadingParts(
  product: string,
  lang: Language,
): { key: 'listHeading' | 'listHeadingAccount'; article: 'a' | 'an'; product: string } {
  if (lang === 'fr') return { key: 'listHeadingAccount', article: 'a', product: frenchInlineName(product) };
  // 'Tax-Free Savings Account (TFSA)' ends with 'account' too, before its abbreviation.
  const key = /\baccount(?:\s*\([^)]*\))?$/i.test(product.trim()) ? 'listHeadingAccount' : 'listHeading';
  return { key, article: indefiniteArticle(product), product };
}
