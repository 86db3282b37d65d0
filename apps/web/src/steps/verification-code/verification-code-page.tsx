/**
 * /single/verificationCode and /joint/verificationCode, 'Verify your phone number' (spec 000 §2, §4; spec
 * 001 §4.6). Six code boxes auto-submitted at six digits (POST PhoneVerification/Check); states neutral,
 * error ('Invalid code, please try again') and success (boxes disabled, 'Your mobile phone has been
 * successfully verified!'), announced through a polite live region; resend links (POST
 * PhoneVerification/Start) with 'Code sent to phone number ending in' and the last four digits, gone after 3
 * resends or 3 invalid codes; Continue (POST PhoneVerification/Continue) enabled only when the server says
 * `canContinue` (verified, or a counter reached 3), and named 'Continue without verifying' when a limit lets
 * the applicant go on unverified; a right code goes on to the next step at once (decision 0102). The limits are the server's: its refusals (429) are shown as its message.
 * When the phone service cannot check a code, the page moves on to the next step (the address), unverified.
 *
 * A wrong code is an error like any other form's: the error summary takes focus and the digits stay,
 * selected, so the applicant can correct one or retype the whole code. The resend links offer a home phone
 * the voice call first; their outcome is said beside them.
 */
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  FLOW_ERROR_ROUTES,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_LIMIT,
  channelsInOrder,
  codeTriesLeft,
  isVerificationLimitReached,
  formatPhoneMask,
  lastFourDigits,
  type ApplicationPhoneView,
  type PhoneChannel,
} from '@omo/domain';
import { StepFormTop } from '../../components/form/step-form-top.tsx';
import { useMessage } from '../../components/form/use-message.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import {
  checkPhoneCode,
  continuePhoneVerification,
  startPhoneVerification,
} from '../../lib/application-api.ts';
import { ApiError } from '../../lib/api.ts';
import { goToNext, handleStepError, type StepData } from '../../lib/step.ts';
import { problemMessage } from '../../lib/phone-verification-state.ts';
import { CodeInput, EMPTY_CODE, codeBoxId } from './code-input.tsx';
import '../../components/phone-verification.css';
import './verification-code.css';
import { BusyButton } from '../../components/form/busy-button.tsx';

type PhoneView = ApplicationPhoneView;

const CODE_ID = 'code';
const MESSAGE_ID = 'code-message';

/** What the last resend did, said beside the resend links. */
type ResendNote = { kind: 'sent' | 'failed'; text: string } | null;

/** Codes that may still be tried: the server's count (it knows the new codes sent after wrong ones). */
function triesLeftOf(phone: PhoneView): number {
  return phone.triesLeft ?? codeTriesLeft(phone);
}

