/**
 * The review's Other section: the promo and referral codes given on 'Create your profile' (at most 12 each on
 * the review; referral begins with RF). The codes are the application's, given by the primary applicant:
 * the co-applicant's review has none.
 */
import { reviewCodesFormSchema } from '@omo/domain';
import { PromoCodeField, ReferralCodeField } from '../components/form/code-fields.tsx';
import { saveCodes } from '../lib/application-api.ts';
import { declareScreen, type AnswersForm, type FieldsProps } from './screen.ts';

type CodesValues = { promoCode: string; referralCode: string };
type CodesOutput = { promoCode?: string; referralCode?: string };

function CodesFields({ form, messageOf }: FieldsProps<CodesValues, CodesOutput>) {
  return (
    <>
      <PromoCodeField error={messageOf('promoCode')} registration={form.register('promoCode')} />
      <ReferralCodeField error={messageOf('referralCode')} registration={form.register('referralCode')} />
    </>
  );
}

const codesForm: AnswersForm<CodesValues, CodesOutput> = {
  fields: ['promoCode', 'referralCode'],
  schema: () => reviewCodesFormSchema as never,
  defaults: ({ view }) => ({ promoCode: view.promoCode, referralCode: view.referralCode }),
  save: (values) => saveCodes({ promoCode: values.promoCode ?? '', referralCode: values.referralCode ?? '' }),
  Fields: CodesFields,
};

/** 'Create your profile' has its own page (steps/create-profile); its codes are edited on the review. */
export const screen = declareScreen({
  step: 'createprofile',
  titleKey: 'createProfile.title',
  review: [
    {
      id: 'other',
      position: 50,
      titleKey: 'review.sections.other',
      isShown: ({ view }) => view.flow === 'single',
      rows: ({ data: { view }, t }) => [
        { label: t('createProfile.promoCode'), value: view.promoCode || t('review.none') },
        { label: t('createProfile.referralCode'), value: view.referralCode || t('review.none') },
      ],
      editor: codesForm,
    },
  ],
});
