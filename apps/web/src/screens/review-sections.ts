/** The sections of 'Review your application', in order: each declared with its screen. */
import { addressScreen } from './address.tsx';
import { codesSection } from './codes.tsx';
import { personalInfoScreen } from './personal-info.tsx';
import { productsScreen } from './products.tsx';
import type { ReviewSectionDeclaration } from './screen.ts';
import { sinScreen } from './sin.tsx';

export const REVIEW_SECTIONS: readonly ReviewSectionDeclaration[] = [
  ...personalInfoScreen.review,
  ...addressScreen.review,
  ...productsScreen.review,
  codesSection,
  ...sinScreen.review,
];
