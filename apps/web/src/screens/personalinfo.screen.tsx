/**
 * 'Tell us about yourself' (spec 000 §2, §5): legal names (trimmed on blur), date of birth with the age
 * limits of the selected products, phone (masked) and type, the sweep section when sweep is on, and the
 * joint section (single flow, not for registered plans). 'No' clears the section's answers. Its review
 * sections, Personal Details and Co-applicant Details, edit their own fields of the same form.
 */
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
import type { Lang } from '../i18n/i18n.ts';
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
  save: (values) => savePersonalInfo(values),
  Fields: PersonalInfoFields,
};

function PersonalInfoFields({ form, messageOf, data }: FieldsProps<Values, Output>) {
  const { t } = useTranslation();
  const { register, control, setValue, clearErrors } = form;
  const context = contextOf(data);
  const showSweep = context.sweepEnabled;
  const showJoint = !context.isJointFlow && context.jointAllowed;
  const hasSweep = useWatch({ control, name: 'hasSweep' });
  const hasJointApp = useWatch({ control, name: 'hasJointApp' });

  const clearOnNo =
    (
      fields: readonly (
        'sweepBelowBalance' | 'sweepExceedsBalance' | 'jointFirstName' | 'jointLastName' | 'jointEmail'
      )[],
    ) =>
    (event: { target: { value: string } }) => {
      if (event.target.value !== 'no') return;
      for (const field of fields) setValue(field, '');
      clearErrors([...fields]);
    };

  const yesNo = [
    { value: 'yes', label: t('formControls.yes') },
    { value: 'no', label: t('formControls.no') },
  ];

  return (
    <>
      <PersonalDetailsFields form={form} messageOf={messageOf} />

      {showSweep ? (
        <section className="form-section" aria-labelledby="sweep-title">
          <h2 className="form-section__title" id="sweep-title">
            {t('personalInfo.sweepTitle')}
          </h2>
          <RadioGroup
            id="hasSweep"
            legend={t('personalInfo.sweepQuestion')}
            hint={t('personalInfo.sweepHint')}
            error={messageOf('hasSweep')}
            isInline
            options={yesNo}
            registration={register('hasSweep', {
              onChange: clearOnNo(['sweepBelowBalance', 'sweepExceedsBalance']),
            })}
          />
          {hasSweep === 'yes' ? (
            <div className="conditional" data-testid="sweep-amounts">
              <TextField
                id="sweepBelowBalance"
                label={t('personalInfo.sweepBelowBalance')}
                hint={t('personalInfo.sweepAmountHint')}
                error={messageOf('sweepBelowBalance')}
                inputMode="decimal"
                autoComplete="off"
                className="field__input--short"
                trimOnBlur
                registration={register('sweepBelowBalance')}
              />
              <TextField
                id="sweepExceedsBalance"
                label={t('personalInfo.sweepExceedsBalance')}
                hint={t('personalInfo.sweepAmountHint')}
                error={messageOf('sweepExceedsBalance')}
                inputMode="decimal"
                autoComplete="off"
                className="field__input--short"
                trimOnBlur
                registration={register('sweepExceedsBalance')}
              />
            </div>
          ) : null}
        </section>
      ) : null}

      {showJoint ? (
        <section className="form-section" aria-labelledby="joint-title">
          <h2 className="form-section__title" id="joint-title">
            {t('personalInfo.jointTitle')}
          </h2>
          <RadioGroup
            id="hasJointApp"
            legend={t('personalInfo.jointQuestion')}
            hint={t('personalInfo.jointHint')}
            error={messageOf('hasJointApp')}
            isInline
            options={yesNo}
            registration={register('hasJointApp', {
              onChange: clearOnNo(['jointFirstName', 'jointLastName', 'jointEmail']),
            })}
          />
          {hasJointApp === 'yes' ? (
            <div className="conditional" data-testid="joint-fields">
              <JointApplicantFields form={form} messageOf={messageOf} />
            </div>
          ) : null}
        </section>
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
