/**
 * The fields of 'Tell us about yourself' (spec 000 §2, §5), shared by the step screen and the review's
 * Personal Details and Co-applicant Details sections: one form (personalInfoFormSchema), several screens.
 */
import { useTranslation } from '../i18n/use-translation.tsx';
import type { UseFormReturn } from 'react-hook-form';
import { trimName, type PersonalInfoForm, type PersonalInfoFormInput } from '@omo/domain';
import { DateOfBirthField } from './form/date-of-birth-field.tsx';
import { TextField } from './form/field.tsx';
import { PhoneField } from './form/phone-field.tsx';
import { RadioGroup } from './form/radio-group.tsx';
import { bindFields } from './form/use-form-errors.ts';

type PersonalInfoFormReturn = UseFormReturn<PersonalInfoFormInput, unknown, PersonalInfoForm>;

interface FieldsProps {
  form: PersonalInfoFormReturn;
  messageOf: (name: string) => string | undefined;
}

/** Legal names (trimmed on blur), date of birth, phone number (masked) and phone type. */
export function PersonalDetailsFields({ form, messageOf }: FieldsProps) {
  const { t } = useTranslation();
  const { register, control } = form;
  const field = bindFields(register, messageOf);
  return (
    <>
      <TextField
        {...field('firstName')}
        label={t('personalInfo.firstName')}
        autoComplete="given-name"
        spellCheck={false}
        trimOnBlur={trimName}
      />
      <TextField
        {...field('middleName')}
        label={t('personalInfo.middleName')}
        isOptional
        autoComplete="additional-name"
        spellCheck={false}
        trimOnBlur={trimName}
      />
      <TextField
        {...field('lastName')}
        label={t('personalInfo.lastName')}
        autoComplete="family-name"
        spellCheck={false}
        trimOnBlur={trimName}
      />
      <DateOfBirthField
        legend={t('personalInfo.dob')}
        hint={t('personalInfo.dobHint')}
        ids={{ month: 'dob_month', day: 'dob_day', year: 'dob_year' }}
        registrations={{
          month: register('dob_month'),
          day: register('dob_day'),
          year: register('dob_year'),
        }}
        errors={{ month: messageOf('dob_month'), day: messageOf('dob_day'), year: messageOf('dob_year') }}
      />
      <PhoneField
        control={control}
        label={t('personalInfo.phone')}
        hint={t('personalInfo.phoneHint')}
        error={messageOf('phoneNumber')}
        placeholder="(000) 000-0000"
        className="field__input--short"
      />
      <RadioGroup
        {...field('phoneType')}
        legend={t('personalInfo.phoneType')}
        isInline
        options={[
          { value: 'mobile', label: t('personalInfo.phoneMobile') },
          { value: 'home', label: t('personalInfo.phoneHome') },
        ]}
      />
    </>
  );
}

/** The co-applicant's first name, last name and e-mail. */
export function JointApplicantFields({ form, messageOf }: FieldsProps) {
  const { t } = useTranslation();
  const field = bindFields(form.register, messageOf);
  return (
    <>
      <TextField
        {...field('jointFirstName')}
        label={t('personalInfo.jointFirstName')}
        autoComplete="off"
        spellCheck={false}
        trimOnBlur={trimName}
      />
      <TextField
        {...field('jointLastName')}
        label={t('personalInfo.jointLastName')}
        autoComplete="off"
        spellCheck={false}
        trimOnBlur={trimName}
      />
      <TextField
        {...field('jointEmail')}
        label={t('personalInfo.jointEmail')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        trimOnBlur
      />
    </>
  );
}
