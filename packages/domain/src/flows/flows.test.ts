import { describe, it, expect } from 'vitest';
import {
  canVisit,
  findStepByPath,
  JOINT_FLOW,
  matchStep,
  nextRoute,
  progressGroupOf,
  SINGLE_FLOW,
  stepNumberOf,
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
    expect(paths).toHaveLength(19);
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
    expect(paths).toHaveLength(17);
  });

  it('keeps the single order of spec 000 §4 up to legal terms', () => {
    const ids = SINGLE_FLOW.steps.map((s) => s.id);
    const order: StepId[] = [
      'getstarted',
      'createprofile',
      'personalinfo',
      'phoneverification',
      'verificationCode',
      'address',
      'confirmproducts',
      'sin',
      'finalizeaccount',
      'idverifyterms',
      'legalterms',
    ];
    expect(ids.slice(0, order.length)).toEqual(order);
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

  it('step numbers for the STEP 0n/04 banner', () => {
    expect(stepNumberOf('/single/personalinfo')).toBe(1);
    expect(stepNumberOf('/single/address')).toBe(2);
    expect(stepNumberOf('/single/sin')).toBe(3);
    expect(stepNumberOf('/single/reviewterms')).toBe(4);
    expect(stepNumberOf('/single/getstarted')).toBeNull();
  });
});

describe('nextRoute — single path (spec 000 §4)', () => {
  const ctx = { isInterestBearing: false, identityStatus: 'TU' };

  it('walks the linear part', () => {
    expect(nextRoute(SINGLE_FLOW, 'getstarted', ctx)).toBe('/single/createprofile');
    expect(nextRoute(SINGLE_FLOW, 'createprofile', ctx)).toBe('/single/personalinfo');
    expect(nextRoute(SINGLE_FLOW, 'personalinfo', ctx)).toBe('/single/phoneverification');
    expect(nextRoute(SINGLE_FLOW, 'phoneverification', ctx)).toBe('/single/verificationCode');
    expect(nextRoute(SINGLE_FLOW, 'verificationCode', ctx)).toBe('/single/address');
    expect(nextRoute(SINGLE_FLOW, 'address', { ...ctx, isInterestBearing: true })).toBe(
      '/single/confirmproducts',
    );
  });

  it('confirmproducts → sin when interest bearing, else finalizeaccount', () => {
    expect(nextRoute(SINGLE_FLOW, 'confirmproducts', { isInterestBearing: true })).toBe('/single/sin');
    expect(nextRoute(SINGLE_FLOW, 'confirmproducts', { isInterestBearing: false })).toBe(
      '/single/finalizeaccount',
    );
  });

  it('sin → finalizeaccount', () => {
    expect(nextRoute(SINGLE_FLOW, 'sin', { isInterestBearing: true })).toBe('/single/finalizeaccount');
  });

  it('finalizeaccount → legalterms when the status is TU or denied, else idverifyterms', () => {
    expect(
      nextRoute(SINGLE_FLOW, 'finalizeaccount', { isInterestBearing: false, identityStatus: 'TU' }),
    ).toBe('/single/legalterms');
    expect(
      nextRoute(SINGLE_FLOW, 'finalizeaccount', { isInterestBearing: false, identityStatus: 'denied' }),
    ).toBe('/single/legalterms');
    expect(
      nextRoute(SINGLE_FLOW, 'finalizeaccount', {
        isInterestBearing: false,
        identityStatus: 'pending_step_up',
      }),
    ).toBe('/single/idverifyterms');
  });

  it('finalizeaccount → /error on an empty identity result; → legalterms when the check is skipped', () => {
    expect(
      nextRoute(SINGLE_FLOW, 'finalizeaccount', { isInterestBearing: false, identityStatus: null }),
    ).toBe('/error');
    expect(nextRoute(SINGLE_FLOW, 'finalizeaccount', { isInterestBearing: false, identityStatus: '' })).toBe(
      '/error',
    );
    expect(
      nextRoute(SINGLE_FLOW, 'finalizeaccount', { isInterestBearing: false, identitySkipped: true }),
    ).toBe('/single/legalterms');
  });

  it('idverifyterms → legalterms → reviewapplication → reviewterms → save routing', () => {
    expect(nextRoute(SINGLE_FLOW, 'idverifyterms', ctx)).toBe('/single/legalterms');
    expect(nextRoute(SINGLE_FLOW, 'legalterms', ctx)).toBe('/single/reviewapplication');
    expect(nextRoute(SINGLE_FLOW, 'reviewapplication', ctx)).toBe('/single/reviewterms');
    expect(nextRoute(SINGLE_FLOW, 'reviewterms', { ...ctx, saveResponse: { primaryCustNo: 'M1' } })).toBe(
      '/single/confirmapplication',
    );
    expect(nextRoute(SINGLE_FLOW, 'reviewterms', { ...ctx, saveResponse: null })).toBe('/error/1');
  });

  it('outcome pages have no next route', () => {
    expect(nextRoute(SINGLE_FLOW, 'confirmapplication', ctx)).toBeNull();
  });
});

