/**
 * /single/confirmapplication and /joint/confirmapplication: the welcome page of a new member. It names the
 * institution and the first product the membership opened, shows the member number and how to sign in,
 * the debit card's delivery when one was ordered, the mobile app (store links and a QR code) and the
 * contact phone.
 */
import { MembershipShare } from '../components/membership-share.tsx';
import { useLoaderData } from 'react-router';
import { formatAmount, type AccountFunding } from '@omo/domain';
import { useTranslation } from '../i18n/use-translation.tsx';
import { QRCodeSVG } from 'qrcode.react';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { currentLang } from '../i18n/i18n.ts';
import { productDescription } from '../lib/product-text.ts';
import { EmailedNote } from './emailed-note.tsx';
import type { OutcomeData } from './outcome-loader.ts';
import { OutcomeNumber } from './outcome-number.tsx';
import './outcomes.css';

export function ConfirmApplicationPage() {
  const { t, i18n } = useTranslation();
  const { institutionName, contactPhone, onlineBankingUrl, mobileApp, eTransferEmail } = useAppConfig();
  const { view, decision, flow, openedProducts } = useLoaderData<OutcomeData>();
  const lang = currentLang(i18n);
  // The primary applicant's funding of the accounts opened (the co-applicant's view holds none).
  const funding = ((view.answers.funding as { accounts: AccountFunding[] } | undefined)?.accounts ?? [])
    .map((account) => ({ account, product: openedProducts.find((p) => p.productID === account.productId) }))
    .filter((f) => f.product !== undefined);
  const title = t('outcomes.confirm.title', { institution: institutionName });
  usePageTitle(title);
  const first = openedProducts[0];
  const { primaryCustNo, jointCustNo } = decision.response;
  const memberNumber = (flow.kind === 'joint' ? jointCustNo : null) ?? primaryCustNo ?? '';

  return (
    <div className="panel outcome">
      <PageHeading>{title}</PageHeading>
      {first ? (
        <p className="lead">
          {t(jointCustNo ? 'outcomes.confirm.activatedJoint' : 'outcomes.confirm.activated', {
            product: productDescription(first, lang),
          })}
        </p>
      ) : null}
      <OutcomeNumber id="member-number-label" label={t('outcomes.confirm.memberNumber')}>
        {memberNumber}
      </OutcomeNumber>
      <p>{t('outcomes.confirm.signIn')}</p>
      <p>
        <a href={onlineBankingUrl}>{t('outcomes.confirm.signInLink')}</a>
      </p>
      {decision.debitCardOrdered ? <p>{t('outcomes.confirm.debitCard')}</p> : null}
      {funding.length > 0 ? (
        <section className="outcome__section" aria-labelledby="funding-title">
          <h2 className="form-section__title" id="funding-title">
            {t('outcomes.confirm.fundingTitle')}
          </h2>
          <ul className="outcome__funding">
            {funding.map(({ account, product }) => (
              <li key={account.productId}>
                {t(`outcomes.confirm.funding.${account.method}`, {
                  product: productDescription(product!, lang),
                  amount:
                    account.amountCents === null ? '' : formatAmount(account.amountCents, product!, lang),
                  email: eTransferEmail,
                  memberNumber,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <MembershipShare />
      <EmailedNote />

      <section className="outcome__section" aria-labelledby="mobile-app-title">
        <h2 className="form-section__title" id="mobile-app-title">
          {t('outcomes.confirm.appTitle')}
        </h2>
        <div className="outcome__app">
          <QRCodeSVG
            className="outcome__qr"
            value={mobileApp.url}
            size={144}
            marginSize={2}
            role="img"
            aria-label={t('outcomes.confirm.qrLabel', { institution: institutionName })}
          />
          <div>
            <p>{t('outcomes.confirm.appText')}</p>
            <ul className="outcome__stores">
              <li>
                <a href={mobileApp.appStoreUrl}>{t('outcomes.confirm.appStore')}</a>
              </li>
              <li>
                <a href={mobileApp.googlePlayUrl}>{t('outcomes.confirm.googlePlay')}</a>
              </li>
            </ul>
          </div>
        </div>
      </section>
      <p>
        <PhoneText i18nKey="outcomes.questions" phone={contactPhone} />
      </p>
    </div>
  );
}
