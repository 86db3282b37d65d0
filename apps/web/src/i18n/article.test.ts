import { describe, expect, it } from 'vitest';
import { frenchInlineName, indefiniteArticle, listHeadingParts, withFrenchArticle } from './article.ts';

describe('indefiniteArticle', () => {
  it.each([
    ['Everyday Chequing', 'an'],
    ['everyday chequing', 'an'],
    ['Advantage Savings', 'an'],
    ['  Unlimited Chequing', 'an'],
    ['Outstanding', 'an'],
    ['Interest Plus', 'an'],
    ['Student Chequing', 'a'],
    ['TFSA Savings', 'a'],
    ['', 'a'],
  ])('%s → %s', (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });
});

describe('listHeadingParts', () => {
  it('drops the repeated word account in English', () => {
    expect(listHeadingParts('Everyday Chequing Account', 'en')).toEqual({
      key: 'listHeadingAccount',
      article: 'an',
      product: 'Everyday Chequing Account',
    });
    expect(listHeadingParts('Student Chequing', 'en').key).toBe('listHeading');
    // 'To open a Tax-Free Savings Account (TFSA)...', not '... (TFSA) account...'.
    expect(listHeadingParts('Tax-Free Savings Account (TFSA)', 'en').key).toBe('listHeadingAccount');
    expect(listHeadingParts('Registered Retirement Savings Plan (RRSP)', 'en').key).toBe('listHeading');
  });

  it('uses French names inline, keeping acronyms', () => {
    expect(frenchInlineName('Compte chèques Quotidien')).toBe('compte chèques Quotidien');
    expect(frenchInlineName('CPG non rachetable de 1 an')).toBe('CPG non rachetable de 1 an');
    expect(listHeadingParts('Régime enregistré', 'fr').product).toBe('régime enregistré');
  });
});

describe('French articles and elision', () => {
  it("puts 'le' or 'l’' before a product name used inside a sentence", () => {
    expect(withFrenchArticle('Compte chèques Quotidien')).toBe('le compte chèques Quotidien');
    expect(withFrenchArticle('CPG non rachetable de 1 an')).toBe('le CPG non rachetable de 1 an');
    expect(withFrenchArticle('Épargne-objectif')).toBe('l’épargne-objectif');
  });
});
