/**
 * The form of a screen that is not a step's answers (asking for a resume link, its code, applying alone):
 * react-hook-form with the domain's schema, the error summary's messages, its controls' bindings, and the
 * frame StepForm shows. A step's answers use useStepForm (lib/step.ts), which also saves them.
 */
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import type { FormFrame } from './step-form.tsx';
import { bindFields, useFormErrors } from './use-form-errors.ts';

export function useSchemaForm<T extends FieldValues>(
  schema: z.ZodMiniType<T, T>,
  defaultValues: DefaultValues<T>,
  /** The form's field names, in page order (the error summary's order). */
  fields: readonly string[],
) {
  const form = useForm<T>({
    // The error summary takes focus, not the first field (GOV.UK).
    shouldFocusError: false,
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    defaultValues,
  });
  const { messageOf, summary } = useFormErrors(form.formState.errors, fields);
  const field = bindFields(form.register, messageOf);
  /** What StepForm shows around the form: the summary, and the submit's state. */
  const frameOf = (onSubmit: FormFrame['onSubmit'], hasSubmitFailed = false): FormFrame => ({
    summary,
    submitCount: form.formState.submitCount,
    hasSubmitFailed,
    isSubmitting: form.formState.isSubmitting,
    onSubmit,
  });
  return { form, messageOf, summary, field, frameOf };
}
