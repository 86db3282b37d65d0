import { describe, expect, it } from 'vitest';
import { sampleChequing } from '../schemas/entities.fixtures.ts';
import { FLOWS } from './flows.ts';
import { exampleFacts, NO_ANSWERS } from './step-examples.ts';
import { clearAddress, clearPersonalInfo, SAVABLE_STEPS, STEP_CONTRACTS, type StepContext } from './steps.ts';

const facts = exampleFacts([{ ...sampleChequing, productID: '1001' }], new Date(2026, 10, 22));
const answers = NO_ANSWERS;
const ctx: StepContext = { facts, answers, role: 'primary' };

describe('the step contracts', () => {
  it('declare every step of both flows, and only those', () => {
    const ids = new Set([...FLOWS.single.steps, ...FLOWS.joint.steps].map((s) => s.id));
    expect(new Set(Object.keys(STEP_CONTRACTS))).toEqual(ids);
    for (const [id, contract] of Object.entries(STEP_CONTRACTS)) expect(contract.id).toBe(id);
  });

  it.each(Object.values(SAVABLE_STEPS).map((c) => [c.id, c] as const))(
    '%s: its example answer parses under the example facts',
    (_id, contract) => {
      const parsed = contract.save.parse(contract.save.example(facts), ctx as never);
      expect(parsed.ok).toBe(true);
    },
  );

  it('answers field issues with their message keys, never a thrown error', () => {
    expect(SAVABLE_STEPS.address.save.parse({ isManualAddress: true }, ctx)).toMatchObject({
      ok: false,
      issues: expect.arrayContaining([expect.objectContaining({ path: 'streetName' })]),
    });
  });

  it("a 'no' clears what it revealed; a hidden section is cleared", () => {
    const info = {
      ...(SAVABLE_STEPS.personalinfo.save.example(facts) as object),
      hasSweep: 'no',
      sweepBelowBalance: '100',
      hasJointApp: 'no',
      jointFirstName: 'Grace',
      jointEmail: 'grace@example.com',
      middleName: '',
    } as never;
    const cleared = clearPersonalInfo(info, { sweepEnabled: true, isJointFlow: false, jointAllowed: true });
    expect(cleared).not.toHaveProperty('sweepBelowBalance');
    expect(cleared).not.toHaveProperty('jointFirstName');
    expect(cleared).not.toHaveProperty('jointEmail');
    expect(cleared).not.toHaveProperty('middleName');
    expect(cleared).toMatchObject({ hasSweep: 'no', hasJointApp: 'no' });
    const hidden = clearPersonalInfo(info, { sweepEnabled: false, isJointFlow: true, jointAllowed: true });
    expect(hidden).not.toHaveProperty('hasSweep');
    expect(hidden).not.toHaveProperty('hasJointApp');
  });

  it('a mailing address that is the home one clears the mailing block', () => {
    const address = { isMailingAddressSame: true, maStreetName: 'Main', autoMailAddress: 'x', cityName: 'T' };
    expect(clearAddress(address as never)).toEqual({
      isMailingAddressSame: true,
      isManualMailingAddress: false,
      cityName: 'T',
    });
  });

  it('the SIN step parses a skip without a SIN, and keeps only the digits of one given', () => {
    expect(SAVABLE_STEPS.sin.save.parse({ skip: true }, ctx)).toEqual({
      ok: true,
      value: { isSkipped: true },
    });
    expect(SAVABLE_STEPS.sin.save.parse({ sin: '130 692 544' }, ctx)).toEqual({
      ok: true,
      value: { isSkipped: false, digits: '130692544' },
    });
  });
});
