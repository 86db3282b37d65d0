/**
 * /joint/getstarted: the co-applicant's start page says who invited them and to what ("Sam Okafor has
 * invited you to open a joint Everyday Chequing Account"), and shows each account with its features and
 * fees, before the same list of what they need as the primary's.
 */
import { useLoaderData } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { PhoneText } from '../../components/phone-text.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { ProductCardFrame } from '../../components/products/product-card-frame.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { productText } from '../../lib/product-text.ts';
import { GetStartedPage } from './get-started-page.tsx';
import type { JointStartState } from './joint-get-started-loader.ts';

/** An unknown or used invitation link: what happened and what to do. */
function UnknownInvitation() {
  const { t } = useTranslation();
  const { contactPhone } = useAppConfig();
  const title = t('jointStart.unknown.title');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('jointStart.unknown.text')}</p>
      <p>
        <PhoneText i18nKey="jointStart.unknown.help" phone={contactPhone} />
      </p>
    </div>
  );
}

export function JointGetStartedPage() {
  const { inviter } = useLoaderData<JointStartState>();
  return inviter ? <Invited inviter={inviter} /> : <UnknownInvitation />;
}

function Invited({ inviter }: { inviter: NonNullable<JointStartState['inviter']> }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const { selectedProducts } = useLoaderData<JointStartState>();
  const names = selectedProducts.map((p) => productText(p, lang).description);
  const inviterName = `${inviter.firstName} ${inviter.lastName}`.trim();
  return (
    <GetStartedPage
      intro={
        <>
          <p className="lead">
            {inviterName && names.length > 0
              ? t('jointStart.invited', {
                  name: inviterName,
                  products: names.join(lang === 'fr' ? ' et ' : ' and '),
                })
              : t('getStarted.subtitle')}
          </p>
          {selectedProducts.map((product) => {
            const text = productText(product, lang);
            return (
              <ProductCardFrame
                key={product.productID}
                headingId={`joint-product-${product.productID}`}
                title={t('jointStart.jointAccount', { product: text.description })}
                lines={text.lines}
              />
            );
          })}
          <p>{t('jointStart.owners', { name: inviter.firstName })}</p>
        </>
      }
    />
  );
}
