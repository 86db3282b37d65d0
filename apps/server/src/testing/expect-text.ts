import { expect } from 'vitest';

/** Expects every one of `parts` in `text` (a string, or a header's list of them), each on its own. */
export function expectToContainEach(text: unknown, parts: readonly string[]): void {
  for (const part of parts) expect(text).toContain(part);
}
