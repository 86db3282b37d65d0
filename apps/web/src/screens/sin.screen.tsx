/**
 * "What's your Social Insurance Number?" (spec 001 §2.3): a masked input with show/hide, the check digit of
 * the domain's sinFormSchema. The SIN is sent to the server only, never kept in the browser; on the step, when
 * one is already saved, an empty field keeps it. Its review section: the SIN masked with a reveal, edited by
 * entering it again (the saved one is never put back into a field).
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { flagsOf, sinDigits, sinFormSchema } from '@omo/domain';
import { BusyButton } from '../components/form/busy-button.tsx';
import { SinField } from '../components/form/sin-field.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { revealSin, saveSin } from '../lib/application-api.ts';
import type { StepData } from '../lib/step.ts';
import { declareScreen, type AnswersForm } from './screen.ts';

type SinValues = { sin: string };

/** The SIN rules of the application's products (a registered plan needs one). */
const strictSchema = ({ products }: StepData) => {
  const flags = flagsOf({ products });
  return sinFormSchema({ isTfsaOrFhsa: flags.mTFSA || flags.mFHSA });
};

const digitsOf = (values: SinValues) => sinDigits(values.sin).replace(/\D/g, '');

/** The SIN entered (again): required, checked by the domain's rules. */
const sinEntryForm: AnswersForm<SinValues, SinValues> = {
  fields: ['sin'],
  schema: strictSchema,
  defaults: () => ({ sin: '' }),
  save: (values) => saveSin(digitsOf(values)),
  Fields: ({ form, messageOf }) => <SinField control={form.control} error={messageOf('sin')} />,
};

/** The step's form: once a SIN is saved, an empty field keeps it. */
const sinStepForm: AnswersForm<SinValues, SinValues> = {
  ...sinEntryForm,
  schema: (data) => {
    const strict = strictSchema(data);
    if (!data.view.sin.provided) return strict;
    return z.object({ sin: z.string() }).check(
      z.superRefine((v, ctx) => {
        if (v.sin.trim() === '') return;
        const result = strict.safeParse(v);
        if (!result.success)
          for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      }),
    );
  },
  save: async (values, { view }) => {
    const digits = digitsOf(values);
    return digits === '' && view.sin.provided ? view : saveSin(digits);
  },
};

/** The SIN, masked, with a Show/Hide that asks the server for it (kept in memory only while shown). */
function SinReveal({ masked }: { masked: string }) {
  const { t } = useTranslation();
  const [sin, setSin] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const onToggle = async () => {
    if (sin) {
      setSin(null);
      return;
    }
    setLoading(true);
    setFailed(false);
    try {
      setSin(await revealSin());
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  const what = t('sin.what');
  return (
    <div className="sin-reveal">
      <span className="sin-reveal__value" id="sin-value" aria-label={sin ? undefined : t('review.sinMasked')}>
        {sin ?? masked}
      </span>
      <BusyButton
        type="button"
        className="reveal__button"
        isBusy={isLoading}
        aria-controls="sin-value"
        aria-label={sin ? t('formControls.hideLabel', { what }) : t('formControls.showLabel', { what })}
        onClick={() => void onToggle()}
      >
        {sin ? t('formControls.hide') : t('formControls.show')}
      </BusyButton>
      <span className="visually-hidden" aria-live="polite">
        {sin ? t('formControls.shownStatus', { what }) : ''}
      </span>
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          {t('review.sinRevealFailed')}
        </p>
      ) : null}
    </div>
  );
}

export const screen = declareScreen({
  step: 'sin',
  titleKey: 'sin.title',
  lead: (t) => t('sin.lead'),
  form: sinStepForm,
  review: [
    {
      id: 'sin',
      position: 60,
      titleKey: 'review.sections.sin',
      isShown: ({ view }) => view.sin.provided && Boolean(view.sin.masked),
      rows: () => [],
      extra: ({ view }) => <SinReveal masked={view.sin.masked ?? ''} />,
      editor: sinEntryForm,
    },
  ],
});
