import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, createI18n, switchLanguage, translate } from './i18n.ts';

describe('the interface texts', () => {
  it('puts values in and leaves a placeholder without a value as it is', () => {
    expect(translate('en', 'layout.stepBanner', { current: 2, total: 4 })).toBe('STEP 2/4');
    expect(translate('en', 'layout.stepBanner', { current: 2 })).toBe('STEP 2/{{total}}');
  });

  it("chooses the plural form by the language's rules", () => {
    expect(translate('en', 'confirmProducts.lead', { count: 1 })).toBe(
      "Check the account you're applying for.",
    );
    expect(translate('en', 'confirmProducts.lead', { count: 2 })).toBe(
      "Check the accounts you're applying for.",
    );
    // French counts 0 and 1 as one; English counts 0 as other.
    expect(translate('fr', 'confirmProducts.periodTypes.Years', { count: 0 })).toBe(
      translate('fr', 'confirmProducts.periodTypes.Years', { count: 1 }),
    );
    expect(translate('en', 'confirmProducts.periodTypes.Years', { count: 0 })).toBe('Years');
  });

  it('shows a missing key as itself', () => {
    expect(translate('en', 'no.such.text')).toBe('no.such.text');
  });

  it('switches language for every reader, mirrored on <html lang> and kept for the next visit', async () => {
    const i18n = createI18n('en');
    const listener = vi.fn();
    i18n.subscribe(listener);
    expect(i18n.t('common.continue')).toBe('Continue');
    await switchLanguage(i18n, 'fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('common.continue')).toBe('Continuer');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(createI18n().language).toBe('fr');
  });

  it("a later screen opened before the visitor's language is here fetches that language, not English", async () => {
    vi.resetModules();
    const fetched: string[] = [];
    vi.doMock('./en.ts', async (original) => (fetched.push('en'), original()));
    vi.doMock('./fr.ts', async (original) => (fetched.push('fr'), original()));
    try {
      const fresh = await import('./i18n.ts');
      fresh.createI18n('fr');
      await fresh.loadShownTexts();
      expect(fetched).toEqual(['fr']);
    } finally {
      vi.doUnmock('./en.ts');
      vi.doUnmock('./fr.ts');
    }
  });
});
