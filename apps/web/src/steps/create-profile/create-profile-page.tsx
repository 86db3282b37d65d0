import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  createProfileFormSchema,
  nextRoute,
  type CreateProfileForm,
  type CreateProfileFormInput,
} from '@omo/domain';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { StepFormTop } from '../../components/form/step-form-top.tsx';
import { TextField } from '../../components/form/field.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { useFormErrors } from '../../components/form/use-form-errors.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { frenchOf } from '../../i18n/article.ts';
import { flowOfPath, handleStepSubmitError, initializeApplication } from '../../lib/application-api.ts';
import { updateSlice } from '../../lib/session-state.ts';
import type { CreateProfileData } from './create-profile-loader.ts';

const FIELDS = ['email', 'password', 'promoCode', 'referralCode', 'consent'] as const;

/**
 * 'Create your profile' (spec 000 §2): e-mail, password (show/hide, live checklist), promo and referral
 * codes, consent. Continue starts the draft on the server (InitializeApplication). The password goes to the
 * server only: it is never put in browser storage.
 */
export function CreateProfilePage() {
  const { t } = useTranslation();
  const { view, application } = useLoaderData<CreateProfileData>();
  const config = useAppConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const flow = flowOfPath(pathname);

  const form = useForm<CreateProfileFormInput, unknown, CreateProfileForm>({
    // The error summary takes focus, not the first field (GOV.UK).
    shouldFocusError: false,
    resolver: zodResolver(createProfileFormSchema),
    defaultValues: {
      email: view?.email ?? '',
      password: '',
      promoCode: view?.promoCode ?? application.promoCode,
      referralCode: view?.referralCode ?? application.referralCode ?? '',
      consent: view?.consent ?? false,
    },
  });
  const { register, handleSubmit, control, setError, formState } = form;
  const password = useWatch({ control, name: 'password' });
  const { messageOf, summary } = useFormErrors(formState.errors, FIELDS);
  const title = t('createProfile.title');
  usePageTitle(title, summary.length > 0);

  const onSubmit = async (values: CreateProfileForm) => {
    try {
      await initializeApplication({
        email: values.email,
        password: values.password,
        promoCode: values.promoCode ?? '',
        referralCode: config.showReferralCode ? (values.referralCode ?? '') : '',
        consent: values.consent,
        appRefNo: application.referenceCode ?? view?.appRefNo ?? '',
        productIds: application.selectedProducts.map((p) => p.productID),
        sweepEnabled: application.sweepEnabled,
        skipAlloy: application.skipAlloy ?? true,
      });
    } catch (error) {
      const outcome = await handleStepSubmitError(error, { setError, fields: FIELDS, navigate });
      if (outcome === 'failed') setError('root.server', { type: 'server', message: 'failed' });
      return;
    }
    // Only what the later screens show; never the password (setSlice strips it anyway).
    updateSlice('application', {
      promoCode: values.promoCode ?? '',
      referralCode: values.referralCode ?? '',
    });
    await navigate(
      nextRoute(flow, 'createprofile', { isInterestBearing: application.flags.mInterestBearing }) ?? '/',
    );
  };

  return (
    <div className="panel">
      <StepFormTop
        title={title}
        errors={summary}
        submitCount={formState.submitCount}
        hasSubmitFailed={Boolean(formState.errors.root?.server)}
      />
      <p className="lead">{t('createProfile.lead')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          id="email"
          label={t('createProfile.email')}
          hint={t('createProfile.emailHint')}
          error={messageOf('email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          trimOnBlur
          registration={register('email')}
        />
        <PasswordField
          id="password"
          label={t('createProfile.password')}
          error={messageOf('password')}
          registration={register('password')}
          value={password}
        />
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
        {config.showReferralCode ? (
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
        ) : null}
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
        <div className="actions">
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {t('common.continue')}
          </button>
        </div>
      </form>
    </div>
  );
}
