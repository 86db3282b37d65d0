/** The sections of 'Review your application', in order: each declared with its screen (screens/*.screen.tsx). */
import type { ReviewSectionDeclaration, ScreenModule } from './screen.ts';

const SCREENS = import.meta.glob<ScreenModule>('./*.screen.tsx', { eager: true });

export const REVIEW_SECTIONS: readonly ReviewSectionDeclaration[] = Object.values(SCREENS)
  .flatMap((module) => module.screen.review)
  .sort((a, b) => a.position - b.position);
