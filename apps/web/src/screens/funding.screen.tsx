/**
 * 'How would you like to fund your account?' (ours, after the products are confirmed): for each account, a
 * method (Interac e-Transfer, a cheque or cash at a branch, or later) and, unless later, the amount of the
 * first deposit: at least the product's minimum opening deposit, for TFSA and FHSA at most the annual
 * contribution limit (the catalogue's data, checked by the domain's `fundingFormSchema`). Nothing about a
 * bank account is asked. Its review section: each account's funding, edited by the primary applicant.
 */
import { useWatch } from 'react-hook-form';
import {
  formatAmount,
  FUNDING_METHODS,
  fundingFieldsOf,
  fundingFormSchema,
  offersProductChoice,
  type AccountFunding,
  type ProductOffering,
} from '@omo/domain';
import { TextField } from '../components/form/field.tsx';
import { ProductCard } from '../components/products/product-card.tsx';
import '../components/products/products.css';
import { RadioGroup } from '../components/form/radio-group.tsx';
import type { Lang, TFunction } from '../i18n/i18n.ts';
import { currentLang } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { saveStepAnswer } from '../lib/application-api.ts';
import { productText } from '../lib/product-text.ts';
import type { StepData } from '../lib/step.ts';
import { declareScreen, type AnswersForm, type FieldsProps } from './screen.ts';

type Values = Record<string, string>;

/** The saved funding, when there is one. */
const savedOf = ({ view }: StepData) =>
  (view.answers.funding as { accounts: AccountFunding[] } | undefined)?.accounts;

const fundingForm: AnswersForm<Values, Values> = {
  fields: ({ products }) => products.flatMap((p) => Object.values(fundingFieldsOf(p.productID)) as string[]),
  schema: ({ products }) => fundingFormSchema(products),
  defaults: (data) => {
    const saved = savedOf(data);
    return Object.fromEntries(
      data.products.flatMap((p) => {
        const field = fundingFieldsOf(p.productID);
        const account = saved?.find((a) => a.productId === p.productID);
        const cents = account?.amountCents;
        return [
          [field.method, account?.method ?? ''],
          [field.amount, cents == null ? '' : (cents / 100).toFixed(2)],
        ];
      }),
    );
  },
  save: (values) => saveStepAnswer('funding', values),
  Fields: FundingFields,
};

/** One account: its method, and its amount unless later. */
function AccountFundingFields({
  product,
  form,
  messageOf,
}: Pick<FieldsProps<Values, Values>, 'form' | 'messageOf'> & { product: ProductOffering }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const name = productText(product, lang).description;
  const field = fundingFieldsOf(product.productID);
  const method = useWatch({ control: form.control, name: field.method });
  const { minOpeningDeposit, annualContributionLimit } = product.funding;
  const hint = [
    t('funding.minimum', { amount: formatAmount(minOpeningDeposit * 100, product, lang) }),
    annualContributionLimit === null
      ? ''
      : t('funding.limit', { amount: formatAmount(annualContributionLimit * 100, product, lang) }),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="form-section">
      <RadioGroup
        id={field.method}
        legend={t('funding.method', { product: name })}
        isLegendHeading
        error={messageOf(field.method)}
        options={FUNDING_METHODS.map((m) => ({
          value: m,
          label: t(`funding.methods.${m}`),
          hint: t(`funding.methodHints.${m}`),
        }))}
        registration={form.register(field.method, {
          onChange: (event: { target: { value: string } }) => {
            if (event.target.value !== 'later') return;
            form.setValue(field.amount, '');
            form.clearErrors(field.amount);
          },
        })}
      />
      {method && method !== 'later' ? (
        <div className="conditional">
          <TextField
            id={field.amount}
            label={t('funding.amount', { product: name })}
            hint={hint}
            error={messageOf(field.amount)}
            inputMode="decimal"
            autoComplete="off"
            className="field__input--short"
            trimOnBlur
            registration={form.register(field.amount)}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Each account's funding; when no product offers a choice there is no 'Confirm your application' screen
 * (decision 0101), so each account's funding is asked inside its product card, where the applicant reads it.
 */
function FundingFields({ form, messageOf, data }: FieldsProps<Values, Values>) {
  const { i18n } = useTranslation();
  const lang = currentLang(i18n);
  const showsCards = !offersProductChoice(data.products);
  return data.products.map((product) => {
    const fields = (
      <AccountFundingFields key={product.productID} product={product} form={form} messageOf={messageOf} />
    );
    return showsCards ? (
      <ProductCard
        key={product.productID}
        product={product}
        lang={lang}
        headingId={`product-${product.productID}`}
      >
        {fields}
      </ProductCard>
    ) : (
      fields
    );
  });
}

/** One account's funding as the review states it. */
function fundingText(account: AccountFunding, product: ProductOffering, t: TFunction, lang: Lang) {
  const method = t(`funding.methods.${account.method}`);
  return account.amountCents === null
    ? method
    : t('funding.review.amountBy', { amount: formatAmount(account.amountCents, product, lang), method });
}

export const screen = declareScreen({
  step: 'funding',
  titleKey: 'funding.title',
  lead: (t, { products }) => t('funding.lead', { count: products.length }),
  form: fundingForm,
  review: [
    {
      id: 'funding',
      position: 45,
      titleKey: 'funding.review.title',
      isShown: (data: StepData) => Boolean(savedOf(data)),
      rows: ({ data, t, lang }) =>
        data.products.map((product) => {
          const account = savedOf(data)?.find((a) => a.productId === product.productID);
          return {
            label: productText(product, lang).description,
            value: account ? fundingText(account, product, t, lang) : t('review.none'),
          };
        }),
      editor: fundingForm,
      // The accounts are the application's: only the primary applicant changes their funding.
      isEditable: ({ view }: StepData) => view.flow === 'single',
    },
  ],
});
