/**
 * The edit modes of the review's sections. Each reuses its step screen's fields and the domain schema of
 * that step, and saves through the step's PUT: the server checks the edit against the whole application
 * (the products' age limits, the province's age of majority, the SIN rules) as it did on the step.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  addressFormSchema,
  flagsOf,
  personalInfoContextOf,
  personalInfoFormSchema,
  provinceOfAddress,
  reviewCodesFormSchema,
  sinDigits,
  sinFormSchema,
  termChoiceFormSchema,
  type PersonalInfoForm,
  type PersonalInfoFormInput,
  type ProductOffering,
  type TermChoiceForm,
} from '@omo/domain';
import { TextField } from '../../components/form/field.tsx';
import {
  saveAddress,
  saveCodes,
  savePersonalInfo,
  saveProducts,
  saveSin,
  type ApplicationView,
} from '../../lib/application-api.ts';
import { AddressFields } from '../address/address-fields.tsx';
import {
  ADDRESS_FIELD_ORDER,
  addressFormValuesOf,
  type AddressFormOutput,
  type AddressFormValues,
} from '../address/address-form.ts';
import { TermChoiceFields } from '../confirm-products/confirm-products-page.tsx';
import { JointApplicantFields, PersonalDetailsFields } from '../personal-info/personal-info-fields.tsx';
import { SinField } from '../sin/sin-field.tsx';
import { SectionForm, useSectionForm } from './section-form.tsx';

export interface EditorProps {
  title: string;
  view: ApplicationView;
  products: ProductOffering[];
  onSaved: (view: ApplicationView) => void;
  onCancel: () => void;
  onErrors: (hasErrors: boolean) => void;
}

export const PERSONAL_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'dob_month',
  'dob_day',
  'dob_year',
  'phoneNumber',
  'phoneType',
] as const;
export const JOINT_FIELDS = ['jointFirstName', 'jointLastName', 'jointEmail'] as const;

const BLANK_PERSONAL: PersonalInfoFormInput = {
  firstName: '',
  middleName: '',
  lastName: '',
  dob_month: '',
  dob_day: '',
  dob_year: '',
  phoneNumber: '',
  jointFirstName: '',
  jointLastName: '',
  jointEmail: '',
} as PersonalInfoFormInput;

/**
 * Personal Details or Co-applicant Details: the personal-information form with only that section's fields
 * shown. The save sends the saved answers with this section's fields replaced, so two sections edited at
 * once never undo each other.
 */
function PersonalInfoEditor({
  title,
  view,
  products,
  onSaved,
  onCancel,
  onErrors,
  id,
  fields,
  latestView,
}: EditorProps & {
  id: 'personal' | 'joint';
  fields: readonly (keyof PersonalInfoFormInput)[];
  latestView: () => ApplicationView;
}) {
  const context = useMemo(
    () =>
      personalInfoContextOf(
        {
          flowKind: view.flow,
          products,
          email: view.email,
          sweepEnabled: view.sweepEnabled,
          today: new Date(),
        },
        provinceOfAddress(view.address),
      ),
    [view.flow, products, view.email, view.sweepEnabled, view.address],
  );
  const schema = useMemo(() => personalInfoFormSchema(context), [context]);
  const { form, onSubmit, messageOf, summary, hasSaveFailed } = useSectionForm<
    PersonalInfoFormInput,
    PersonalInfoForm
  >({
    schema,
    defaultValues: { ...BLANK_PERSONAL, ...(view.personalInfo ?? {}) },
    fields,
    save: (values) => {
      const edited = Object.fromEntries(fields.map((f) => [f, values[f]]));
      return savePersonalInfo({
        ...(latestView().personalInfo ?? {}),
        ...edited,
      } as PersonalInfoFormInput);
    },
    onSaved,
  });
  return (
    <SectionForm
      id={id}
      title={title}
      summary={summary}
      submitCount={form.formState.submitCount}
      hasSaveFailed={hasSaveFailed}
      isSubmitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onErrors={onErrors}
    >
      {id === 'personal' ? (
        <PersonalDetailsFields form={form} messageOf={messageOf} />
      ) : (
        <JointApplicantFields form={form} messageOf={messageOf} />
      )}
    </SectionForm>
  );
}

export function PersonalEditor(props: EditorProps & { latestView: () => ApplicationView }) {
  return <PersonalInfoEditor {...props} id="personal" fields={PERSONAL_FIELDS} />;
}

export function JointEditor(props: EditorProps & { latestView: () => ApplicationView }) {
  return <PersonalInfoEditor {...props} id="joint" fields={JOINT_FIELDS} />;
}

