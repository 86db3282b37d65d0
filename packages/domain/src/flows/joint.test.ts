import { describe, expect, it } from 'vitest';
import { isInvitedName } from './joint.ts';

describe("the co-applicant's legal name against the invited one", () => {
  const invited = { firstName: 'Hélène', lastName: "O'Brien-Côté" };

  it.each([
    ['the same name', { firstName: 'Hélène', lastName: "O'Brien-Côté" }],
    ['another case', { firstName: 'HÉLÈNE', lastName: "o'brien-côté" }],
    ['no accents', { firstName: 'Helene', lastName: "O'Brien-Cote" }],
    ['spaces around and between', { firstName: '  Hélène ', lastName: "O'Brien-Côté  " }],
  ])('accepts %s', (_, given) => {
    expect(isInvitedName(invited, given)).toBe(true);
  });

  it.each([
    ['another first name', { firstName: 'Marie', lastName: "O'Brien-Côté" }],
    ['another last name', { firstName: 'Hélène', lastName: 'Tremblay' }],
    ['first and last swapped', { firstName: "O'Brien-Côté", lastName: 'Hélène' }],
  ])('refuses %s', (_, given) => {
    expect(isInvitedName(invited, given)).toBe(false);
  });
});
