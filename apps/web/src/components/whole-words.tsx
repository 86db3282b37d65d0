import type { ReactNode } from 'react';

// A word with a hyphen inside ('Non-Redeemable', '1-Year', 'Épargne-objectif').
const HYPHENATED_WORD = /([\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+)/u;

/**
 * The text with its hyphenated words kept whole: a narrow screen never breaks 'Non-' from 'Redeemable'
 * (browsers break after a hyphen; CSS has no way to forbid only that).
 */
export function WholeWords({ text }: { text: string }): ReactNode {
  return text.split(HYPHENATED_WORD).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