/** Address: home and mailing, search or manual, as on 'Where do you live?'. */
export function AddressEditor({ title, view, onSaved, onCancel, onErrors }: EditorProps) {
  const { form, onSubmit, summary, hasSaveFailed } = useSectionForm<AddressFormValues, AddressFormOutput>({
    schema: addressFormSchema,
    defaultValues: addressFormValuesOf(view.address),
    fields: ADDRESS_FIELD_ORDER,
    save: saveAddress,
    onSaved,
    reValidateMode: 'onSubmit',
  });
  return (
    <SectionForm
      id="address"
      title={title}
      summary={summary}
      submitCount={form.formState.submitCount}
      hasSaveFailed={hasSaveFailed}
      isSubmitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onErrors={onErrors}
    >
      <AddressFields form={form} />
    </SectionForm>
  );
}

/** Products: the term choice of the product with term rates. */
export function ProductsEditor({
  title,
  view,
  onSaved,
  onCancel,
  onErrors,
  termProduct,
}: EditorProps & { termProduct: ProductOffering }) {
  const { form, onSubmit, messageOf, summary, hasSaveFailed } = useSectionForm<
    TermChoiceForm,
    TermChoiceForm
  >({
    schema: useMemo(() => termChoiceFormSchema(termProduct), [termProduct]),
    defaultValues: {
      termPeriod: view.products?.termPeriod ?? '',
      termOption: view.products?.termOption ?? '',
    },
    fields: ['termPeriod', 'termOption'],
    save: saveProducts,
    onSaved,
  });
  return (
    <SectionForm
      id="products"
      title={title}
      summary={summary}
      submitCount={form.formState.submitCount}
      hasSaveFailed={hasSaveFailed}
      isSubmitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onErrors={onErrors}
    >
      <TermChoiceFields product={termProduct} form={form} messageOf={messageOf} />
    </SectionForm>
  );
}

type CodesValues = { promoCode: string; referralCode: string };

/** Other: the promo and referral codes (at most 12 each on the review; referral begins with RF). */
export function CodesEditor({ title, view, onSaved, onCancel, onErrors }: EditorProps) {
  const { t } = useTranslation();
  const { form, onSubmit, messageOf, summary, hasSaveFailed } = useSectionForm<
    CodesValues,
    { promoCode?: string; referralCode?: string }
  >({
    schema: reviewCodesFormSchema as never,
    defaultValues: { promoCode: view.promoCode, referralCode: view.referralCode },
    fields: ['promoCode', 'referralCode'],
    save: (values) =>
      saveCodes({ promoCode: values.promoCode ?? '', referralCode: values.referralCode ?? '' }),
    onSaved,
  });
  return (
    <SectionForm
      id="other"
      title={title}
      summary={summary}
      submitCount={form.formState.submitCount}
      hasSaveFailed={hasSaveFailed}
      isSubmitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onErrors={onErrors}
    >
      <TextField
        id="promoCode"
        label={t('createProfile.promoCode')}
        error={messageOf('promoCode')}
        isOptional
        autoComplete="off"
        spellCheck={false}
        trimOnBlur
        className="field__input--short"
        registration={form.register('promoCode')}
      />
      <TextField
        id="referralCode"
        label={t('createProfile.referralCode')}
        hint={t('createProfile.referralCodeHint')}
        error={messageOf('referralCode')}
        isOptional
        autoComplete="off"
        spellCheck={false}
        trimOnBlur
        className="field__input--short"
        registration={form.register('referralCode')}
      />
    </SectionForm>
  );
}

/** SIN: entered again (the saved one is never put back into a field). */
export function SinEditor({ title, products, onSaved, onCancel, onErrors }: EditorProps) {
  const schema = useMemo(() => {
    const flags = flagsOf({ products });
    return sinFormSchema({ isTfsaOrFhsa: flags.mTFSA || flags.mFHSA });
  }, [products]);
  const { form, onSubmit, messageOf, summary, hasSaveFailed } = useSectionForm<
    { sin: string },
    { sin: string }
  >({
    schema,
    defaultValues: { sin: '' },
    fields: ['sin'],
    save: (values) => saveSin(sinDigits(values.sin).replace(/\D/g, '')),
    onSaved,
  });
  return (
    <SectionForm
      id="sin"
      title={title}
      summary={summary}
      submitCount={form.formState.submitCount}
      hasSaveFailed={hasSaveFailed}
      isSubmitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onErrors={onErrors}
    >
      <SinField control={form.control} error={messageOf('sin')} />
    </SectionForm>
  );
}
