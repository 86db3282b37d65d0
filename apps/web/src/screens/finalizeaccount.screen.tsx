/**
 * 'Finalize your account' (its page is written by hand, steps/finalize-account): its section on 'Review
 * your application', each account's use as answered (how money comes in, how deposits are made), so that
 * the applicant sees it before certifying their answers. Changed on the step's own page (its Change link).
 */
import { productText } from '../lib/product-text.ts';
import type { TFunction } from '../i18n/i18n.ts';
import { Lines } from './lines.tsx';
import { declareScreen } from './screen.ts';

const CREDIT = ['cash', 'cheque', 'payroll', 'eft'] as const;
const DEPOSIT = ['branch', 'atm', 'wires', 'eft'] as const;

type Usage = {
  creditSources: Partial<Record<(typeof CREDIT)[number], number>>;
  depositSources: Partial<Record<(typeof DEPOSIT)[number], number>>;
};

/** Each answered row: '<source>: <how often>' (a row the shorter form does not ask is left out). */
function linesOf(usage: Usage, t: TFunction): string[] {
  const line = (label: string, answer: number | undefined) =>
    answer === undefined ? [] : [`${label}: ${t(`finalizeAccount.answers.${String(answer) as '0'}`)}`];
  return [
    ...CREDIT.flatMap((s) => line(t(`finalizeAccount.creditSources.${s}`), usage.creditSources[s])),
    ...DEPOSIT.flatMap((s) => line(t(`finalizeAccount.depositSources.${s}`), usage.depositSources[s])),
  ];
}

export const screen = declareScreen({
  step: 'finalizeaccount',
  titleKey: 'finalizeAccount.title',
  review: [
    {
      id: 'accountUse',
      position: 55,
      titleKey: 'review.sections.accountUse',
      isShown: ({ view }) => Boolean(view.accountUsage),
      rows: ({ data: { view, products }, t, lang }) =>
        products.map((product) => {
          const usage = view.accountUsage?.[product.productID] as Usage | undefined;
          return {
            label: productText(product, lang).description,
            value: usage ? <Lines lines={linesOf(usage, t)} /> : t('review.none'),
          };
        }),
      changeStep: 'finalizeaccount',
    },
  ],
});
