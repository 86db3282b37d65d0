/**
 * /single/confirmapplication and /joint/confirmapplication: the welcome page of a new member. It names the
 * institution and the first product the membership opened, shows the member number and how to sign in,
 * the debit card's delivery when one was ordered, the mobile app (store links and a QR code) and the
 * contact phone.
 */
import { MembershipShare } from '../components/membership-share.tsx';
import { useLoaderData } from 'react-router';
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
import './outcomes.css';

export function ConfirmApplicationPage() {
  const { t, i18n } = useTranslation();
  const { institutionName, contactPhone, onlineBankingUrl, mobileApp } = useAppConfig();
  const { decision, flow, openedProducts } = useLoaderData<OutcomeData>();
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
          {t('outcomes.confirm.activated', { product: productDescription(first, currentLang(i18n)) })}
        </p>
      ) : null}
      <div className="outcome__highlight">
        <p className="outcome__label" id="member-number-label">
          {t('outcomes.confirm.memberNumber')}
        </p>
        <p className="outcome__number" aria-labelledby="member-number-label">
          {memberNumber}
        </p>
      </div>
      <p>{t('outcomes.confirm.signIn')}</p>
      <p>
        <a href={onlineBankingUrl}>{t('outcomes.confirm.signInLink')}</a>
      </p>
      {decision.debitCardOrdered ? <p>{t('outcomes.confirm.debitCard')}</p> : null}
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
