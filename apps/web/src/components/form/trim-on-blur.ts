import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Wraps a react-hook-form registration so that leaving the field normalises its value (e.g. trims names,
 * spec 000 §5 "trimmed on blur"): the control's value is rewritten, the form is told through the
 * registration's own onChange, then the usual onBlur runs.
 */
export function withTrimOnBlur(
  registration: UseFormRegisterReturn,
  trim: (value: string) => string = (value) => value.trim(),
): UseFormRegisterReturn {
  return {
    ...registration,
    onBlur: async (event) => {
      const input = event.target as HTMLInputElement;
      const trimmed = trim(input.value);
      if (trimmed !== input.value) {
        input.value = trimmed;
        await registration.onChange(event);
      }
      return registration.onBlur(event);
    },
  };
}
