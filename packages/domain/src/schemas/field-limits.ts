/**
 * Field limits the landing page needs before any form: kept apart from the form schemas (forms.ts) so the
 * first screen loads no schema.
 */

/** Promo code on the profile step (the review screen allows REVIEW_CODE_MAX). */
export const PROMO_CODE_MAX = 8;
