import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  APPLICATION_API_PATHS,
  createProfileFormSchema,
  frenchOf,
  JOINT_EMAIL_CODE_MINUTES,
  type CreateProfileForm,
  type CreateProfileFormInput,
} from '@omo/domain';
import { useMessage } from '../../components/form/use-message.ts';
import { apiRequest } from '../../lib/api.ts';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { PromoCodeField, ReferralCodeField } from '../../components/form/code-fields.tsx';
import { StepForm } from '../../components/form/step-form.tsx';
import { TextField } from '../../components/form/field.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import {
  flowOfPath,
  initializeApplication,
  isApiStatus,
  problemNextPath,
} from '../../lib/application-api.ts';
import { useStepForm } from '../../lib/step.ts';
import type { CreateProfileData } from './create-profile-loader.ts';
import { bindFields } from '../../components/form/use-form-errors.ts';

const FIELDS = ['email', 'emailCode', 'password', 'promoCode', 'referralCode', 'consent'] as const;

/** Where the co-applicant's e-mail code stands: not asked, sending, sent, or not sent (with why). */
type CodeState = 'idle' | 'sending' | 'sent' | { error: string };

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
  const navigate = useNavigate();
  const message = useMessage();
  const [codeState, setCodeState] = useState<CodeState>('idle');
  // The co-applicant proves they hold the invited address with a code e-mailed to it (not once signed in).
  const asksEmailCode = Boolean(invitation) && !view;

  /** Asks the server to e-mail the code to the invited address. */
  const sendCode = async () => {
    if (!invitation) return;
    setCodeState('sending');
    try {
      await apiRequest<null>(APPLICATION_API_PATHS.jointEmailCode, {
        method: 'POST',
        query: { jointCode: invitation.jointCode },
      });
      setCodeState('sent');
    } catch (error) {
      const nextPath = problemNextPath(error);
      if (isApiStatus(error, 409) && nextPath) {
        await navigate(nextPath);
        return;
      }
      setCodeState({
        error: isApiStatus(error, 429)
          ? (message('emailCode.tooMany') ?? '')
          : t('createProfile.codeNotSent'),
      });
    }
  };

  const { form, messageOf, summary, frame } = useStepForm<CreateProfileFormInput, CreateProfileForm>({
    schema: createProfileFormSchema,
    defaultValues: {
      email: invitation?.email ?? view?.email ?? '',
      password: '',
      promoCode: view?.promoCode ?? application.promoCode,
      referralCode: view?.referralCode ?? '',
      consent: view?.consent ?? false,
      reminderConsent: false,
      emailCode: '',
    },
    fields: FIELDS,
    // The server generates the reference number and decides the identity check; then it says where to go.
    save: async (values) => {
      const { view: started } = await initializeApplication({
        email: values.email,
        password: values.password,
        promoCode: values.promoCode ?? '',
        referralCode: config.hideReferralCode ? '' : (values.referralCode ?? ''),
        consent: values.consent,
        reminderConsent: values.reminderConsent,
        productIds:
          invitation?.productIds ?? view?.productIds ?? application.selectedProducts.map((p) => p.productID),
        sweepEnabled: view?.sweepEnabled ?? application.sweepEnabled,
        flow: flow.kind,
        forceTuTest: application.forceTuTest ?? false,
        ...(invitation ? { jointCode: invitation.jointCode } : {}),
        ...(asksEmailCode ? { emailCode: (values.emailCode ?? '').trim() } : {}),
      });
      return started;
    },
  });
  const { register, control } = form;
  const field = bindFields(register, messageOf);
  const password = useWatch({ control, name: 'password' });
  const title = t('createProfile.title');
  usePageTitle(title, summary.length > 0);

  return (
    <StepForm title={title} lead={t('createProfile.lead')} frame={frame}>
      {/* The co-applicant's e-mail is the invited one (the server holds it to that). */}
      <TextField
        {...field('email')}
        label={t('createProfile.email')}
        hint={t(invitation ? 'createProfile.invitedEmailHint' : 'createProfile.emailHint')}
        type="email"
        autoComplete="email"
        spellCheck={false}
        trimOnBlur
        readOnly={Boolean(invitation)}
      />
      {asksEmailCode ? (
        <>
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={codeState === 'sending'}
              onClick={() => void sendCode()}
            >
              {t(codeState === 'sent' ? 'createProfile.sendCodeAgain' : 'createProfile.sendCode')}
            </button>
          </div>
          <p role="status" className={typeof codeState === 'object' ? 'notice notice--error' : undefined}>
            {codeState === 'sent'
              ? t('createProfile.codeSent', {
                  email: invitation?.email ?? '',
                  minutes: JOINT_EMAIL_CODE_MINUTES,
                })
              : typeof codeState === 'object'
                ? codeState.error
                : null}
          </p>
          <TextField
            {...field('emailCode')}
            label={t('createProfile.emailCode')}
            hint={t('createProfile.emailCodeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="field__input--short"
            trimOnBlur
          />
        </>
      ) : null}
      <PasswordField
        id="password"
        label={t('createProfile.password')}
        error={messageOf('password')}
        registration={register('password')}
        value={password}
      />
      {/* The codes belong to the application the primary started: the co-applicant's profile has none. */}
      {flow.kind === 'joint' ? null : (
        <PromoCodeField error={messageOf('promoCode')} registration={register('promoCode')} />
      )}
      {config.hideReferralCode || flow.kind === 'joint' ? null : (
        <ReferralCodeField error={messageOf('referralCode')} registration={register('referralCode')} />
      )}
      <CheckboxField
        {...field('consent')}
        label={t('createProfile.consent', {
          institution: config.institutionName,
          // French says 'de' or, before a vowel, 'd’' ('d’omo Credit Union').
          ofInstitution: frenchOf(config.institutionName),
        })}
      />
      {/* Optional and unticked (decision 0068): reminders only to those who ask for them. */}
      <CheckboxField
        id="reminderConsent"
        label={t('createProfile.reminderConsent')}
        hint={t('createProfile.reminderConsentHint')}
        registration={register('reminderConsent')}
      />
    </StepForm>
  );
}
