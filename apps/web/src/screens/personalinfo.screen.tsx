/**
 * 'Tell us about yourself' (spec 000 §2, §5): legal names (trimmed on blur), date of birth with the age
 * limits of the selected products, phone (masked) and type, the sweep section when sweep is on, and the
 * joint section (single flow, not for registered plans). 'No' clears the section's answers. Its review
 * sections, Personal Details and Co-applicant Details, edit their own fields of the same form.
 */
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  personalInfoContextOf,
  personalInfoFormSchema,
  provinceOfAddress,
  type PersonalInfoForm,
  type PersonalInfoFormInput,
} from '@omo/domain';
import { TextField } from '../components/form/field.tsx';
import { RadioGroup } from '../components/form/radio-group.tsx';
import { JointApplicantFields, PersonalDetailsFields } from '../components/personal-info-fields.tsx';
import type { Lang, TFuncKey } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { savePersonalInfo, type ApplicationView } from '../lib/application-api.ts';
import type { StepData } from '../lib/step.ts';
import { declareScreen, type AnswersForm, type FieldsProps } from './screen.ts';

type Values = PersonalInfoFormInput;
type Output = PersonalInfoForm;

const PERSONAL_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'dob_month',
  'dob_day',
  'dob_year',
  'phoneNumber',
  'phoneType',
] as const;
const JOINT_FIELDS = ['jointFirstName', 'jointLastName', 'jointEmail'] as const;
const FIELDS = [
  ...PERSONAL_FIELDS,
  'hasSweep',
  'sweepBelowBalance',
  'sweepExceedsBalance',
  'hasJointApp',
  ...JOINT_FIELDS,
] as const;

const EMPTY = {
  firstName: '',
  middleName: '',
  lastName: '',
  dob_month: '',
  dob_day: '',
  dob_year: '',
  phoneNumber: '',
  sweepBelowBalance: '',
  sweepExceedsBalance: '',
  jointFirstName: '',
  jointLastName: '',
  jointEmail: '',
} as Values;

/** The same rules as the server's: the products' age limits and joint section, sweep, the province once known. */
function contextOf({ view, products, flow }: StepData) {
  return personalInfoContextOf(
    {
      flowKind: flow.kind,
      products,
      email: view.email,
      sweepEnabled: view.sweepEnabled,
      today: new Date(),
    },
    provinceOfAddress(view.address),
  );
}

const personalInfoForm: AnswersForm<Values, Output> = {
  fields: FIELDS,
  schema: (data) => personalInfoFormSchema(contextOf(data)),
  defaults: ({ view }) => ({ ...EMPTY, ...(view.personalInfo ?? {}) }),
  // A mobile phone whose verification is next is texted its code with the save (decisions 0102, 0106):
  // the view then names the code screen; a send refused or failed leaves the send screen, which says why.
  save: (values) => savePersonalInfo(values, { sendCode: true }),
  Fields: PersonalInfoFields,
};

type Revealed =
  'sweepBelowBalance' | 'sweepExceedsBalance' | 'jointFirstName' | 'jointLastName' | 'jointEmail';

