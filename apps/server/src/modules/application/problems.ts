/**
 * The problems the application's services answer: validation failures (field errors keyed by MessageKey,
 * sent with their English text and the contact phone) and the 409 of a step saved out of order.
 */
import { formatMessage, isMessageKey, type ProblemDetails } from '@omo/domain';
import { z } from 'zod';
import { HttpProblem, VALIDATION_DETAIL } from '../../plugins/problem-details.ts';

type FieldError = NonNullable<ProblemDetails['errors']>[number];

export const STEP_OUT_OF_ORDER = 'Step out of order';

/** Parses `input` with a domain schema; a failure becomes the 400 problem with `errors: [{ path, key, message }]`. */
export function parseOrThrow<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  contactPhone: string,
): z.output<S> {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  throw validationProblem(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), key: issue.message })),
    contactPhone,
  );
}

/** The 400 problem of field issues (keys are MessageKeys, sent with their English text). */
export function validationProblem(
  issues: { path: string; key: string }[],
  contactPhone: string,
): HttpProblem {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const { path, key } of issues) {
    if (seen.has(`${path}\u0000${key}`)) continue;
    seen.add(`${path}\u0000${key}`);
    errors.push(
      isMessageKey(key)
        ? { path, key, message: formatMessage(key, 'en', { phone: contactPhone }) }
        : { path, message: key },
    );
  }
  return new HttpProblem(400, VALIDATION_DETAIL, { errors });
}
