/**
 * 'Can we check your identity with a credit bureau?' (ours, decision 0097): the consent to the identity
 * check, asked on its own, unticked, with the privacy statement linked, before the check runs (the server
 * refuses the check until it is given). The review keeps the spec's five statements; this has no section.
 */
import type * as z from 'zod/mini';
import { identityConsentFormSchema, type IdentityConsentForm } from '@omo/domain';
import { CheckboxField } from '../components/form/checkbox-field.tsx';
import { useAppConfig } from '../config/use-app-config.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { saveStepAnswer } from '../lib/application-api.ts';
import { declareScreen, type AnswersForm, type FieldsProps } from './screen.ts';

type Values = { consent: boolean };

function ConsentFields({ form, messageOf }: FieldsProps<Values, IdentityConsentForm>) {
  const { t } = useTranslation();
  const { institutionName, contactPhone, privacyPolicyUrl } = useAppConfig();
  return (
    <>
      <p>{t('identityConsent.how', { institution: institutionName })}</p>
      <p>{t('identityConsent.what')}</p>
      <p>{t('identityConsent.score')}</p>
      <p>{t('identityConsent.otherwise', { phone: contactPhone })}</p>
      <p>
        <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
          {t('identityConsent.privacy')}
        </a>
      </p>
      <CheckboxField
        id="consent"
        label={t('identityConsent.label', { institution: institutionName })}
        error={messageOf('consent')}
        registration={form.register('consent')}
      />
    </>
  );
}

// Never ticked for the applicant: a saved consent shows ticked (Back), a new one starts unticked.
const consentForm: AnswersForm<Values, IdentityConsentForm> = {
  fields: ['consent'],
  // The box is a boolean in the form; the schema accepts it ticked only.
  schema: () => identityConsentFormSchema as unknown as z.ZodMiniType<IdentityConsentForm, Values>,
  defaults: ({ view }) => ({
    consent: (view.answers.identityconsent as IdentityConsentForm | undefined)?.consent === true,
  }),
  save: (values) => saveStepAnswer('identityconsent', values),
  Fields: ConsentFields,
};

export const screen = declareScreen({
  step: 'identityconsent',
  titleKey: 'identityConsent.title',
  form: consentForm,
  review: [],
});
