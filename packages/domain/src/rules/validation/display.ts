/** Display limits of option text. */

/** Displayed option text limit (spec 000 §5). */
export const OPTION_MAX = 24;
/** Payout option label limit. */
export const PAYOUT_OPTION_MAX = 28;
/** PEP position name limit (spec 001 §2.2). */
export const POSITION_OPTION_MAX = 38;

/**
 * Truncates option text to `max` characters followed by an ellipsis ('…'); shorter text is unchanged.
 * Trailing spaces before the ellipsis are dropped.
 */
export function truncateOption(text: string, max: number = OPTION_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
