import { useMemo, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import * as z from 'zod/mini';
import { flagsOf, sinDigits, sinFormSchema } from '@omo/domain';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { StepForm } from '../../components/form/step-form.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { saveSin, skipSin } from '../../lib/application-api.ts';
import { handleStepError, useStepForm, type StepData } from '../../lib/step.ts';
import { SinField } from './sin-field.tsx';

const FIELDS = ['sin'] as const;
type SinValues = { sin: string };

/**
 * "What's your Social Insurance Number?" (spec 001 §2.3): a masked input with show/hide, the check digit of
 * the domain's sinFormSchema, the in-branch note. The SIN is sent to the server only, never kept in the
 * browser; when one is already saved, an empty field keeps it.
 */
export function SinPage() {
  const { t } = useTranslation();
  const { view, products } = useLoaderData<StepData>();
  const navigate = useNavigate();
  const isSaved = view.sin.provided;
  const schema = useMemo(() => {
    const flags = flagsOf({ products });
    const strict = sinFormSchema({ isTfsaOrFhsa: flags.mTFSA || flags.mFHSA });
    if (!isSaved) return strict;
    // A SIN is already saved: an empty field keeps it.
    return z.object({ sin: z.string() }).check(
      z.superRefine((v, ctx) => {
        if (v.sin.trim() === '') return;
        const result = strict.safeParse(v);
        if (!result.success)
          for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      }),
    );
  }, [products, isSaved]);

  const { form, onSubmit, messageOf, summary, hasSubmitFailed } = useStepForm<SinValues, SinValues>({
    schema,
    defaultValues: { sin: '' },
    fields: FIELDS,
    save: async (values) => {
      const digits = sinDigits(values.sin).replace(/\D/g, '');
      return digits === '' && isSaved ? view : saveSin(digits);
    },
  });
  const { control, formState } = form;
  const title = t('sin.title');
  usePageTitle(title, summary.length > 0);

  const [isSkipping, setSkipping] = useState(false);
  const [hasSkipFailed, setSkipFailed] = useState(false);
  const onSkip = async () => {
    setSkipping(true);
    setSkipFailed(false);
    try {
      await navigate((await skipSin()).nextPath);
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
      lead={t('sin.lead')}
      summary={summary}
      submitCount={formState.submitCount}
      hasSubmitFailed={hasSubmitFailed || hasSkipFailed}
      isSubmitting={formState.isSubmitting}
      isSubmitDisabled={isSkipping}
      onSubmit={onSubmit}
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
      <SinField control={control} error={messageOf('sin')} />
      <p>{t('sin.skipNote')}</p>
    </StepForm>
  );
}
