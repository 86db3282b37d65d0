/**
 * /single/verificationCode and /joint/verificationCode, 'Verify your phone number' (spec 000 §2, §4; spec
 * 001 §4.6). Six code boxes auto-submitted at six digits (POST PhoneVerification/Check); states neutral,
 * error ('Invalid code, please try again') and success (boxes disabled, 'Your mobile phone has been
 * successfully verified!'), announced through a polite live region; resend links (POST
 * PhoneVerification/Start) with 'Code sent to phone number ending in' and the last four digits, gone after 3
 * resends or 3 invalid codes; Continue (POST PhoneVerification/Continue) enabled only when the server says
 * `canContinue` (verified, or a counter reached 3). The limits are the server's: its refusals (429) are
 * shown as its message.
 */
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FLOW_ERROR_ROUTES,
  VERIFICATION_LIMIT,
  canCheckCode,
  isVerificationLimitReached,
  formatPhoneMask,
  lastFourDigits,
  type ApplicationPhoneView,
  type PhoneChannel,
} from '@omo/domain';
import { useMessage } from '../../components/form/use-message.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import {
  checkPhoneCode,
  continuePhoneVerification,
  startPhoneVerification,
} from '../../lib/application-api.ts';
import { ApiError } from '../../lib/api.ts';
import { handleStepError, type StepData } from '../../lib/step.ts';
import { problemMessage } from '../phone-verification/phone-verification-state.ts';

type PhoneView = ApplicationPhoneView;
import { CodeInput, EMPTY_CODE, codeBoxId } from './code-input.tsx';
import '../phone-verification/phone-verification.css';
import './verification-code.css';

const CODE_ID = 'code';
const MESSAGE_ID = 'code-message';

type Feedback = { kind: 'error' | 'success' | 'info'; text: string } | null;

/** Resend links are offered until 3 resends or 3 invalid codes (and while the server allows). */
export function canOfferResend(phone: PhoneView): boolean {
  // The server's view already applies the domain rule (canResendCode) and knows the verification state.
  return phone.canResend;
}

