/** The codes section of 'Review your application'. */
import * as z from 'zod/mini';
import { promoCodeFieldSchema, referralCodeFieldSchema } from './codes.ts';
import { REVIEW_CODE_MAX } from './limits.ts';

/** Promo and referral codes as edited on the review screen (both at most 12). */
export const reviewCodesFormSchema = z.object({
  promoCode: promoCodeFieldSchema(REVIEW_CODE_MAX),
  referralCode: referralCodeFieldSchema,
});
