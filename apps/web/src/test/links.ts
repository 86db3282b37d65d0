import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Expects the link named `name` (on the screen, or within `scope`) to lead to `href`. */
export function expectLinkTo(
  name: string | RegExp,
  href: string,
  scope: Pick<typeof screen, 'getByRole'> = screen,
): void {
  expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}
