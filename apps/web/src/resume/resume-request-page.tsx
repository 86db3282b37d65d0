/**
 * /resume: come back to an application from any device. The applicant gives the e-mail address of their
 * application and is told the same whether or not one exists (no enumeration); the link goes to the
 * address of a draft only.
 */
import { useState } from 'react';
import { resumeRequestFormSchema, type ResumeRequestForm } from '@omo/domain';
import { StepForm } from '../components/form/step-form.tsx';
import { TextField } from '../components/form/field.tsx';
import { useSchemaForm } from '../components/form/use-schema-form.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { requestResumeLink } from './resume-api.ts';

const FIELDS = ['email'] as const;

export function ResumeRequestPage() {
  const { t, i18n } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const { form, summary, field, frameOf } = useSchemaForm<ResumeRequestForm>(
    resumeRequestFormSchema,
    { email: '' },
    FIELDS,
  );
  const title = sentTo ? t('resume.checkEmailTitle') : t('resume.requestTitle');
  usePageTitle(title, summary.length > 0);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailed(false);
    try {
      await requestResumeLink({ email, language: i18n.language });
      setSentTo(email);
    } catch {
      setFailed(true);
    }
  });

  if (sentTo) {
    return (
      <div className="panel panel--narrow">
        <PageHeading>{title}</PageHeading>
        <p className="lead">{t('resume.requested', { email: sentTo })}</p>
        <p>{t('resume.requestedNext')}</p>
      </div>
    );
  }
  return (
    <StepForm
      title={title}
      lead={t('resume.requestLead')}
      frame={frameOf(onSubmit, hasFailed)}
      submitLabel={t('resume.requestSubmit')}
    >
      <TextField
        {...field('email')}
        label={t('resume.email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        trimOnBlur
      />
    </StepForm>
  );
}
