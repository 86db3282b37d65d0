/**
 * /single/phoneverification and /joint/phoneverification, 'We need to verify your phone number' (spec 000
 * §2, spec 001 §4.6): the number with Change (an editable masked input with Submit, PUT Application/Phone)
 * and 'Verify by SMS' / 'Verify by Voice Call' (POST PhoneVerification/Start).
 *
 * A home phone is offered the voice call first (channelsInOrder), a mobile phone the text message.
 *
 * A send the provider refuses (status 'failed') keeps the applicant here with 'Something went wrong when
 * sending the verification code' and what to do next: check the number, use the other channel, or try
 * again; a send an hourly ceiling refuses (error 'ceiling') says so instead. The spec counts send
 * failures up to 3 and then lets the applicant continue unverified, which only works if they can retry.
 * After the 3rd failure the code screen opens with Continue enabled. A request that fails outright (network,
 * 5xx: the "failed init" of spec 000 §8) goes to /error; a refusal with problem details (429 limits) shows
 * the server's message here.
 */
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FLOW_ERROR_ROUTES,
  channelsInOrder,
  formatPhoneMask,
  pathOf,
  phoneFormSchema,
  type PhoneChannel,
  type PhoneForm,
} from '@omo/domain';
import { StepFormTop } from '../../components/form/step-form-top.tsx';
import { PhoneField } from '../../components/form/phone-field.tsx';
import { useMessage } from '../../components/form/use-message.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { fieldErrorsFromProblem, savePhone, startPhoneVerification } from '../../lib/application-api.ts';
import { ApiError } from '../../lib/api.ts';
import { handleStepError, type StepData } from '../../lib/step.ts';
import { isVerificationStarted, problemMessage } from '../../lib/phone-verification-state.ts';
import '../../components/phone-verification.css';

/** Back to the Change button once the editor closes (after render). */
function focusChangeButton(): void {
  requestAnimationFrame(() => document.getElementById('phone-change-button')?.focus());
}

export function PhoneVerificationPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const navigate = useNavigate();
  const { view: initial, flow } = useLoaderData<StepData>();
  const [number, setNumber] = useState(initial.phone.number ?? initial.personalInfo?.phoneNumber ?? '');
  const [isEditing, setIsEditing] = useState(false);
  const [sending, setSending] = useState<PhoneChannel | null>(null);
  // A send the provider refused: the spec's message, then what the applicant can do about it.
  const sendFailedText = `${msg('phone.verify.sendFailed') ?? ''}. ${t('phoneVerification.sendFailedNext')}`;
  const [sendError, setSendError] = useState<string | null>(
    initial.phone.status === 'failed' ? sendFailedText : null,
  );
  const [status, setStatus] = useState('');

  const form = useForm<PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phoneNumber: formatPhoneMask(number) },
    // The error summary takes focus on submit (GOV.UK), not the field.
    shouldFocusError: false,
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const phoneError = msg(errors.phoneNumber?.message);

  const title = t('phoneVerification.title');
  usePageTitle(title, Boolean(phoneError));

  const failRequest = async (error: unknown): Promise<void> => {
    if ((await handleStepError(error, { navigate })) === 'redirected') return;
    const text =
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? problemMessage(error, (k) => msg(k))
        : null;
    if (text) setSendError(text);
    else void navigate(FLOW_ERROR_ROUTES.bare);
  };

  const onSubmitPhone = form.handleSubmit(async (values) => {
    try {
      const view = await savePhone(values.phoneNumber);
      const saved = view.phone.number ?? values.phoneNumber;
      setNumber(saved);
      form.reset({ phoneNumber: formatPhoneMask(saved) });
      setIsEditing(false);
      setSendError(null);
      setStatus(t('phoneVerification.numberSaved', { phone: formatPhoneMask(saved) }));
      focusChangeButton();
    } catch (error) {
      if (!fieldErrorsFromProblem(error, form.setError, ['phoneNumber'])) await failRequest(error);
    }
  });

  const send = async (channel: PhoneChannel) => {
    setSending(channel);
    setSendError(null);
    setStatus(t('phoneVerification.sending'));
    try {
      const { phone, error } = await startPhoneVerification(channel);
      if (phone.status === 'failed' && !isVerificationStarted(phone)) {
        setSending(null);
        setStatus('');
        setSendError(error === 'ceiling' ? t('phoneVerification.ceiling') : sendFailedText);
        return;
      }
      void navigate(pathOf(flow, 'verificationCode'));
    } catch (error) {
      setSending(null);
      setStatus('');
      await failRequest(error);
    }
  };

  const summaryErrors = phoneError ? [{ fieldId: 'phoneNumber', message: phoneError }] : [];
  const isBusy = sending !== null;

  return (
    <div className="panel">
      <StepFormTop title={title} errors={summaryErrors} submitCount={submitCount} />
      <p className="lead">{t('phoneVerification.intro')}</p>

      <div className="phone-number">
        <p className="phone-number__label" id="phone-number-label">
          {t('phoneVerification.numberLabel')}
        </p>
        <p className="phone-number__value" aria-labelledby="phone-number-label">
          {formatPhoneMask(number)}
        </p>
        {isEditing ? null : (
          <button
            id="phone-change-button"
            type="button"
            className="link-button"
            onClick={() => {
              setIsEditing(true);
              // Move to the field the Change button revealed.
              requestAnimationFrame(() => document.getElementById('phoneNumber')?.focus());
            }}
            disabled={isBusy}
          >
            {t('phoneVerification.change')}{' '}
            <span className="visually-hidden">{t('phoneVerification.changeHidden')}</span>
          </button>
        )}
      </div>

      {isEditing ? (
        <form id="phone-change" className="phone-change" noValidate onSubmit={onSubmitPhone}>
          <PhoneField
            control={form.control}
            label={t('phoneVerification.phoneLabel')}
            hint={t('phoneVerification.phoneHint')}
            error={phoneError}
            className="field__input--phone"
          />
          <div className="actions actions--tight">
            <button type="submit" className="button" disabled={isSubmitting}>
              {t('phoneVerification.submit')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                form.reset({ phoneNumber: formatPhoneMask(number) });
                setIsEditing(false);
                focusChangeButton();
              }}
            >
              {t('phoneVerification.cancel')}
            </button>
          </div>
        </form>
      ) : null}

      {sendError ? (
        <p className="notice notice--error" role="alert">
          {sendError}
        </p>
      ) : null}

      <div className="actions" aria-busy={isBusy}>
        {channelsInOrder(initial.phone.type ?? initial.personalInfo?.phoneType).map((channel, index) => (
          <button
            key={channel}
            type="button"
            // The first way offered is the main action.
            className={index === 0 ? 'button' : 'button button--secondary'}
            disabled={isBusy || isEditing}
            onClick={() => void send(channel)}
          >
            {sending === channel ? <span className="spinner spinner--button" aria-hidden="true" /> : null}
            {channel === 'sms' ? t('phoneVerification.verifySms') : t('phoneVerification.verifyCall')}
          </button>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
