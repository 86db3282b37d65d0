/**
 * On the primary's 'part complete' page: send the co-applicant's invitation again, or to a corrected
 * e-mail address, until the co-applicant starts (the server refuses it after, with 409).
 */
import { useState, type FormEvent } from 'react';
import { jointInvitationResendSchema } from '@omo/domain';
import { FieldError } from '../components/form/field.tsx';
import { useMessage } from '../components/form/use-message.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { isApiStatus, resendJointInvitation } from '../lib/application-api.ts';

export function ResendInvitation({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  const messageOf = useMessage();
  const [value, setValue] = useState(email);
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isClosed, setClosed] = useState(false);
  const [isSending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const parsed = jointInvitationResendSchema.safeParse({ email: value });
    if (!parsed.success) {
      setError(messageOf(parsed.error.issues[0]?.message));
      document.getElementById('resend-email')?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await resendJointInvitation(value.trim());
      setSentTo(value.trim());
    } catch (failure) {
      if (isApiStatus(failure, 409)) setClosed(true);
      else setError(t('outcomes.coApplicant.resend.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="outcome__section" aria-labelledby="resend-heading">
      <h2 id="resend-heading">{t('outcomes.coApplicant.resend.title', { name })}</h2>
      {isClosed ? (
        <p role="status">{t('outcomes.coApplicant.resend.closed', { name })}</p>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className={error ? 'field field--error' : 'field'}>
            <label className="field__label" htmlFor="resend-email">
              {t('outcomes.coApplicant.resend.label', { name })}
            </label>
            <p className="field__hint" id="resend-email-hint">
              {t('outcomes.coApplicant.resend.hint')}
            </p>
            <FieldError id="resend-email" message={error} />
            <input
              id="resend-email"
              className="field__input"
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'resend-email-hint resend-email-error' : 'resend-email-hint'}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <button
            type="submit"
            className="button button--secondary"
            disabled={isSending}
            aria-busy={isSending}
          >
            {t('outcomes.coApplicant.resend.send')}
          </button>
          <p role="status">{sentTo ? t('outcomes.coApplicant.resend.sent', { email: sentTo }) : ''}</p>
        </form>
      )}
    </section>
  );
}
