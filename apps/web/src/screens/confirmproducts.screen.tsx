/**
 * 'Confirm your application' (spec 000 §2, §4): the product card(s); for a product with term rates the
 * 'Length and term' and 'Renewal option' selects (required only then). Its review section: the products and
 * the term chosen, the term edited by the primary applicant only (the products are the application's).
 */
import { hasTermRates, termChoiceFormSchema, type ProductOffering, type TermChoiceForm } from '@omo/domain';
import { ProductCard } from '../components/products/product-card.tsx';
import { productText } from '../lib/product-text.ts';
import {
  TermChoiceFields,
  renewalOptions,
  termPeriodOptions,
} from '../components/products/term-choice-fields.tsx';
import '../components/products/products.css';
import { useTranslation } from '../i18n/use-translation.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { saveProducts } from '../lib/application-api.ts';
import type { StepData } from '../lib/step.ts';
import { declareScreen, type AnswersForm, type FieldsProps, type SummaryRow } from './screen.ts';

/** The product whose term the applicant chooses (at most one has term rates). */
const termProductOf = (products: readonly ProductOffering[]) => products.find((p) => hasTermRates(p));

const termForm: AnswersForm<TermChoiceForm, TermChoiceForm> = {
  fields: ['termPeriod', 'termOption'],
  schema: ({ products }) => termChoiceFormSchema(termProductOf(products)),
  defaults: ({ view }) => ({
    termPeriod: view.products?.termPeriod ?? '',
    termOption: view.products?.termOption ?? '',
  }),
  save: (values, { products }) => saveProducts(termProductOf(products) ? values : {}),
  Fields: ({ form, messageOf, data }) => {
    const product = termProductOf(data.products);
    return product ? <TermChoiceFields product={product} form={form} messageOf={messageOf} /> : null;
  },
};

/** The step: every product's card, the term choice inside the card of the product with term rates. */
function ProductCards({ form, messageOf, data }: FieldsProps<TermChoiceForm, TermChoiceForm>) {
  const { i18n } = useTranslation();
  const lang = currentLang(i18n);
  const termProduct = termProductOf(data.products);
  return data.products.map((product) => (
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
  ));
}

export const screen = declareScreen({
  step: 'confirmproducts',
  titleKey: 'confirmProducts.title',
  lead: (t, { products }) => t('confirmProducts.lead', { count: products.length }),
  form: { ...termForm, Fields: ProductCards },
  review: [
    {
      id: 'products',
      position: 40,
      titleKey: 'review.sections.products',
      rows: ({ data: { view, products }, t, lang }) => {
        // A joint application's accounts are labelled joint on both applicants' reviews.
        const isJoint = view.flow === 'joint' || view.personalInfo?.hasJointApp === 'yes';
        const rows: SummaryRow[] = products.map((p, i) => {
          const name = productText(p, lang).description;
          return {
            label: t('review.product', { number: i + 1 }),
            value: isJoint ? t('jointStart.jointAccount', { product: name }) : name,
          };
        });
        const termProduct = termProductOf(products);
        if (termProduct && view.products) {
          const labelOf = (
            options: { value: string; fullLabel?: string; label: string }[],
            value: string,
          ) => {
            const option = options.find((o) => o.value === value);
            return option ? (option.fullLabel ?? option.label) : value;
          };
          rows.push(
            {
              label: t('confirmProducts.termLength'),
              value: labelOf(termPeriodOptions(termProduct, lang, t), view.products.termPeriod),
            },
            {
              label: t('confirmProducts.renewal'),
              value: labelOf(renewalOptions(termProduct, t), view.products.termOption),
            },
          );
        }
        return rows;
      },
      editor: termForm,
      // The products and their term are the application's: only the primary applicant changes them.
      isEditable: ({ view, products }: StepData) =>
        Boolean(termProductOf(products)) && view.flow === 'single',
    },
  ],
});
