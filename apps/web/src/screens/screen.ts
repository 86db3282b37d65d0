/**
 * A screen declared once (decision 0064), in screens/<stepId>.screen.tsx: its form (fields in page order,
 * defaults, the domain schema, the save, the fields' component) and its sections on 'Review your
 * application' (title, position, summary rows, and the form that edits them). The router makes the step's
 * page from it (`ScreenPage`) unless steps/ has one written by hand, and the review makes its sections from
 * it, in the single and the joint flow: a new screen is that one file.
 */
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { StepId } from '@omo/domain';
import type { Lang, TFunction, TFuncKey } from '../i18n/i18n.ts';
import type { ApplicationView } from '../lib/application-api.ts';
import { useStepForm, type StepData } from '../lib/step.ts';

/** What a screen's fields are given: the form, its translated errors, and the loader's data. */
export interface FieldsProps<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  messageOf: (name: string) => string | undefined;
  data: StepData;
}

/** A form of answers: a step's page, a section's edit mode, or both. */
export interface AnswersForm<TIn extends FieldValues, TOut> {
  /** The form's field names in page order (the error summary's order); a function when they depend on the data. */
  fields: readonly string[] | ((data: StepData) => readonly string[]);
  schema: (data: StepData) => z.ZodMiniType<TOut, TIn>;
  defaults: (data: StepData) => DefaultValues<TIn>;
  /** Saves the answers with the step's PUT; `data` is the newest the page holds. */
  save: (values: TOut, data: StepData) => Promise<ApplicationView>;
  Fields: ComponentType<FieldsProps<TIn, TOut>>;
  reValidateMode?: 'onChange' | 'onBlur' | 'onSubmit';
}

/** One row of a review section's summary list. */
export interface SummaryRow {
  label: string;
  value: ReactNode;
}

/** What a review section's rows are made from. */
export interface SectionContext {
  data: StepData;
  t: TFunction;
  lang: Lang;
}

/** A section of 'Review your application'. */
export interface ReviewSectionDeclaration {
  /** Its id (the section's element ids and test id `review-<id>`). */
  id: string;
  /** Where the review shows it: sections are in ascending position. */
  position: number;
  titleKey: TFuncKey;
  /** Whether the review shows it (default: always). */
  isShown?: (data: StepData) => boolean;
  rows: (context: SectionContext) => SummaryRow[];
  /** Shown after the rows (e.g. the SIN's reveal). */
  extra?: (data: StepData) => ReactNode;
  /** The form of its edit mode; absent, or `isEditable` false: nothing of it can be edited. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each section has its own form types
  editor?: AnswersForm<any, any>;
  isEditable?: (data: StepData) => boolean;
  /** A section changed on its step's own page (no editor): its Change link goes there. */
  changeStep?: StepId;
}

/** A step's screen. */
export interface ScreenDeclaration<TIn extends FieldValues, TOut> {
  step: StepId;
  titleKey: TFuncKey;
  lead?: (t: TFunction, data: StepData) => string;
  /** Its form; absent when the step's page is written by hand (steps/) and only its review is declared. */
  form?: AnswersForm<TIn, TOut>;
  /** Its sections on the review, in order. */
  review: readonly ReviewSectionDeclaration[];
}

/** What a screens/<stepId>.screen.tsx module exports. */
export interface ScreenModule {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen has its own form types
  screen: ScreenDeclaration<any, any>;
}

/** Declares a screen (types its form once). */
export function declareScreen<TIn extends FieldValues, TOut, S extends ScreenDeclaration<TIn, TOut>>(
  screen: S & ScreenDeclaration<TIn, TOut>,
): S {
  return screen;
}

/**
 * The one form set-up of a declared form: its schema for this data, its defaults, its save.
 * @param newest the data a save reads (the review's newest view, so two sections never undo each other)
 * @param onSaved what a save does with the view (default: go to the screen it names)
 */
export function useAnswersForm<TIn extends FieldValues, TOut>(
  declared: AnswersForm<TIn, TOut>,
  data: StepData,
  newest: () => StepData = () => data,
  onSaved?: (view: ApplicationView) => unknown,
) {
  const { view, products, flow } = data;
  const schema = useMemo(() => declared.schema({ view, products, flow }), [declared, view, products, flow]);
  return useStepForm<TIn, TOut>({
    schema,
    defaultValues: declared.defaults(data),
    fields: typeof declared.fields === 'function' ? declared.fields(data) : declared.fields,
    save: (values) => declared.save(values, newest()),
    ...(onSaved ? { onSaved } : {}),
    ...(declared.reValidateMode ? { reValidateMode: declared.reValidateMode } : {}),
  });
}
