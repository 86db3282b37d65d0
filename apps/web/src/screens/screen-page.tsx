import { useLoaderData } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import { StepForm } from '../components/form/step-form.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import type { StepData } from '../lib/step.ts';
import { useAnswersForm, type ScreenDeclaration } from './screen.ts';

/** The step page of a declared screen: its title, lead and fields in the step form; Continue saves. */
export function ScreenPage<TIn extends FieldValues, TOut>({
  screen,
}: {
  screen: ScreenDeclaration<TIn, TOut>;
}) {
  const declared = screen.form;
  // A screen without a form has its page written by hand (steps/): the router never makes one for it.
  if (!declared) throw new Error(`The screen of ${screen.step} declares no form`);
  const { t } = useTranslation();
  const data = useLoaderData<StepData>();
  const { form, messageOf, frame } = useAnswersForm(declared, data);
  const title = t(screen.titleKey);
  usePageTitle(title, frame.summary.length > 0);
  const { Fields } = declared;
  return (
    <StepForm title={title} lead={screen.lead?.(t, data)} frame={frame}>
      <Fields form={form} messageOf={messageOf} data={data} />
    </StepForm>
  );
}
