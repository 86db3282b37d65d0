/**
 * /resume/open?token=…: the link of a resume e-mail. Opening it asks nothing of the server (a mail scanner
 * following the link must not spend it); 'Send me a code' sends a code to the phone verified in the
 * application (or to the e-mail), and the right code starts a new session at the step where the applicant
 * left. Nothing of the application shows before that. An unknown, used or expired link, or one tried too
 * often, says so and offers a new one.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RESUME_ROUTES, resumeCodeFormSchema, type ResumeCodeForm } from '@omo/domain';
import { BusyButton } from '../components/form/busy-button.tsx';
import { StepForm } from '../components/form/step-form.tsx';
import { TextField } from '../components/form/field.tsx';
import { useSchemaForm } from '../components/form/use-schema-form.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { fieldErrorsFromProblem, isApiStatus } from '../lib/application-api.ts';
import { openResumeLink, verifyResumeCode } from './resume-api.ts';
import { useStageFocus } from '../app/layout/route-focus.tsx';

const FIELDS = ['code'] as const;

type Stage = 'start' | 'code' | 'gone' | 'spent';

export function ResumeOpenPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [stage, setStage] = useState<Stage>(token ? 'start' : 'gone');
  const [channel, setChannel] = useState<'sms' | 'email'>('email');
  const [isSending, setSending] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  useStageFocus(stage);

  /** A refused link: ended (410) or tried too often (429); anything else may be tried again. */
  const endedBy = (error: unknown): boolean => {
    if (isApiStatus(error, 410)) setStage('gone');
    else if (isApiStatus(error, 429)) setStage('spent');
    else return false;
    return true;
  };

  const sendCode = async () => {
    if (isSending) return;
    setSending(true);
    setFailed(false);
    try {
      setChannel((await openResumeLink(token)).channel);
      setStage('code');
    } catch (error) {
      if (!endedBy(error)) setFailed(true);
    } finally {
      setSending(false);
    }
  };

  if (stage === 'gone' || stage === 'spent') return <LinkEnded stage={stage} />;
  if (stage === 'start') return <StartStage isSending={isSending} hasFailed={hasFailed} onSend={sendCode} />;
  return (
    <CodeStage token={token} channel={channel} onEnded={endedBy} onResend={sendCode} isSending={isSending} />
  );
}

function StartStage({
  isSending,
  hasFailed,
  onSend,
}: {
  isSending: boolean;
  hasFailed: boolean;
  onSend: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const title = t('resume.openTitle');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('resume.openLead')}</p>
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          {t('resume.failed')}
        </p>
      ) : null}
      <div className="actions">
        <BusyButton type="button" isBusy={isSending} onClick={() => void onSend()}>
          {t('resume.sendCode')}
        </BusyButton>
      </div>
    </div>
  );
}

function CodeStage({
  token,
  channel,
  onEnded,
  onResend,
  isSending,
}: {
  token: string;
  channel: 'sms' | 'email';
  onEnded: (error: unknown) => boolean;
  onResend: () => Promise<void>;
  isSending: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [hasFailed, setFailed] = useState(false);
  const { form, summary, field, frameOf } = useSchemaForm<ResumeCodeForm>(
    resumeCodeFormSchema,
    { code: '' },
    FIELDS,
  );
  const title = t('resume.codeTitle');
  usePageTitle(title, summary.length > 0);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailed(false);
    try {
      const { nextPath } = await verifyResumeCode(token, code);
      await navigate(nextPath);
    } catch (error) {
      if (onEnded(error)) return;
      if (!fieldErrorsFromProblem(error, form.setError, FIELDS)) setFailed(true);
    }
  });

  return (
    <StepForm
      title={title}
      lead={channel === 'sms' ? t('resume.codeSentSms') : t('resume.codeSentEmail')}
      frame={frameOf(onSubmit, hasFailed)}
      submitLabel={t('resume.verify')}
      extraActions={
        <BusyButton
          type="button"
          className="button button--secondary"
          isBusy={isSending}
          onClick={() => void onResend()}
        >
          {t('resume.resend')}
        </BusyButton>
      }
    >
      <TextField
        {...field('code')}
        label={t('resume.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="field__input--short"
        trimOnBlur
      />
    </StepForm>
  );
}

function LinkEnded({ stage }: { stage: 'gone' | 'spent' }) {
  const { t } = useTranslation();
  const title = stage === 'gone' ? t('resume.goneTitle') : t('resume.spentTitle');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow" data-link-state={stage}>
      <PageHeading>{title}</PageHeading>
      <p className="lead">{stage === 'gone' ? t('resume.goneText') : t('resume.spentText')}</p>
      <p>
        <Link className="button" to={RESUME_ROUTES.request}>
          {t('resume.askNewLink')}
        </Link>
      </p>
    </div>
  );
}
