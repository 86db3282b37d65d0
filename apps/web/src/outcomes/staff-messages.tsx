/**
 * What the credit union's staff say to the applicant on an outcome page: why they could not accept the
 * ID documents, and a question waiting for the applicant's answer (staff's askApplicant, decision 0094).
 * The answer is sent once; the page then says it reached the credit union.
 */
import { useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { BusyButton } from '../components/form/busy-button.tsx';
import { answerStaffQuestion } from './outcome-api.ts';
import type { OutcomeData } from './outcome-loader.ts';

export function StaffMessages() {
  const { t } = useTranslation();
  const { decision } = useLoaderData<OutcomeData>();
  const [answer, setAnswer] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'empty' | 'failed'>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (answer.trim() === '') {
      setState('empty');
      return;
    }
    setState('busy');
    try {
      await answerStaffQuestion(answer);
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      {decision.documentsRefusedReason ? (
        <section className="notice outcome__staff" aria-labelledby="documents-refused-title">
          <h2 className="form-section__title" id="documents-refused-title">
            {t('outcomes.staff.documentsRefusedTitle')}
          </h2>
          <p>{t('outcomes.staff.documentsRefusedLead')}</p>
          <blockquote>{decision.documentsRefusedReason}</blockquote>
        </section>
      ) : null}
      {decision.question && state !== 'sent' ? (
        <section className="notice outcome__staff" aria-labelledby="staff-question-title">
          <h2 className="form-section__title" id="staff-question-title">
            {t('outcomes.staff.questionTitle')}
          </h2>
          <blockquote>{decision.question}</blockquote>
          <form noValidate onSubmit={(e) => void onSubmit(e)}>
            <div className={state === 'empty' ? 'field field--error' : 'field'}>
              <label className="field__label" htmlFor="staff-answer">
                {t('outcomes.staff.answerLabel')}
              </label>
              {state === 'empty' ? (
                <p className="field__error" id="staff-answer-error">
                  {t('outcomes.staff.answerRequired')}
                </p>
              ) : null}
              <textarea
                id="staff-answer"
                className="field__input"
                rows={4}
                maxLength={2000}
                value={answer}
                aria-invalid={state === 'empty' ? true : undefined}
                aria-describedby={state === 'empty' ? 'staff-answer-error' : undefined}
                onChange={(e) => setAnswer(e.target.value)}
              />
            </div>
            {state === 'failed' ? (
              <p className="notice notice--error" role="alert">
                {t('outcomes.staff.answerFailed')}
              </p>
            ) : null}
            <BusyButton type="submit" isBusy={state === 'busy'}>
              {t('outcomes.staff.send')}
            </BusyButton>
          </form>
        </section>
      ) : null}
      {state === 'sent' ? (
        <p className="notice" role="status">
          {t('outcomes.staff.answerSent')}
        </p>
      ) : null}
    </>
  );
}
