/**
 * Pure validation rules of omo (spec 000 §4/§5, spec 001 §5, reference §6 and §9). The form schemas in
 * schemas/forms/ are built from these functions, so the browser and the server apply the same rules.
 * Nothing here reads the clock: every date rule takes `today`. One module per topic (validation/), so a
 * screen takes the rules it uses.
 */

export * from './validation/text.ts';
export * from './validation/dates.ts';
export * from './validation/sin-and-tin.ts';
export * from './validation/postal-codes.ts';
export * from './validation/phone.ts';
export * from './validation/amounts.ts';
export * from './validation/display.ts';
