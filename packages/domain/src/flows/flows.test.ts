import { describe, it, expect } from 'vitest';
import {
  findStepByPath,
  JOINT_FLOW,
  matchStep,
  pathOf,
  progressGroupOf,
  SINGLE_FLOW,
  trackerStepsFor,
  TRACKER_STEPS,
  type StepId,
} from './flows.ts';

describe('flow definitions (spec 001 §2.1)', () => {
  it('single flow has every single route of the inventory', () => {
    const paths = SINGLE_FLOW.steps.map((s) => s.path);
    for (const id of [
      'getstarted',
      'createprofile',
      'personalinfo',
      'phoneverification',
      'verificationCode',
      'confirmproducts',
      'sin',
      'address',
      'finalizeaccount',
      'idverifyterms',
      'legalterms',
      'reviewapplication',
      'reviewterms',
      'confirmapplication',
      'verifyidentification',
      'applicationdecline',
      'processingapplication',
      'confirmcoapplicantapplication',
      'savingsaccountoffer',
    ]) {
      expect(paths).toContain(`/single/${id}`);
    }
    // The inventory's 19, and ours: the funding step (issue 18), the consent to the identity check (0097).
    expect(paths.filter(Boolean)).toHaveLength(21);
    expect(paths).toContain('/single/funding');
    expect(paths).toContain('/single/identityconsent');
  });

  it('joint flow has every joint route of the inventory', () => {
    const paths = JOINT_FLOW.steps.map((s) => s.path);
    for (const id of [
      'createprofile',
      'personalinfo',
      'phoneverification',
      'verificationCode',
      'sin',
      'address',
      'finalizeaccount',
      'idverifyterms',
      'legalterms',
      'getstarted',
      'reviewapplication',
      'reviewterms',
      'confirmapplication',
      'jointcomplete',
      'processingapplication',
      'verifyidentification',
      'savingsaccountoffer',
    ]) {
      expect(paths).toContain(`/joint/${id}`);
    }
    // The inventory's 17, our decline page for a refused co-applicant and the consent to the check.
    expect(paths.filter(Boolean)).toHaveLength(19);
    expect(paths).toContain('/joint/applicationdecline');
    expect(paths).toContain('/joint/identityconsent');
  });

  it('keeps the single order of spec 000 §4 up to legal terms, funding after the products, the consent before the check', () => {
    const ids = SINGLE_FLOW.steps.map((s) => s.id);
    const order: StepId[] = [
      'getstarted',
      'createprofile',
      'personalinfo',
      'phoneverification',
      'verificationCode',
      'address',
      'confirmproducts',
      'funding',
      'sin',
      'identityconsent',
      'identitycheck',
      'finalizeaccount',
      'idverifyterms',
      'legalterms',
    ];
    expect(ids.slice(0, order.length)).toEqual(order);
  });

  it("the identity check has no screen: the primary applicant's runs on the account-usage screen", () => {
    expect(SINGLE_FLOW.steps.find((s) => s.id === 'identitycheck')).toMatchObject({
      kind: 'check',
      path: null,
      host: 'finalizeaccount',
    });
    expect(JOINT_FLOW.steps.find((s) => s.id === 'identitycheck')?.host).toBeUndefined();
    expect(() => pathOf(SINGLE_FLOW, 'identitycheck')).toThrow();
  });
});

describe('matchStep (case-insensitive)', () => {
  it('matches legalTerms and legalterms to the same step', () => {
    expect(matchStep(SINGLE_FLOW, '/single/legalTerms')?.id).toBe('legalterms');
    expect(matchStep(SINGLE_FLOW, '/single/legalterms')?.id).toBe('legalterms');
    expect(matchStep(JOINT_FLOW, '/JOINT/LEGALTERMS')?.id).toBe('legalterms');
  });

  it('matches verificationCode in any case, and ignores query, hash and trailing slash', () => {
    expect(matchStep(SINGLE_FLOW, '/single/verificationcode')?.path).toBe('/single/verificationCode');
    expect(matchStep(JOINT_FLOW, '/joint/getstarted?jointCode=ABC')?.id).toBe('getstarted');
    expect(matchStep(SINGLE_FLOW, '/single/address/')?.id).toBe('address');
    expect(matchStep(SINGLE_FLOW, '/single/address#top')?.id).toBe('address');
  });

  it('does not match another flow or unknown paths', () => {
    expect(matchStep(SINGLE_FLOW, '/joint/address')).toBeUndefined();
    expect(matchStep(JOINT_FLOW, '/joint/confirmproducts')).toBeUndefined();
    expect(matchStep(SINGLE_FLOW, '/single/nope')).toBeUndefined();
    expect(findStepByPath('/joint/jointcomplete')?.flow.kind).toBe('joint');
  });
});

describe('progress groups (spec 000 §2 Layout)', () => {
  it.each([
    ['/single/createprofile', 'profile'],
    ['/single/personalinfo', 'profile'],
    ['/single/phoneverification', 'profile'],
    ['/single/verificationCode', 'profile'],
    ['/single/address', 'address'],
    ['/single/confirmproducts', 'confirmProduct'],
    ['/single/sin', 'confirmProduct'],
    ['/single/finalizeaccount', 'finalizeAccount'],
    ['/single/legalTerms', 'finalizeAccount'],
    ['/single/reviewapplication', 'finalizeAccount'],
    ['/single/reviewterms', 'finalizeAccount'],
    ['/single/processingapplication', 'finalizeAccount'],
    ['/single/savingsaccountoffer', 'finalizeAccount'],
    ['/joint/address', 'address'],
    ['/joint/sin', 'confirmProduct'],
  ])('%s → %s', (path, group) => {
    expect(progressGroupOf(path)).toBe(group);
  });

  it('routes outside the groups have none', () => {
    expect(progressGroupOf('/single/getstarted')).toBeNull();
    expect(progressGroupOf('/single/confirmapplication')).toBeNull();
    expect(progressGroupOf('/')).toBeNull();
    expect(progressGroupOf('/error/1')).toBeNull();
  });

  it('tracker has the four visible steps with label keys', () => {
    expect(TRACKER_STEPS.map((t) => [t.number, t.labelEn])).toEqual([
      [1, 'Set up your profile'],
      [2, 'Add your address'],
      [3, 'Confirm your products'],
      [4, 'Finalize your account'],
    ]);
    expect(TRACKER_STEPS.every((t) => t.labelKey.length > 0)).toBe(true);
  });

  it('numbers the steps each applicant is asked: four for the primary, three for the co-applicant', () => {
    const groupsOf = (steps: { number: number; group: string }[]) => steps.map((t) => [t.number, t.group]);
    expect(groupsOf(trackerStepsFor(SINGLE_FLOW))).toEqual([
      [1, 'profile'],
      [2, 'address'],
      [3, 'confirmProduct'],
      [4, 'finalizeAccount'],
    ]);
    // The co-applicant confirms no products: 1, 2, 3, not 1, 2, 4.
    expect(groupsOf(trackerStepsFor(JOINT_FLOW))).toEqual([
      [1, 'profile'],
      [2, 'address'],
      [3, 'finalizeAccount'],
    ]);
    // A co-applicant of an interest-bearing account is asked the SIN (in 'Confirm your products').
    const required = JOINT_FLOW.steps
      .filter((s) => s.requirement === 'always' || s.id === 'sin')
      .map((s) => s.id);
    expect(groupsOf(trackerStepsFor(JOINT_FLOW, required))).toEqual([
      [1, 'profile'],
      [2, 'address'],
      [3, 'confirmProduct'],
      [4, 'finalizeAccount'],
    ]);
  });
});
