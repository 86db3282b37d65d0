/**
 * The one form set-up of the flow's answers, for a step screen and for a section of the review alike:
 * - `stepLoader(stepId)` and `handleStepError(...)` (step-route.ts, re-exported here): the route's loader
 *   and what a failed save does;
 * - `useStepForm(...)`: a react-hook-form form with the domain's schema whose submit saves, then goes where
 *   the server says (handing the saved view to that screen's loader) or, on the review, gives the view to
 *   the section (`onSaved`). Its `frame` is what the form's frame (StepForm, SectionForm) shows.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import type { FormFrame } from '../components/form/step-form.tsx';
import { useFormErrors } from '../components/form/use-form-errors.ts';
import type { ApplicationView } from './application-api.ts';
import { goToNext, handleStepError } from './step-route.ts';

export { goToNext, handleStepError, stepLoader, type StepData } from './step-route.ts';

interface StepFormOptions<TIn extends FieldValues, TOut> {
  schema: z.ZodMiniType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** The form's field names, in page order (the error summary's order). */
  fields: readonly string[];
  /** Saves the answers; answers the application's view. */
  save: (values: TOut) => Promise<ApplicationView>;
  /** What a save does with the view (default: go to the screen it names). */
  onSaved?: (view: ApplicationView) => unknown;
  /** The form field of a server error's path, when the form names its fields differently. */
  fieldOfPath?: (path: string) => string;
  /** When a field's error is checked again after a failed submit (react-hook-form's, default on change). */
  reValidateMode?: 'onChange' | 'onBlur' | 'onSubmit';
}

/** An answers form: the domain schema, the error summary's messages, and a submit that saves. */
export function useStepForm<TIn extends FieldValues, TOut>(options: StepFormOptions<TIn, TOut>) {
  const navigate = useNavigate();
  const [hasSubmitFailed, setSubmitFailed] = useState(false);
  const form = useForm<TIn, unknown, TOut>({
    // The error summary takes focus, not the first field (GOV.UK).
    shouldFocusError: false,
    resolver: zodResolver(options.schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    defaultValues: options.defaultValues,
    ...(options.reValidateMode ? { reValidateMode: options.reValidateMode } : {}),
  });
  const { messageOf, summary } = useFormErrors(form.formState.errors, options.fields);
  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitFailed(false);
    try {
      const view = await options.save(values);
      await (options.onSaved ? options.onSaved(view) : goToNext(navigate, view));
    } catch (error) {
      const outcome = await handleStepError(error, {
        setError: form.setError,
        fields: options.fields,
        ...(options.fieldOfPath ? { fieldOfPath: options.fieldOfPath } : {}),
        navigate,
      });
      if (outcome === 'failed') setSubmitFailed(true);
    }
  });
  const { submitCount, isSubmitting } = form.formState;
  const frame: FormFrame = { summary, submitCount, hasSubmitFailed, isSubmitting, onSubmit };
  // Each field's saved answer is in its markup too (defaultValue, which the radios and the checkbox read
  // as checked), so that the page the server renders shows it (decision 0105); react-hook-form sets the
  // same value once the app runs.
  const register: UseFormRegister<TIn> = (name, registerOptions) =>
    Object.assign(form.register(name, registerOptions), { defaultValue: form.getValues(name) as unknown });
  const shown: UseFormReturn<TIn, unknown, TOut> = { ...form, register };
  return { form: shown, onSubmit, messageOf, summary, hasSubmitFailed, frame };
}
