import { useMemo } from 'react';
import { useLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { TFunction } from '../../i18n/i18n.ts';
import type { UseFormReturn } from 'react-hook-form';
import {
  PAYOUT_OPTION_MAX,
  hasTermRates,
  renewalOptionValues,
  termChoiceFormSchema,
  termPeriodValue,
  truncateOption,
  type ProductOffering,
  type TermChoiceForm,
} from '@omo/domain';
import { StepForm } from '../../components/form/step-form.tsx';
import { SelectField, type SelectOption } from '../../components/form/select-field.tsx';
import { Toggletip } from '../../components/toggletip.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { saveProducts } from '../../lib/application-api.ts';
import { useStepForm, type StepData } from '../../lib/step.ts';
import { ProductCard } from './product-card.tsx';
import './confirm-products.css';

const FIELDS = ['termPeriod', 'termOption'] as const;

/**
 * 'Length and term' options of a term product: the value is the spec's text 'period periodType rate%';
 * the label is that text in the interface language, truncated to 24 characters (full text in title/aria).
 */
export function termPeriodOptions(product: ProductOffering, lang: Lang, t: TFunction): SelectOption[] {
  const rates = product.termDepositAcctConfig?.termRate ?? [];
  const number = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 3 });
  return rates.map((r) => {
    const full = t('confirmProducts.termOptionText', {
      period: r.period,
      // '1 Year', '18 Months': the unit follows the number (the language's plural rules).
      periodType: t(`confirmProducts.periodTypes.${r.periodType}`, { count: Number(r.period) }),
      rate: number.format(r.rate),
    });
    return { value: termPeriodValue(r), label: truncateOption(full), fullLabel: full };
  });
}

/** 'Renewal option' choices: rollover and transfer, plus payout when the product allows it at maturity. */
export function renewalOptions(product: ProductOffering, t: TFunction): SelectOption[] {
  const option = (value: string, full: string, max?: number) => ({
    value,
    label: truncateOption(full, max),
    fullLabel: full,
  });
  const labels: Record<string, [string, number | undefined]> = {
    rollover: [t('confirmProducts.renewalRollover'), undefined],
    transfer: [t('confirmProducts.renewalTransfer'), undefined],
    payout: [t('confirmProducts.renewalPayout'), PAYOUT_OPTION_MAX],
  };
  const options = renewalOptionValues(product).map((value) => {
    const [full, max] = labels[value] ?? [value, undefined];
    return option(value, full, max);
  });
  return options;
}

/** 'Length and term' and 'Renewal option' of a product with term rates (the step and the review's Products). */
export function TermChoiceFields({
  product,
  form,
  messageOf,
}: {
  product: ProductOffering;
  form: UseFormReturn<TermChoiceForm, unknown, TermChoiceForm>;
  messageOf: (name: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const { register } = form;
  return (
    <div className="product-card__terms">
      <SelectField
        id="termPeriod"
        label={t('confirmProducts.termLength')}
        labelExtra={
          <span className="field__tip">
            <Toggletip
              label={t('confirmProducts.termLengthTooltip')}
              text={t('confirmProducts.termLengthTooltipText')}
            />
          </span>
        }
        error={messageOf('termPeriod')}
        options={termPeriodOptions(product, lang, t)}
        registration={register('termPeriod')}
      />
      <SelectField
        id="termOption"
        label={t('confirmProducts.renewal')}
        labelExtra={
          <span className="field__tip">
            <Toggletip
              label={t('confirmProducts.renewalTooltip')}
              text={t('confirmProducts.renewalTooltipText')}
            />
          </span>
        }
        error={messageOf('termOption')}
        options={renewalOptions(product, t)}
        registration={register('termOption')}
      />
    </div>
  );
}

/**
 * 'Confirm your application' (spec 000 §2, §4): the product card(s); for a product with term rates the
 * 'Length and term' and 'Renewal option' selects (required only then), each with a toggletip.
 */
export function ConfirmProductsPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const { view, products } = useLoaderData<StepData>();
  const termProduct = products.find((p) => hasTermRates(p));
  const { form, onSubmit, messageOf, summary, hasSubmitFailed } = useStepForm<TermChoiceForm, TermChoiceForm>(
    {
      schema: useMemo(() => termChoiceFormSchema(termProduct), [termProduct]),
      defaultValues: {
        termPeriod: view.products?.termPeriod ?? '',
        termOption: view.products?.termOption ?? '',
      },
      fields: FIELDS,
      save: (values) => saveProducts(termProduct ? values : {}),
    },
  );
  const { formState } = form;
  const title = t('confirmProducts.title');
  usePageTitle(title, summary.length > 0);

  return (
    <StepForm
      title={title}
      lead={t('confirmProducts.lead', { count: products.length })}
      summary={summary}
      submitCount={formState.submitCount}
      hasSubmitFailed={hasSubmitFailed}
      isSubmitting={formState.isSubmitting}
      onSubmit={onSubmit}
    >
      {products.map((product) => (
        <ProductCard
          key={product.productID}
          product={product}
          lang={lang}
          headingId={`product-${product.productID}`}
        >
          {product === termProduct ? (
            <TermChoiceFields product={product} form={form} messageOf={messageOf} />
          ) : null}
        </ProductCard>
      ))}
    </StepForm>
  );
}
