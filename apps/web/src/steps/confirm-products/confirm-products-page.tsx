import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  PAYOUT_OPTION_MAX,
  hasTermRates,
  nextRoute,
  pathOf,
  renewalOptionValues,
  termChoiceFormSchema,
  termPeriodValue,
  truncateOption,
  type ProductOffering,
  type TermChoiceForm,
} from '@omo/domain';
import { StepFormTop } from '../../components/form/step-form-top.tsx';
import { SelectField, type SelectOption } from '../../components/form/select-field.tsx';
import { useFormErrors } from '../../components/form/use-form-errors.ts';
import { Toggletip } from '../../components/toggletip.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { flowOfPath, handleStepSubmitError, saveProducts } from '../../lib/application-api.ts';
import { updateSlice } from '../../lib/session-state.ts';
import type { StepData } from '../personal-info/personal-info-loader.ts';
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
      // '1 Year', '18 Months': the unit follows the number (i18next plural rules).
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

/**
 * 'Confirm your application' (spec 000 §2, §4): the product card(s); for a product with term rates the
 * 'Length and term' and 'Renewal option' selects (required only then), each with a toggletip.
 */
export function ConfirmProductsPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const { view, products } = useLoaderData<StepData>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const flow = flowOfPath(pathname);
  const termProduct = products.find((p) => hasTermRates(p));
  const schema = useMemo(() => termChoiceFormSchema(termProduct), [termProduct]);
  const isInterestBearing = products.some((p) => p.isInterestBearing);

  const { register, handleSubmit, setError, formState } = useForm<TermChoiceForm, unknown, TermChoiceForm>({
    // The error summary takes focus, not the first field (GOV.UK).
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: {
      termPeriod: view.products?.termPeriod ?? '',
      termOption: view.products?.termOption ?? '',
    },
  });
  const { messageOf, summary } = useFormErrors(formState.errors, FIELDS);
  const title = t('confirmProducts.title');
  usePageTitle(title, summary.length > 0);

  const onSubmit = async (values: TermChoiceForm) => {
    try {
      const saved = await saveProducts(termProduct ? values : {});
      const next = saved.nextPath || (nextRoute(flow, 'confirmproducts', { isInterestBearing }) ?? '/');
      // The confirm-product group ends here unless the SIN step follows.
      if (next.toLowerCase() !== pathOf(flow, 'sin').toLowerCase()) {
        updateSlice('progress', { confirmProduct: true });
      }
      await navigate(next);
    } catch (error) {
      const outcome = await handleStepSubmitError(error, { setError, fields: FIELDS, navigate });
      if (outcome === 'failed') setError('root.server', { type: 'server', message: 'failed' });
    }
  };

  return (
    <div className="panel">
      <StepFormTop
        title={title}
        errors={summary}
        submitCount={formState.submitCount}
        hasSubmitFailed={Boolean(formState.errors.root?.server)}
      />
      <p className="lead">{t('confirmProducts.lead', { count: products.length })}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        {products.map((product) => (
          <ProductCard
            key={product.productID}
            product={product}
            lang={lang}
            headingId={`product-${product.productID}`}
          >
            {product === termProduct ? (
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
            ) : null}
          </ProductCard>
        ))}
        <div className="actions">
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {t('common.continue')}
          </button>
        </div>
      </form>
    </div>
  );
}
