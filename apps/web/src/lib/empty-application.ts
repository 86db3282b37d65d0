import type { ApplicationState } from './session-state.ts';

/** The application slice before any product is chosen (e.g. a direct visit to a step). */
export const EMPTY_APPLICATION: ApplicationState = {
  selectedProducts: [],
  sweepEnabled: false,
  promoCode: '',
};
