/**
 * 'Review the legal terms' (its page is written by hand, steps/legal-terms): its section on 'Review your
 * application', so that the applicant sees every answer they certify before 'the information you gave is
 * true and complete': where they pay tax, political exposure, work and the membership's use. Changed on
 * the step's own page (its Change link).
 */
import { LEGAL_TERMS_YES_NO_QUESTIONS } from '@omo/domain';
import type { ApplicationView } from '../lib/application-api.ts';
import type { TFunction } from '../i18n/i18n.ts';
import { declareScreen, type SummaryRow } from './screen.ts';

type LegalTerms = NonNullable<ApplicationView['legalTerms']>;

const yesNo = (t: TFunction, value: 'yes' | 'no') => t(value === 'yes' ? 'dev.yes' : 'dev.no');

// The review's rows: every yes/no answer but 'singleInstitution'.
const YES_NO_QUESTIONS = LEGAL_TERMS_YES_NO_QUESTIONS.filter(
  (question): question is Exclude<typeof question, 'singleInstitution'> => question !== 'singleInstitution',
);

function rowsOf(terms: LegalTerms, t: TFunction): SummaryRow[] {
  const rows: SummaryRow[] = YES_NO_QUESTIONS.map((question) => ({
    label: t(`legalTerms.questions.${question}`),
    value: yesNo(t, terms[question]),
  }));
  if (terms.occupation) rows.push({ label: t('legalTerms.occupation'), value: terms.occupation.name });
  rows.push(
    {
      label: t('legalTerms.natureOfBanking'),
      value: t(terms.natureOfBanking === 'Personal' ? 'legalTerms.personal' : 'legalTerms.personalBusiness'),
    },
    {
      label: t('legalTerms.primaryPurpose'),
      value: t(`legalTerms.purposes.${terms.primaryPurpose as '1'}`, { defaultValue: terms.primaryPurpose }),
    },
  );
  return rows;
}

export const screen = declareScreen({
  step: 'legalterms',
  titleKey: 'legalTerms.title',
  review: [
    {
      id: 'compliance',
      position: 60,
      titleKey: 'review.sections.compliance',
      isShown: ({ view }) => Boolean(view.legalTerms),
      rows: ({ data: { view }, t }) => rowsOf(view.legalTerms!, t),
      changeStep: 'legalterms',
    },
  ],
});
