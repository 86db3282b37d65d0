/**
 * Form schemas of omo for react-hook-form (`zodResolver`) and for the server's re-check, one module per
 * screen (forms/): a screen imports its own schema and nothing else (zod calls at a module's top level are
 * kept whenever any export of that module is used). Every issue message is a MessageKey
 * (messages/messages.ts); translate with `formatMessage`.
 */
export * from './forms/limits.ts';
export * from './forms/create-profile.ts';
export * from './forms/resume.ts';
export * from './forms/codes.ts';
export * from './forms/review-codes.ts';
export * from './forms/personal-info.ts';
export * from './forms/joint-applicant.ts';
export * from './forms/phone.ts';
export * from './forms/verification-code.ts';
export * from './forms/address.ts';
export * from './forms/term-choice.ts';
export * from './forms/sin.ts';
export * from './forms/id-verify-terms.ts';
export * from './forms/account-usage.ts';
export * from './forms/legal-terms.ts';
export * from './forms/identity-consent.ts';
export * from './forms/joint-invitation.ts';
