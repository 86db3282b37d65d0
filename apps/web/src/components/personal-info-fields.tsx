/**
 * The fields of 'Tell us about yourself' (spec 000 §2, §5), shared by the step screen and the review's
 * Personal Details and Co-applicant Details sections: one form (personalInfoFormSchema), several screens.
 */
import { useTranslation } from '../i18n/use-translation.tsx';
import type { UseFormReturn } from 'react-hook-form';
import { formatPhoneMask, trimName, type PersonalInfoForm, type PersonalInfoFormInput } from '@omo/domain';
import { DateOfBirthField } from './form/date-of-birth-field.tsx';
import { TextField } from './form/field.tsx';
import { MaskedField } from './form/masked-field.tsx';
import { RadioGroup } from './form/radio-group.tsx';

type PersonalInfoFormReturn = UseFormReturn<PersonalInfoFormInput, unknown, PersonalInfoForm>;

interface FieldsProps {
  form: PersonalInfoFormReturn;
  messageOf: (name: string) => string | undefined;
}

/** Legal names (trimmed on blur), date of birth, phone number (masked) and phone type. */
export function PersonalDetailsFields({ form, messageOf }: FieldsProps) {
  const { t } = useTranslation();
  const { register, control } = form;
  return (
    <>
      <TextField
        id="firstName"
        label={t('personalInfo.firstName')}
        error={messageOf('firstName')}
        autoComplete="given-name"
        spellCheck={false}
        trimOnBlur={trimName}
        registration={register('firstName')}
      />
      <TextField
        id="middleName"
        label={t('personalInfo.middleName')}
        error={messageOf('middleName')}
        isOptional
        autoComplete="additional-name"
        spellCheck={false}
        trimOnBlur={trimName}
        registration={register('middleName')}
      />
      <TextField
        id="lastName"
        label={t('personalInfo.lastName')}
        error={messageOf('lastName')}
        autoComplete="family-name"
        spellCheck={false}
        trimOnBlur={trimName}
        registration={register('lastName')}
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
      <MaskedField
        control={control}
        name="phoneNumber"
        id="phoneNumber"
        label={t('personalInfo.phone')}
        hint={t('personalInfo.phoneHint')}
        error={messageOf('phoneNumber')}
        format={formatPhoneMask}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(000) 000-0000"
        className="field__input--short"
      />
      <RadioGroup
        id="phoneType"
        legend={t('personalInfo.phoneType')}
        error={messageOf('phoneType')}
        isInline
        options={[
          { value: 'mobile', label: t('personalInfo.phoneMobile') },
          { value: 'home', label: t('personalInfo.phoneHome') },
        ]}
        registration={register('phoneType')}
      />
    </>
  );
}

/** The co-applicant's first name, last name and e-mail. */
export function JointApplicantFields({ form, messageOf }: FieldsProps) {
  const { t } = useTranslation();
  const { register } = form;
  return (
    <>
      <TextField
        id="jointFirstName"
        label={t('personalInfo.jointFirstName')}
        error={messageOf('jointFirstName')}
        autoComplete="off"
        spellCheck={false}
        trimOnBlur={trimName}
        registration={register('jointFirstName')}
      />
      <TextField
        id="jointLastName"
        label={t('personalInfo.jointLastName')}
        error={messageOf('jointLastName')}
        autoComplete="off"
        spellCheck={false}
        trimOnBlur={trimName}
        registration={register('jointLastName')}
      />
      <TextField
        id="jointEmail"
        label={t('personalInfo.jointEmail')}
        error={messageOf('jointEmail')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        trimOnBlur
        registration={register('jointEmail')}
      />
    </>
  );
}