/** Resend links are offered until 3 resends or 3 invalid codes (and while the server allows). */
function canOfferResend(phone: PhoneView): boolean {
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
  // After a wrong code: its digits stay, selected for retyping, and the same code is not sent again.
  const [isCodeSelected, setIsCodeSelected] = useState(false);
  const [rejectedCode, setRejectedCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // Counts the code errors shown: the error summary takes focus once for each.
  const [errorCount, setErrorCount] = useState(0);
  const [resendNote, setResendNote] = useState<ResendNote>(null);
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

  // A code is waiting when the screen opens: its first box has focus, where the phone's keyboard offers the
  // code of the text message (one-time-code) in one tap.
  const [isCodeWaiting] = useState(
    () => !view.phone.verified && view.phone.status === 'pending' && triesLeftOf(view.phone) > 0,
  );
  useEffect(() => {
    if (isCodeWaiting) document.getElementById(codeBoxId(CODE_ID, 0))?.focus();
  }, [isCodeWaiting]);

  const title = t('verificationCode.title');
  usePageTitle(title, codeError !== null);

  const number = phone.number ?? view.personalInfo?.phoneNumber ?? '';
  const isVerified = phone.verified || phone.status === 'approved' || phone.status === 'skipped';
  // A code just resent can still be tried; only 3 wrong codes end the checks.
  const isChecksOver = triesLeftOf(phone) === 0;
  const limitReached = !isVerified && isVerificationLimitReached(phone);
  const neverSent = phone.status === 'failed' && phone.sendFailCounter >= VERIFICATION_LIMIT;

  const showCodeError = (text: string): void => {
    setCodeError(text);
    setErrorCount((n) => n + 1);
  };

  /**
   * 401 → start; 409 → the step the server names; a refusal with problem details → its message, through
   * `show`; anything else → /error.
   */
  const handleFailure = async (error: unknown, show: (text: string) => void): Promise<void> => {
    if ((await handleStepError(error, { navigate })) === 'redirected') return;
    const text =
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? problemMessage(error, (k) => msg(k))
        : null;
    if (text) show(text);
    else void navigate(FLOW_ERROR_ROUTES.bare);
  };

  const check = async (code: string) => {
    // The code just refused stays on screen with its error: sending it again would only cost an attempt.
    if (code === rejectedCode) return;
    setIsChecking(true);
    try {
      const result = await checkPhoneCode(code);
      setPhone(result.phone);
      // The phone service could not check it: the applicant goes on to the address, unverified.
      if (result.error === 'unavailable') {
        await onContinue();
        return;
      }
      if (result.phone.verified || result.phone.status === 'approved') {
        setCodeError(null);
        setIsCodeSelected(false);
        // Verified: on to the next step at once, as the hint said (decision 0102).
        await onContinue();
        return;
      }
      setRejectedCode(code);
      const text =
        result.error === 'expired' ? t('verificationCode.expired') : (msg('phone.verify.invalidCode') ?? '');
      if (triesLeftOf(result.phone) > 0) {
        // The summary takes focus; its link leads to the first box, where typing starts the code again.
        setIsCodeSelected(true);
        showCodeError(text);
      } else {
        // No check left: the limit note says what now, and the way on is the Continue button.
        setCodeError(text);
        afterRender(() => document.getElementById('code-continue')?.focus());
      }
    } catch (error) {
      await handleFailure(error, showCodeError);
    } finally {
      setIsChecking(false);
    }
  };

  const resend = async (channel: PhoneChannel) => {
    setResending(channel);
    setResendNote(null);
    try {
      const result = await startPhoneVerification(channel);
      setPhone(result.phone);
      if (result.error === 'ceiling') {
        // Nothing was sent; the code sent before still works.
        setResendNote({ kind: 'failed', text: t('phoneVerification.ceiling') });
      } else if (result.phone.status === 'failed') {
        setResendNote({
          kind: 'failed',
          text: `${msg('phone.verify.sendFailed') ?? ''}. ${t('phoneVerification.sendFailedNext')}`,
        });
      } else {
        const lastFour = result.phone.lastFour ?? lastFourDigits(result.phone.number ?? number);
        setDigits([...EMPTY_CODE]);
        setIsCodeSelected(false);
        setRejectedCode(null);
        setCodeError(null);
        setResendNote({ kind: 'sent', text: `${msg('phone.verify.sent') ?? ''} ${lastFour}` });
        afterRender(() => document.getElementById(codeBoxId(CODE_ID, 0))?.focus());
      }
    } catch (error) {
      await handleFailure(error, (text) => setResendNote({ kind: 'failed', text }));
    } finally {
      setResending(null);
    }
  };

  const onContinue = async () => {
    setIsContinuing(true);
    try {
      await goToNext(navigate, await continuePhoneVerification());
    } catch (error) {
      setIsContinuing(false);
      await handleFailure(error, showCodeError);
    }
  };

  let limitNote: string | null = null;
  if (limitReached) {
    // Three sends that failed or that a ceiling refused (a code sent before may still be entered).
    if (phone.sendFailCounter >= VERIFICATION_LIMIT) limitNote = t('verificationCode.limitSendFail');
    // A resend also counts as an invalid attempt (spec 000 §4): after 3 resends both counters are at 3, and
    // the applicant who typed no code must not be told they entered an invalid one 3 times.
    else if (phone.resendCounter >= VERIFICATION_LIMIT) limitNote = t('verificationCode.limitResend');
    // A new code sent after the wrong codes were used up: tries again, nothing to say.
    else if (!isChecksOver) limitNote = null;
    else limitNote = t('verificationCode.limitInvalid');
  }
  const triesLeft = triesLeftOf(phone);
  // After a wrong code that leaves tries: how many.
  const triesNote =
    codeError && !isVerified && !isChecksOver && rejectedCode !== null
      ? t('verificationCode.triesLeft', { count: triesLeft })
      : null;
  const newCodeLabel: Record<PhoneChannel, string> = {
    sms: t('verificationCode.newCode.sms'),
    call: t('verificationCode.newCode.call'),
  };

  const showResend = canOfferResend(phone) && !neverSent;
  const channels = channelsInOrder(phone.type ?? view.personalInfo?.phoneType);
  const resendLabel: Record<PhoneChannel, string> = {
    sms: t('verificationCode.resendSms'),
    call: t('verificationCode.resendCall'),
  };
  const summaryErrors =
    codeError && !isVerified && !isChecksOver ? [{ fieldId: codeBoxId(CODE_ID, 0), message: codeError }] : [];

  return (
    <div className="panel">
      <StepFormTop title={title} errors={summaryErrors} submitCount={errorCount} />
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
          hint={`${t('verificationCode.expiry', { count: VERIFICATION_CODE_TTL_MINUTES })} ${t('verificationCode.movesOn')}`}
          error={isVerified ? undefined : (codeError ?? undefined)}
          digits={digits}
          onDigitsChange={(next) => {
            setDigits(next);
            setIsCodeSelected(false);
          }}
          onComplete={(code) => void check(code)}
          isDisabled={isVerified || isChecking || isChecksOver}
          isCodeSelected={isCodeSelected && !isChecksOver}
          describedById={MESSAGE_ID}
        />
      )}

      <div id={MESSAGE_ID} className="code-message" aria-live="polite" aria-atomic="true">
        {isChecking ? <p className="code-feedback">{t('verificationCode.checking')}</p> : null}
        {!isChecking && isVerified ? (
          <p className="code-feedback code-feedback--success">{msg('phone.verify.success')}</p>
        ) : null}
        {triesNote ? <p className="code-feedback">{triesNote}</p> : null}
        {limitNote ? <p className="notice">{limitNote}</p> : null}
      </div>

      {phone.canGetNewCode && isChecksOver && !isVerified ? (
        <section className="resend" aria-labelledby="new-code-title" aria-busy={resending !== null}>
          <h2 className="form-section__title" id="new-code-title">
            {t('verificationCode.newCode.title')}
          </h2>
          <p>{t('verificationCode.newCode.text')}</p>
          <div className="actions">
            {channels.map((channel) => (
              <button
                key={channel}
                type="button"
                className="button button--secondary"
                disabled={resending !== null}
                aria-busy={resending === channel}
                onClick={() => void resend(channel)}
              >
                {newCodeLabel[channel]}
              </button>
            ))}
          </div>
        </section>
      ) : null}

      {showResend ? (
        <div className="resend" aria-busy={resending !== null}>
          <p className="resend__intro">{t('verificationCode.resendIntro')}</p>
          <ul className="resend__links">
            {channels.map((channel) => (
              <li key={channel}>
                <button
                  type="button"
                  className="link-button"
                  disabled={resending !== null || isChecking}
                  onClick={() => void resend(channel)}
                >
                  {resendLabel[channel]}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Outside the resend block: the third resend removes the links but must still say where it went. */}
      <div aria-live="polite" aria-atomic="true">
        {resending ? <p className="visually-hidden">{t('phoneVerification.sending')}</p> : null}
        {resendNote ? (
          <p className={resendNote.kind === 'failed' ? 'notice notice--error' : 'resend__note'}>
            {resendNote.text}
          </p>
        ) : null}
      </div>

      <div className="actions">
        <BusyButton
          id="code-continue"
          type="button"
          disabled={!phone.canContinue}
          isBusy={isContinuing}
          onClick={() => void onContinue()}
        >
          {limitReached ? t('verificationCode.continueUnverified') : t('common.continue')}
        </BusyButton>
      </div>
    </div>
  );
}
