import { useMemo } from 'react';
import { useWatch, type DefaultValues } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  personalInfoContextOf,
  personalInfoFormSchema,
  provinceOfAddress,
  type PersonalInfoForm,
  type PersonalInfoFormInput,
} from '@omo/domain';
import { StepForm } from '../../components/form/step-form.tsx';
import { TextField } from '../../components/form/field.tsx';
import { RadioGroup } from '../../components/form/radio-group.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { savePersonalInfo } from '../../lib/application-api.ts';
import { useStepForm, type StepData } from '../../lib/step.ts';
import { JointApplicantFields, PersonalDetailsFields } from './personal-info-fields.tsx';

const FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'dob_month',
  'dob_day',
  'dob_year',
  'phoneNumber',
  'phoneType',
  'hasSweep',
  'sweepBelowBalance',
  'sweepExceedsBalance',
  'hasJointApp',
  'jointFirstName',
  'jointLastName',
  'jointEmail',
] as const;

const EMPTY: DefaultValues<PersonalInfoFormInput> = {
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
};

/**
 * 'Tell us about yourself' (spec 000 §2, §5): legal names (trimmed on blur), date of birth with the age
 * limits of the selected products, phone (masked) and type, the sweep section when sweep is on, and the
 * joint section (single flow, not for registered plans). 'No' clears the section's answers.
 */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const { view, products, flow } = useLoaderData<StepData>();
  // The same rules as the server's: the products' age limits and joint section, sweep, the province once known.
  const context = useMemo(
    () =>
      personalInfoContextOf(
        {
          flowKind: flow.kind,
          products,
          email: view.email,
          sweepEnabled: view.sweepEnabled,
          today: new Date(),
        },
        provinceOfAddress(view.address),
      ),
    [flow.kind, products, view.email, view.sweepEnabled, view.address],
  );
  const showSweep = context.sweepEnabled;
  const showJoint = !context.isJointFlow && context.jointAllowed;

  const { form, onSubmit, messageOf, summary, hasSubmitFailed } = useStepForm<
    PersonalInfoFormInput,
    PersonalInfoForm
  >({
    schema: useMemo(() => personalInfoFormSchema(context), [context]),
    defaultValues: { ...EMPTY, ...(view.personalInfo ?? {}) },
    fields: FIELDS,
    save: savePersonalInfo,
  });
  const { register, control, setValue, clearErrors, formState } = form;
  const hasSweep = useWatch({ control, name: 'hasSweep' });
  const hasJointApp = useWatch({ control, name: 'hasJointApp' });
  const title = t('personalInfo.title');
  usePageTitle(title, summary.length > 0);

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
    <StepForm
      title={title}
      lead={t('personalInfo.lead')}
      summary={summary}
      submitCount={formState.submitCount}
      hasSubmitFailed={hasSubmitFailed}
      isSubmitting={formState.isSubmitting}
      onSubmit={onSubmit}
    >
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
    </StepForm>
  );
}
