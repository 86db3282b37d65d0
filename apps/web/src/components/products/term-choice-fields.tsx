/**
 * The term choice of a product with term rates: 'Length and term' and 'Renewal option', each with a
 * toggletip (the step 'Confirm your application' and the review's Products section).
 */
import type { UseFormReturn } from 'react-hook-form';
import {
  PAYOUT_OPTION_MAX,
  renewalOptionValues,
  termPeriodValue,
  truncateOption,
  type ProductOffering,
  type TermChoiceForm,
} from '@omo/domain';
import { SelectField, type SelectOption } from '../form/select-field.tsx';
import { Toggletip } from '../toggletip.tsx';
import { currentLang, type Lang, type TFunction } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';

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
  const select = (
    name: 'termPeriod' | 'termOption',
    label: 'termLength' | 'renewal',
    options: ReturnType<typeof renewalOptions>,
  ) => (
    <SelectField
      id={name}
      label={t(`confirmProducts.${label}`)}
      labelExtra={
        <span className="field__tip">
          <Toggletip
            label={t(`confirmProducts.${label}Tooltip`)}
            text={t(`confirmProducts.${label}TooltipText`)}
          />
        </span>
      }
      error={messageOf(name)}
      options={options}
      registration={form.register(name)}
    />
  );
  return (
    <div className="product-card__terms">
      {select('termPeriod', 'termLength', termPeriodOptions(product, lang, t))}
      {select('termOption', 'renewal', renewalOptions(product, t))}
    </div>
  );
}
