/**
 * The membership share every member buys: its price (configuration), when and how it is taken, and that it
 * is refunded. Stated before the terms are accepted and on the welcome page (issue 24, item 9).
 */
import { useTranslation } from '../i18n/use-translation.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { useAppConfig } from '../config/use-app-config.ts';

/** '5.00' as the language writes an amount in dollars: '$5.00' / '5,00 $'. */
function dollars(amount: string, lang: 'en' | 'fr'): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency: 'CAD' })
    .format(Number(amount))
    .replace('CA', '');
}

export function MembershipShare({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const { membershipSharePrice } = useAppConfig();
  const price = dollars(membershipSharePrice, currentLang(i18n));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="membership-share" aria-labelledby="membership-share-title">
      <Heading className="form-section__title" id="membership-share-title">
        {t('membershipShare.title')}
      </Heading>
      <p>{t('membershipShare.price', { price })}</p>
      <p>{t('membershipShare.when', { price })}</p>
      <p>{t('membershipShare.refund')}</p>
    </section>
  );
}