export function VerificationCodePage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const navigate = useNavigate();
  const { view } = useLoaderData<StepData>();
  const [phone, setPhone] = useState<PhoneView>(view.phone);
  const [digits, setDigits] = useState<string[]>([...EMPTY_CODE]);
  const [feedback, setFeedback] = useState<Feedback>(
    view.phone.verified ? { kind: 'success', text: msg('phone.verify.success') ?? '' } : null,
  );
  const [isChecking, setIsChecking] = useState(false);
  const [resending, setResending] = useState<PhoneChannel | null>(null);
  const [isContinuing, setIsContinuing] = useState(false);
  // Focus moves once React has committed the state that re-enables the target (the boxes are disabled
  // while a code is checked, Continue until the server allows it): a requestAnimationFrame can run before
  // that commit, and focusing a disabled control does nothing, leaving keyboard users on <body>.
  const pendingFocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    const fn = pendingFocus.current;
    pendingFocus.current = null;
    fn?.();
  });
  const afterRender = (fn: () => void): void => {
    pendingFocus.current = fn;
  };

  const title = t('verificationCode.title');
  usePageTitle(title, feedback?.kind === 'error');

  const number = phone.number ?? view.personalInfo?.phoneNumber ?? '';
  const isVerified = phone.verified || phone.status === 'approved' || phone.status === 'skipped';
  // A code just resent can still be tried; only 3 wrong codes end the checks.
  const isChecksOver = !canCheckCode(phone);
  const limitReached = !isVerified && isVerificationLimitReached(phone);
  const neverSent = phone.status === 'failed' && phone.sendFailCounter >= VERIFICATION_LIMIT;

  /** 401 → start; a refusal with problem details → its message; anything else → /error (spec 000 §8). */
  const handleFailure = async (error: unknown): Promise<void> => {
    if ((await handleStepError(error, { navigate })) === 'redirected') return;
    const text =
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? problemMessage(error, (k) => msg(k))
        : null;
    if (text) setFeedback({ kind: 'error', text });
    else void navigate(FLOW_ERROR_ROUTES.bare);
  };

  const check = async (code: string) => {
    setIsChecking(true);
    try {
      const result = await checkPhoneCode(code);
      setPhone(result.phone);
      if (result.phone.verified || result.phone.status === 'approved') {
        setFeedback({ kind: 'success', text: msg('phone.verify.success') ?? '' });
        afterRender(() => document.getElementById('code-continue')?.focus());
        return;
      }
      setDigits([...EMPTY_CODE]);
      setFeedback({
        kind: 'error',
        text:
          result.error === 'expired'
            ? t('verificationCode.expired')
            : (msg('phone.verify.invalidCode') ?? ''),
      });
      if (canCheckCode(result.phone))
        afterRender(() => document.getElementById(codeBoxId(CODE_ID, 0))?.focus());
      else afterRender(() => document.getElementById('code-continue')?.focus());
    } catch (error) {
      setDigits([...EMPTY_CODE]);
      await handleFailure(error);
    } finally {
      setIsChecking(false);
    }
  };

  const resend = async (channel: PhoneChannel) => {
    setResending(channel);
    try {
      const result = await startPhoneVerification(channel);
      setPhone(result.phone);
      setDigits([...EMPTY_CODE]);
      if (result.phone.status === 'failed') {
        setFeedback({ kind: 'error', text: msg('phone.verify.sendFailed') ?? '' });
      } else {
        const lastFour = result.phone.lastFour ?? lastFourDigits(result.phone.number ?? number);
        setFeedback({ kind: 'info', text: `${msg('phone.verify.sent') ?? ''} ${lastFour}` });
        afterRender(() => document.getElementById(codeBoxId(CODE_ID, 0))?.focus());
      }
    } catch (error) {
      await handleFailure(error);
    } finally {
      setResending(null);
    }
  };

  const onContinue = async () => {
    setIsContinuing(true);
    try {
      const next = await continuePhoneVerification();
      await navigate(next.nextPath);
    } catch (error) {
      setIsContinuing(false);
      await handleFailure(error);
    }
  };

  let limitNote: string | null = null;
  if (limitReached) {
    if (neverSent) limitNote = t('verificationCode.limitSendFail');
    // A resend also counts as an invalid attempt (spec 000 §4): after 3 resends both counters are at 3, and
    // the applicant who typed no code must not be told they entered an invalid one 3 times.
    else if (phone.resendCounter >= VERIFICATION_LIMIT) limitNote = t('verificationCode.limitResend');
    else limitNote = t('verificationCode.limitInvalid');
  }

  const showResend = canOfferResend(phone) && !neverSent;
  const feedbackClass =
    feedback?.kind === 'error'
      ? 'code-feedback code-feedback--error'
      : feedback?.kind === 'success'
        ? 'code-feedback code-feedback--success'
        : 'code-feedback';

  return (
    <div className="panel">
      <PageHeading>{title}</PageHeading>
      {neverSent ? (
        <p className="lead">{t('verificationCode.notSent')}</p>
      ) : (
        <p className="lead">
          {/* A no-break space keeps '+1' with the number. */}
          {t('verificationCode.sentTo')}
          {'\u00a0'}
          <span className="nowrap">{formatPhoneMask(number)}</span>
        </p>
      )}

      {neverSent ? null : (
        <CodeInput
          id={CODE_ID}
          legend={t('verificationCode.legend')}
          digits={digits}
          onDigitsChange={(next) => {
            setDigits(next);
          }}
          onComplete={(code) => void check(code)}
          isDisabled={isVerified || isChecking || isChecksOver}
          isInvalid={feedback?.kind === 'error'}
          describedById={MESSAGE_ID}
        />
      )}

      <div id={MESSAGE_ID} className="code-message" aria-live="polite" aria-atomic="true">
        {isChecking ? <p className="code-feedback">{t('verificationCode.checking')}</p> : null}
        {!isChecking && feedback ? (
          <p className={feedbackClass}>
            {feedback.kind === 'error' ? (
              <span className="visually-hidden">{t('layout.errorPrefix', { title: '' })}</span>
            ) : null}
            {feedback.text}
          </p>
        ) : null}
        {limitNote ? <p className="notice">{limitNote}</p> : null}
      </div>

      {showResend ? (
        <div className="resend" aria-busy={resending !== null}>
          <p className="resend__intro">{t('verificationCode.resendIntro')}</p>
          <ul className="resend__links">
            <li>
              <button
                type="button"
                className="link-button"
                disabled={resending !== null || isChecking}
                onClick={() => void resend('sms')}
              >
                {t('verificationCode.resendSms')}
              </button>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                disabled={resending !== null || isChecking}
                onClick={() => void resend('call')}
              >
                {t('verificationCode.resendCall')}
              </button>
            </li>
          </ul>
          {resending ? (
            <p className="visually-hidden" role="status">
              {t('phoneVerification.sending')}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="actions">
        <button
          id="code-continue"
          type="button"
          className="button"
          disabled={!phone.canContinue || isContinuing}
          aria-busy={isContinuing}
          onClick={() => void onContinue()}
        >
          {isContinuing ? <span className="spinner spinner--button" aria-hidden="true" /> : null}
          {t('common.continue')}
        </button>
      </div>
    </div>
  );
}
