import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deriveApplicationFlags, nextRoute, sinDigits, sinFormSchema } from '@omo/domain';
import { StepFormTop } from '../../components/form/step-form-top.tsx';
import { MaskedField } from '../../components/form/masked-field.tsx';
import { useFormErrors } from '../../components/form/use-form-errors.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import {
  flowOfPath,
  handleStepSubmitError,
  saveSin,
  skipSin,
  type ApplicationView,
} from '../../lib/application-api.ts';
import { updateSlice } from '../../lib/session-state.ts';
import type { StepData } from '../personal-info/personal-info-loader.ts';

const FIELDS = ['sin'] as const;
type SinValues = { sin: string };

/** Digits typed or pasted, grouped 'NNN NNN NNN' (at most nine digits). */
export function formatSinInput(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 9);
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6)].filter(Boolean).join(' ');
}

/**
 * "What's your Social Insurance Number?" (spec 001 §2.3): a masked input with show/hide, the check digit of
 * the domain's sinFormSchema, the in-branch note. The SIN is sent to the server only, never kept in the
 * browser; when one is already saved, an empty field keeps it.
 */
export function SinPage() {
  const { t } = useTranslation();
  const { view, products } = useLoaderData<StepData>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const flow = flowOfPath(pathname);
  const isSaved = view.sin.provided;
  const schema = useMemo(() => {
    const flags = deriveApplicationFlags(products);
    const strict = sinFormSchema({ isTfsaOrFhsa: flags.mTFSA || flags.mFHSA });
    if (!isSaved) return strict;
    return z.object({ sin: z.string() }).superRefine((v, ctx) => {
      if (v.sin.trim() === '') return;
      const result = strict.safeParse(v);
      if (!result.success)
        for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    });
  }, [products, isSaved]);

  const { control, handleSubmit, setError, formState } = useForm<SinValues, unknown, SinValues>({
    // The error summary takes focus, not the first field (GOV.UK).
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: { sin: '' },
  });
  const { messageOf, summary } = useFormErrors(formState.errors, FIELDS);
  const title = t('sin.title');
  usePageTitle(title, summary.length > 0);

  const [isSkipping, setSkipping] = useState(false);
  const goOn = async (saved: ApplicationView) => {
    updateSlice('progress', { confirmProduct: true });
    await navigate(saved.nextPath || (nextRoute(flow, 'sin', { isInterestBearing: true }) ?? '/'));
  };

  const onSkip = async () => {
    setSkipping(true);
    try {
      await goOn(await skipSin());
    } catch (error) {
      const outcome = await handleStepSubmitError(error, { setError, fields: FIELDS, navigate });
      if (outcome === 'failed') setError('root.server', { type: 'server', message: 'failed' });
    } finally {
      setSkipping(false);
    }
  };

  const onSubmit = async (values: SinValues) => {
    try {
      const digits = sinDigits(values.sin).replace(/\D/g, '');
      const saved = digits === '' && isSaved ? view : await saveSin(digits);
      updateSlice('progress', { confirmProduct: true });
      await navigate(saved.nextPath || (nextRoute(flow, 'sin', { isInterestBearing: true }) ?? '/'));
    } catch (error) {
      const outcome = await handleStepSubmitError(error, { setError, fields: FIELDS, navigate });
      if (outcome === 'failed') setError('root.server', { type: 'server', message: 'failed' });
    }
  };

  const lastThree = view.sin.masked?.slice(-3) ?? '';

  return (
    <div className="panel">
      <StepFormTop
        title={title}
        errors={summary}
        submitCount={formState.submitCount}
        hasSubmitFailed={Boolean(formState.errors.root?.server)}
      />
      <p className="lead">{t('sin.lead')}</p>
      {isSaved ? <p className="notice">{t('sin.saved', { lastThree })}</p> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <MaskedField
          control={control}
          name="sin"
          id="sin"
          label={t('sin.label')}
          hint={t('sin.hint')}
          error={messageOf('sin')}
          format={formatSinInput}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          secretName={t('sin.what')}
          className="field__input--short"
        />
        <p>{t('sin.skipNote')}</p>
        <div className="actions">
          <button type="submit" className="button" disabled={formState.isSubmitting || isSkipping}>
            {t('common.continue')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void onSkip()}
            disabled={formState.isSubmitting || isSkipping}
          >
            {t('sin.skip')}
          </button>
        </div>
      </form>
    </div>
  );
}
