import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { StepForm } from '../../components/form/step-form.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { skipSin } from '../../lib/application-api.ts';
import { goToNext, handleStepError, type StepData } from '../../lib/step.ts';
import { useAnswersForm } from '../../screens/screen.ts';
import { screen as sinScreen } from '../../screens/sin.screen.tsx';

/**
 * "What's your Social Insurance Number?" (spec 001 §2.3): a masked input with show/hide, the check digit of
 * the domain's sinFormSchema, the in-branch note. The SIN is sent to the server only, never kept in the
 * browser; when one is already saved, an empty field keeps it.
 */
export function SinPage() {
  const { t } = useTranslation();
  const data = useLoaderData<StepData>();
  const { view } = data;
  const navigate = useNavigate();
  const isSaved = view.sin.provided;
  const { form, messageOf, frame } = useAnswersForm(sinScreen.form, data);
  const { formState } = form;
  const title = t(sinScreen.titleKey);
  usePageTitle(title, frame.summary.length > 0);

  const [isSkipping, setSkipping] = useState(false);
  const [hasSkipFailed, setSkipFailed] = useState(false);
  const onSkip = async () => {
    setSkipping(true);
    setSkipFailed(false);
    try {
      await goToNext(navigate, await skipSin());
    } catch (error) {
      if ((await handleStepError(error, { navigate })) === 'failed') setSkipFailed(true);
    } finally {
      setSkipping(false);
    }
  };

  const lastThree = view.sin.masked?.slice(-3) ?? '';

  return (
    <StepForm
      title={title}
      lead={sinScreen.lead(t)}
      frame={{ ...frame, hasSubmitFailed: frame.hasSubmitFailed || hasSkipFailed }}
      isSubmitDisabled={isSkipping}
      beforeForm={isSaved ? <p className="notice">{t('sin.saved', { lastThree })}</p> : null}
      extraActions={
        <BusyButton
          type="button"
          className="button button--secondary"
          isBusy={isSkipping}
          onClick={() => void onSkip()}
          disabled={formState.isSubmitting}
        >
          {t('sin.skip')}
        </BusyButton>
      }
    >
      <sinScreen.form.Fields form={form} messageOf={messageOf} data={data} />
      <p>{t('sin.skipNote')}</p>
    </StepForm>
  );
}