/** A yes/no question in its own section: 'Yes' reveals its fields, 'No' clears what they held. */
function RevealingQuestion({
  name,
  revealed,
  titleKey,
  questionKey,
  hintKey,
  testId,
  form,
  messageOf,
  children,
}: Pick<FieldsProps<Values, Output>, 'form' | 'messageOf'> & {
  name: 'hasSweep' | 'hasJointApp';
  revealed: readonly Revealed[];
  titleKey: TFuncKey;
  questionKey: TFuncKey;
  hintKey: TFuncKey;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { register, control, setValue, clearErrors } = form;
  const answer = useWatch({ control, name });
  const titleId = `${name === 'hasSweep' ? 'sweep' : 'joint'}-title`;
  return (
    <section className="form-section" aria-labelledby={titleId}>
      <h2 className="form-section__title" id={titleId}>
        {t(titleKey)}
      </h2>
      <RadioGroup
        id={name}
        legend={t(questionKey)}
        hint={t(hintKey)}
        error={messageOf(name)}
        isInline
        options={[
          { value: 'yes', label: t('formControls.yes') },
          { value: 'no', label: t('formControls.no') },
        ]}
        registration={register(name, {
          onChange: (event: { target: { value: string } }) => {
            if (event.target.value !== 'no') return;
            for (const field of revealed) setValue(field, '');
            clearErrors([...revealed]);
          },
        })}
      />
      {answer === 'yes' ? (
        <div className="conditional" data-testid={testId}>
          {children}
        </div>
      ) : null}
    </section>
  );
}

function PersonalInfoFields({ form, messageOf, data }: FieldsProps<Values, Output>) {
  const { t } = useTranslation();
  const { register } = form;
  const context = contextOf(data);
  const amount = (name: 'sweepBelowBalance' | 'sweepExceedsBalance') => (
    <TextField
      id={name}
      label={t(`personalInfo.${name}`)}
      hint={t('personalInfo.sweepAmountHint')}
      error={messageOf(name)}
      inputMode="decimal"
      autoComplete="off"
      className="field__input--short"
      trimOnBlur
      registration={register(name)}
    />
  );
  return (
    <>
      <PersonalDetailsFields form={form} messageOf={messageOf} />
      {context.sweepEnabled ? (
        <RevealingQuestion
          name="hasSweep"
          revealed={['sweepBelowBalance', 'sweepExceedsBalance']}
          titleKey="personalInfo.sweepTitle"
          questionKey="personalInfo.sweepQuestion"
          hintKey="personalInfo.sweepHint"
          testId="sweep-amounts"
          form={form}
          messageOf={messageOf}
        >
          {amount('sweepBelowBalance')}
          {amount('sweepExceedsBalance')}
        </RevealingQuestion>
      ) : null}
      {/* The joint section: single flow, not for registered plans. */}
      {!context.isJointFlow && context.jointAllowed ? (
        <RevealingQuestion
          name="hasJointApp"
          revealed={JOINT_FIELDS}
          titleKey="personalInfo.jointTitle"
          questionKey="personalInfo.jointQuestion"
          hintKey="personalInfo.jointHint"
          testId="joint-fields"
          form={form}
          messageOf={messageOf}
        >
          <JointApplicantFields form={form} messageOf={messageOf} />
        </RevealingQuestion>
      ) : null}
    </>
  );
}

/**
 * A review section's form: the personal-information form with only that section's fields shown. The save
 * sends the newest saved answers with this section's fields replaced, so two sections edited at once never
 * undo each other.
 */
function sectionForm(
  fields: readonly (keyof Values)[],
  Fields: typeof PersonalDetailsFields,
): AnswersForm<Values, Output> {
  return {
    ...personalInfoForm,
    fields,
    save: (values, { view }) =>
      savePersonalInfo({
        ...(view.personalInfo ?? {}),
        ...Object.fromEntries(fields.map((f) => [f, values[f]])),
      } as Values),
    Fields,
  };
}

/** A date of birth as words in the interface language ('May 10, 1980', '10 mai 1980'). */
function formatBirthDate(info: NonNullable<ApplicationView['personalInfo']>, lang: Lang): string {
  const [y, m, d] = [info.dob_year, info.dob_month, info.dob_day].map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export const screen = declareScreen({
  step: 'personalinfo',
  titleKey: 'personalInfo.title',
  lead: (t) => t('personalInfo.lead'),
  form: personalInfoForm,
  review: [
    {
      id: 'personal',
      position: 10,
      titleKey: 'review.sections.personal',
      isShown: ({ view }) => Boolean(view.personalInfo),
      rows: ({ data: { view }, t, lang }) => {
        const info = view.personalInfo!;
        return [
          {
            label: t('review.name'),
            value: [info.firstName, info.middleName, info.lastName].filter(Boolean).join(' '),
          },
          { label: t('personalInfo.dob'), value: formatBirthDate(info, lang) },
          {
            label: t('personalInfo.phone'),
            value: `${info.phoneNumber} (${info.phoneType === 'home' ? t('personalInfo.phoneHome') : t('personalInfo.phoneMobile')})`,
          },
          { label: t('createProfile.email'), value: view.email },
        ];
      },
      editor: sectionForm(PERSONAL_FIELDS, PersonalDetailsFields),
    },
    {
      id: 'joint',
      position: 20,
      titleKey: 'review.sections.joint',
      isShown: ({ view }) => view.personalInfo?.hasJointApp === 'yes',
      rows: ({ data: { view }, t }) => {
        const info = view.personalInfo!;
        return [
          {
            label: t('review.name'),
            value: `${info.jointFirstName ?? ''} ${info.jointLastName ?? ''}`.trim(),
          },
          { label: t('personalInfo.jointEmail'), value: info.jointEmail ?? '' },
        ];
      },
      editor: sectionForm(JOINT_FIELDS, JointApplicantFields),
    },
  ],
});
