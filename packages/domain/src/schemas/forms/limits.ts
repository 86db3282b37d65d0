/** Length and count limits of the forms, without zod: screens read them without loading a schema. */
/** Password length limits. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;
/** Names (first, middle, last, co-applicant). */
export const NAME_MAX = 38;
/** Referral code. */
export const REFERRAL_CODE_MAX = 12;
/** Promo and referral codes on the review screen (spec 001 §5). */
export const REVIEW_CODE_MAX = 12;
/** Referral codes begin with this prefix. */
export const REFERRAL_CODE_PREFIX = 'RF';
/** Co-applicant e-mail, and e-mail on the review screen (spec 001 §5/§9). */
export const REVIEW_EMAIL_MAX = 38;
/** Verification code digits. */
export const CODE_LENGTH = 6;
/** Send-fail, resend and invalid-code limit. */
export const VERIFICATION_LIMIT = 3;