describe('nextRoute — joint path (spec 001 §2.7, §4.4)', () => {
  it('address → sin when interest bearing', () => {
    expect(nextRoute(JOINT_FLOW, 'address', { isInterestBearing: true })).toBe('/joint/sin');
  });

  it('address → identity check → legalterms on a pass, else idverifyterms', () => {
    expect(nextRoute(JOINT_FLOW, 'address', { isInterestBearing: false, identityStatus: 'TU' })).toBe(
      '/joint/legalterms',
    );
    expect(
      nextRoute(JOINT_FLOW, 'address', { isInterestBearing: false, identityStatus: 'pending_step_up' }),
    ).toBe('/joint/idverifyterms');
    expect(nextRoute(JOINT_FLOW, 'address', { isInterestBearing: false, identityStatus: 'denied' })).toBe(
      '/joint/idverifyterms',
    );
  });

  it('sin → legalterms on a pass, idverifyterms otherwise, /error on a null result, legalterms when skipped', () => {
    expect(nextRoute(JOINT_FLOW, 'sin', { isInterestBearing: true, identityStatus: 'TU' })).toBe(
      '/joint/legalterms',
    );
    expect(nextRoute(JOINT_FLOW, 'sin', { isInterestBearing: true, identityStatus: 'review' })).toBe(
      '/joint/idverifyterms',
    );
    expect(nextRoute(JOINT_FLOW, 'sin', { isInterestBearing: true, identityStatus: null })).toBe('/error');
    expect(nextRoute(JOINT_FLOW, 'sin', { isInterestBearing: true, identitySkipped: true })).toBe(
      '/joint/legalterms',
    );
  });

  it('the early joint steps stay in the joint flow', () => {
    const ctx = { isInterestBearing: false };
    expect(nextRoute(JOINT_FLOW, 'getstarted', ctx)).toBe('/joint/createprofile');
    expect(nextRoute(JOINT_FLOW, 'createprofile', ctx)).toBe('/joint/personalinfo');
    expect(nextRoute(JOINT_FLOW, 'personalinfo', ctx)).toBe('/joint/phoneverification');
    expect(nextRoute(JOINT_FLOW, 'phoneverification', ctx)).toBe('/joint/verificationCode');
    expect(nextRoute(JOINT_FLOW, 'verificationCode', ctx)).toBe('/joint/address');
  });

  it('legalterms → reviewapplication → reviewterms → joint save routing', () => {
    const ctx = { isInterestBearing: false };
    expect(nextRoute(JOINT_FLOW, 'legalterms', ctx)).toBe('/joint/reviewapplication');
    expect(nextRoute(JOINT_FLOW, 'reviewapplication', ctx)).toBe('/joint/reviewterms');
    expect(
      nextRoute(JOINT_FLOW, 'reviewterms', { ...ctx, saveResponse: { showJointCompleteScreen: true } }),
    ).toBe('/joint/jointcomplete');
  });
});

describe('canVisit (no out-of-order steps)', () => {
  const upTo = (ids: StepId[]) => ids;

  it('allows the first mandatory step with nothing done', () => {
    expect(canVisit(SINGLE_FLOW, 'getstarted', [])).toBe(true);
    expect(canVisit(SINGLE_FLOW, 'createprofile', [])).toBe(true);
  });

  it('refuses a step while an earlier mandatory step is not done', () => {
    expect(canVisit(SINGLE_FLOW, 'personalinfo', [])).toBe(false);
    expect(canVisit(SINGLE_FLOW, 'address', upTo(['createprofile', 'personalinfo']))).toBe(false);
    expect(
      canVisit(SINGLE_FLOW, 'reviewterms', upTo(['createprofile', 'personalinfo', 'verificationCode'])),
    ).toBe(false);
  });

  it('allows a step once the earlier mandatory steps are done (optional ones may be skipped)', () => {
    expect(
      canVisit(SINGLE_FLOW, 'address', upTo(['createprofile', 'personalinfo', 'verificationCode'])),
    ).toBe(true);
  });

  it('requires the SIN before finalizeaccount only when interest bearing', () => {
    const done = upTo(['createprofile', 'personalinfo', 'verificationCode', 'address', 'confirmproducts']);
    expect(canVisit(SINGLE_FLOW, 'finalizeaccount', done, { isInterestBearing: false })).toBe(true);
    expect(canVisit(SINGLE_FLOW, 'finalizeaccount', done, { isInterestBearing: true })).toBe(false);
    expect(canVisit(SINGLE_FLOW, 'finalizeaccount', [...done, 'sin'], { isInterestBearing: true })).toBe(
      true,
    );
  });

  it('requires the ID terms before legal terms only on a step-up', () => {
    const done = upTo([
      'createprofile',
      'personalinfo',
      'verificationCode',
      'address',
      'confirmproducts',
      'finalizeaccount',
    ]);
    expect(canVisit(SINGLE_FLOW, 'legalterms', done, { identityStatus: 'TU' })).toBe(true);
    expect(canVisit(SINGLE_FLOW, 'legalterms', done, { identityStatus: 'pending_step_up' })).toBe(false);
    expect(
      canVisit(SINGLE_FLOW, 'legalterms', [...done, 'idverifyterms'], { identityStatus: 'pending_step_up' }),
    ).toBe(true);
    expect(
      canVisit(SINGLE_FLOW, 'legalterms', done, { identityStatus: 'pending_step_up', identitySkipped: true }),
    ).toBe(true);
  });

  it('joint: legal terms after address without finalizeaccount', () => {
    const done = upTo(['createprofile', 'personalinfo', 'verificationCode', 'address']);
    expect(canVisit(JOINT_FLOW, 'legalterms', done, { isInterestBearing: false, identityStatus: 'TU' })).toBe(
      true,
    );
    expect(canVisit(JOINT_FLOW, 'legalterms', done, { isInterestBearing: true, identityStatus: 'TU' })).toBe(
      false,
    );
  });

  it('refuses a step the flow does not have', () => {
    expect(canVisit(JOINT_FLOW, 'confirmproducts', [])).toBe(false);
    expect(canVisit(SINGLE_FLOW, 'jointcomplete', [])).toBe(false);
  });
});
