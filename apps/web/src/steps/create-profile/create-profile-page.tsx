import { useWatch } from 'react-hook-form';
import { useLoaderData, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { createProfileFormSchema, type CreateProfileForm, type CreateProfileFormInput } from '@omo/domain';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { StepForm } from '../../components/form/step-form.tsx';
import { TextField } from '../../components/form/field.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { frenchOf } from '../../i18n/article.ts';
import { flowOfPath, getApplication, initializeApplication } from '../../lib/application-api.ts';
import { useStepForm } from '../../lib/step.ts';
import type { CreateProfileData } from './create-profile-loader.ts';

const FIELDS = ['email', 'password', 'promoCode', 'referralCode', 'consent'] as const;

/**
 * 'Create your profile' (spec 000 §2): e-mail, password (show/hide, live checklist), promo and referral
 * codes, consent. Continue starts the draft on the server (InitializeApplication). The password goes to the
 * server only: it is never put in browser storage.
 */
export function CreateProfilePage() {
  const { t } = useTranslation();
  const { view, application, invitation } = useLoaderData<CreateProfileData>();
  const config = useAppConfig();
  const { pathname } = useLocation();
  const flow = flowOfPath(pathname);

  const { form, onSubmit, messageOf, summary, hasSubmitFailed } = useStepForm<
    CreateProfileFormInput,
    CreateProfileForm
  >({
    schema: createProfileFormSchema,
    defaultValues: {
      email: invitation?.email ?? view?.email ?? '',
      password: '',
      promoCode: view?.promoCode ?? application.promoCode,
      referralCode: view?.referralCode ?? '',
      consent: view?.consent ?? false,
    },
    fields: FIELDS,
    // The server generates the reference number and decides the identity check; then it says where to go.
    save: async (values) => {
      await initializeApplication({
        email: values.email,
        password: values.password,
        promoCode: values.promoCode ?? '',
        referralCode: config.hideReferralCode ? '' : (values.referralCode ?? ''),
        consent: values.consent,
        productIds:
          invitation?.productIds ?? view?.productIds ?? application.selectedProducts.map((p) => p.productID),
        sweepEnabled: view?.sweepEnabled ?? application.sweepEnabled,
        flow: flow.kind,
        forceTuTest: application.forceTuTest ?? false,
        ...(invitation ? { jointCode: invitation.jointCode } : {}),
      });
      return getApplication();
    },
  });
  const { register, control, formState } = form;
  const password = useWatch({ control, name: 'password' });
  const title = t('createProfile.title');
  usePageTitle(title, summary.length > 0);

  return (
    <StepForm
      title={title}
      lead={t('createProfile.lead')}
      summary={summary}
      submitCount={formState.submitCount}
      hasSubmitFailed={hasSubmitFailed}
      isSubmitting={formState.isSubmitting}
      onSubmit={onSubmit}
    >
      {/* The co-applicant's e-mail is the invited one (the server holds it to that). */}
      <TextField
        id="email"
        label={t('createProfile.email')}
        hint={t(invitation ? 'createProfile.invitedEmailHint' : 'createProfile.emailHint')}
        error={messageOf('email')}
        type="email"
        autoComplete="email"
        spellCheck={false}
        trimOnBlur
        readOnly={Boolean(invitation)}
        registration={register('email')}
      />
      <PasswordField
        id="password"
        label={t('createProfile.password')}
        error={messageOf('password')}
        registration={register('password')}
        value={password}
      />
      {/* The codes belong to the application the primary started: the co-applicant's profile has none. */}
      {flow.kind === 'joint' ? null : (
        <TextField
          id="promoCode"
          label={t('createProfile.promoCode')}
          error={messageOf('promoCode')}
          isOptional
          autoComplete="off"
          className="field__input--short"
          trimOnBlur
          registration={register('promoCode')}
        />
      )}
      {config.hideReferralCode || flow.kind === 'joint' ? null : (
        <TextField
          id="referralCode"
          label={t('createProfile.referralCode')}
          hint={t('createProfile.referralCodeHint')}
          error={messageOf('referralCode')}
          isOptional
          autoComplete="off"
          autoCapitalize="characters"
          className="field__input--short"
          trimOnBlur
          registration={register('referralCode')}
        />
      )}
      <CheckboxField
        id="consent"
        label={t('createProfile.consent', {
          institution: config.institutionName,
          // French says 'de' or, before a vowel, 'd’' ('d’omo Credit Union').
          ofInstitution: frenchOf(config.institutionName),
        })}
        error={messageOf('consent')}
        registration={register('consent')}
      />
    </StepForm>
  );
}
