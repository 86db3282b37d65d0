/**
 * The public surface of @omo/domain: every entity, validation rule, message and business rule of omo,
 * written once and used by both the browser and the server. Pure TypeScript, no I/O.
 */
export * from './messages/messages.ts';
export * from './schemas/entities.ts';
export * from './schemas/api-paths.ts';
export * from './schemas/api-config.ts';
export * from './schemas/field-limits.ts';
export * from './schemas/prerendered-pages.ts';
export * from './schemas/api.ts';
export * from './schemas/resume-paths.ts';
export * from './schemas/resume.ts';
export * from './schemas/hand-off-paths.ts';
export * from './schemas/hand-off.ts';
export * from './schemas/forms.ts';
export * from './schemas/address-lookup.ts';
export * from './schemas/address-fields.ts';
export * from './schemas/membership-request.ts';
export * from './rules/validation.ts';
export * from './rules/application-flags.ts';
export * from './rules/error-routes.ts';
export * from './rules/outbound-links.ts';
export * from './rules/business.ts';
export * from './rules/fold.ts';
export * from './rules/phone-verification.ts';
export * from './rules/identity-images.ts';
export * from './rules/tokens.ts';
export * from './rules/membership-request.ts';
export * from './rules/deposits.ts';
export * from './rules/french.ts';
export * from './rules/product-name.ts';
export * from './reference/lists.ts';
export * from './flows/flows.ts';
export * from './flows/identity.ts';
export * from './flows/decision.ts';
export * from './flows/lifecycle.ts';
export * from './flows/staff.ts';
export * from './flows/joint.ts';
export * from './flows/in-person-id.ts';
export * from './flows/funnel.ts';
export * from './flows/funnel-guard.ts';
export * from './flows/step-context.ts';
export * from './flows/steps.ts';
export * from './flows/step-examples.ts';
export * from './flows/progress.ts';
export * from './terms/terms.ts';
