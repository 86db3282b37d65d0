/** The promo and referral code fields (create profile and the review screen). */
import * as z from 'zod/mini';
import type { MessageKey } from '../../messages/messages.ts';
import { PROMO_CODE_MAX } from '../field-limits.ts';
import { issue, storableString } from './form-helpers.ts';
import { REFERRAL_CODE_MAX, REFERRAL_CODE_PREFIX } from './limits.ts';

/** Optional promo code, at most `max` characters. */
export const promoCodeFieldSchema = (max: number = PROMO_CODE_MAX) =>
  z.optional(
    storableString().check(z.trim(), z.maxLength(max, { error: 'promoCode.max' satisfies MessageKey })),
  );

/** Optional referral code: at most 12 characters, begins with RF (any case; kept upper case). */
export const referralCodeFieldSchema = z.optional(
  storableString().check(
    z.trim(),
    z.toUpperCase(),
    z.superRefine((v, ctx) => {
      if (v === '') return;
      if (v.length > REFERRAL_CODE_MAX) issue(ctx, [], 'referralCode.max');
      else if (!v.startsWith(REFERRAL_CODE_PREFIX)) issue(ctx, [], 'referralCode.prefix');
    }),
  ),
);
