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
/** Any free-text answer without a tighter limit of its own ('text.max'). */
export const TEXT_MAX = 200;
/** Address parts, manual or from a chosen suggestion ('text.max'). */
export const STREET_NUMBER_MAX = 10;
export const UNIT_NUMBER_MAX = 10;
export const STREET_NAME_MAX = 60;
export const CITY_NAME_MAX = 40;
export const PROVINCE_NAME_MAX = 40;
export const POSTAL_CODE_MAX = 10;
export const COUNTRY_MAX = 60;
/** The 'Other' purpose texts of the legal terms ('text.max'). */
export const OTHER_PURPOSE_MAX = 100;
