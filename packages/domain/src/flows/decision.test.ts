import { describe, expect, it } from 'vitest';
import { routeJointSaveResponse, routeSingleSaveResponse } from '../rules/business.ts';
import { identityOutcomeOf } from './identity.ts';
import {
  canAcceptSavingsOffer,
  canApplyAsSingle,
  canStartJointRound,
  canTransitionDecision,
  decisionSeenBy,
  DECIDING,
  DECISION_OUTCOMES,
  membershipResponseOf,
  outcomeReportOf,
  type Decision,
  type DecisionOutcome,
} from './decision.ts';

const ids = { appRefNo: 'OMOABCDEFGHP', applicantId: 'a-1', applicationId: 'app-1' };
const decided = (outcome: DecisionOutcome, extra: Partial<Decision> = {}): Decision => ({
  ...DECIDING,
  state: 'decided',
  outcome,
  ...extra,
});

describe('the save response of each outcome (one rule per flag)', () => {
  // outcome → the one flag it sets, the single route, the joint route.
  const table: [DecisionOutcome, string | null, string, string][] = [
    ['ageRefused', 'showAgeErrorScreen', '/error/4', '/error/4'],
    ['blocked', 'showBlockListErrorScreen', '/error/2', '/error/2'],
    ['inPerson', 'showCanadaPostScreen', '/single/verifyidentification', '/joint/verifyidentification'],
    // No enumeration: an existing membership answers like a decision still being taken.
    ['existingMember', 'showTimeoutScreen', '/single/processingapplication', '/joint/processingapplication'],
    ['approved', null, '/single/confirmapplication', '/joint/confirmapplication'],
    [
      'savingsOffer',
      'showSavingsAccountOfferScreen',
      '/single/savingsaccountoffer',
      '/joint/savingsaccountoffer',
    ],
    ['declined', 'showDeclineScreen', '/single/applicationdecline', '/joint/applicationdecline'],
    [
      'primaryComplete',
      'showPrimaryCompleteScreen',
      '/single/confirmcoapplicantapplication',
      '/single/confirmcoapplicantapplication',
    ],
    ['jointComplete', 'showJointCompleteScreen', '/error/1', '/joint/jointcomplete'],
    // Waits on staff: the processing page.
    ['heldForReview', 'showTimeoutScreen', '/single/processingapplication', '/joint/processingapplication'],
    ['failed', 'showGenericErrorScreen', '/error/1', '/error/1'],
  ];

  it('covers every outcome', () => {
    expect(table.map((r) => r[0]).sort()).toEqual([...DECISION_OUTCOMES].sort());
  });

  it.each(table)('%s sets %s and routes to %s (single) and %s (joint)', (outcome, flag, single, joint) => {
    const response = membershipResponseOf(
      decided(outcome, outcome === 'approved' ? { primaryCustNo: '100001', jointCustNo: null } : {}),
      ids,
    );
    const set = Object.entries(response)
      .filter(([key, value]) => key.startsWith('show') && value === true)
      .map(([key]) => key);
    expect(set).toEqual(flag ? [flag] : []);
    expect(routeSingleSaveResponse(response)).toBe(single);
    expect(routeJointSaveResponse(response)).toBe(joint);
    expect(response).toMatchObject({ ...ids, hasResponse: true, errMsg: null });
  });

  it('a member number is answered only once approved', () => {
    const stale = { primaryCustNo: '100001', jointCustNo: '100002' };
    expect(membershipResponseOf(decided('approved', stale), ids)).toMatchObject(stale);
    expect(membershipResponseOf(decided('savingsOffer', stale), ids)).toMatchObject({
      primaryCustNo: null,
      jointCustNo: null,
    });
  });

  it.each(['deciding', 'pending'] as const)('a decision still %s answers the timeout screen', (state) => {
    const response = membershipResponseOf({ ...DECIDING, state }, ids);
    expect(response.showTimeoutScreen).toBe(true);
    expect(routeSingleSaveResponse(response)).toBe('/single/processingapplication');
  });
});

describe('decision transitions', () => {
  it('a submit claims only an undecided application', () => {
    expect(canTransitionDecision(null, 'submit')).toBe(true);
    expect(canTransitionDecision('deciding', 'submit')).toBe(false);
    expect(canTransitionDecision('decided', 'submit')).toBe(false);
  });
  it('only a decision being taken is deferred; it is decided once', () => {
    expect(canTransitionDecision('deciding', 'defer')).toBe(true);
    expect(canTransitionDecision('pending', 'defer')).toBe(false);
    expect(canTransitionDecision('deciding', 'decide')).toBe(true);
    expect(canTransitionDecision('pending', 'decide')).toBe(true);
    expect(canTransitionDecision('decided', 'decide')).toBe(false);
  });
  it('only a decided savings offer may be accepted', () => {
    expect(canAcceptSavingsOffer(decided('savingsOffer'))).toBe(true);
    expect(canAcceptSavingsOffer(decided('approved'))).toBe(false);
    expect(canAcceptSavingsOffer({ ...DECIDING })).toBe(false);
    expect(canAcceptSavingsOffer(null)).toBe(false);
  });
});

describe('outcome reporting (spec 001 §4.9)', () => {
  it.each([
    ['approved', 'complete'],
    ['inPerson', 'pending'],
    ['primaryComplete', 'pending'],
    ['jointComplete', 'pending'],
    ['heldForReview', 'pending'],
    ['declined', 'unsuccessful'],
    ['blocked', 'unsuccessful'],
    ['ageRefused', 'unsuccessful'],
    ['savingsOffer', null],
    ['existingMember', null],
    ['failed', null],
  ] as const)('%s reports %s', (outcome, report) => {
    expect(outcomeReportOf(outcome)).toBe(report);
  });
});

describe('what the identity result means for the decision', () => {
  it.each([
    ['passed', 'continue', 'continue'],
    ['skipped', 'continue', 'continue'],
    ['documentApproved', 'continue', 'continue'],
    ['denied', 'inPerson', 'incomplete'],
    ['documentDeclined', 'inPerson', 'inPerson'],
    ['documentExpired', 'inPerson', 'inPerson'],
    ['documentPending', 'wait', 'wait'],
    ['stepUp', 'incomplete', 'incomplete'],
    ['notStarted', 'incomplete', 'incomplete'],
    // No answer from the provider yet: the background retry brings it (decision 0050).
    ['error', 'wait', 'wait'],
  ] as const)('%s → %s (primary), %s (co-applicant)', (status, single, joint) => {
    expect(identityOutcomeOf('single', status)).toBe(single);
    expect(identityOutcomeOf('joint', status)).toBe(joint);
  });
});

describe('who sees which round of a joint application', () => {
  const inRound = (
    round: Decision['round'],
    outcome: DecisionOutcome,
    primaryOutcome: DecisionOutcome | null = null,
  ): Decision => ({
    ...DECIDING,
    state: 'decided',
    round,
    outcome,
    primaryOutcome,
  });

  it("shows the co-applicant nothing of the primary's round, and their own round as it is", () => {
    expect(decisionSeenBy('joint', inRound('primary', 'primaryComplete'))).toBeNull();
    expect(decisionSeenBy('joint', inRound('single', 'approved'))).toBeNull();
    expect(decisionSeenBy('joint', inRound('joint', 'blocked', 'primaryComplete'))?.outcome).toBe('blocked');
  });

  it.each<DecisionOutcome>(['ageRefused', 'blocked', 'inPerson', 'existingMember', 'jointComplete'])(
    "keeps showing the primary their own part when the co-applicant's round ends in %s",
    (outcome) => {
      expect(decisionSeenBy('primary', inRound('joint', outcome, 'primaryComplete'))).toMatchObject({
        state: 'decided',
        outcome: 'primaryComplete',
      });
      expect(decisionSeenBy('primary', inRound('joint', outcome, 'inPerson'))?.outcome).toBe('inPerson');
    },
  );

  it.each<DecisionOutcome>(['approved', 'declined', 'savingsOffer', 'failed'])(
    "shows the primary the joint round's %s",
    (outcome) => {
      expect(decisionSeenBy('primary', inRound('joint', outcome, 'primaryComplete'))?.outcome).toBe(outcome);
    },
  );

  it('shows the primary their own part while the joint round is being decided', () => {
    const deciding: Decision = { ...DECIDING, round: 'joint', primaryOutcome: 'primaryComplete' };
    expect(decisionSeenBy('primary', deciding)).toMatchObject({
      state: 'decided',
      outcome: 'primaryComplete',
    });
  });

  it('lets the co-applicant claim a round only after the primary is complete or sent to ID in person', () => {
    expect(canStartJointRound(null)).toBe(false);
    expect(canStartJointRound(inRound('primary', 'primaryComplete'))).toBe(true);
    expect(canStartJointRound(inRound('primary', 'inPerson'))).toBe(true);
    expect(canStartJointRound(inRound('primary', 'blocked'))).toBe(false);
    expect(canStartJointRound({ ...DECIDING })).toBe(false);
    expect(canStartJointRound(inRound('single', 'approved'))).toBe(false);
    expect(canStartJointRound(inRound('joint', 'approved', 'primaryComplete'))).toBe(false);
  });
});

describe('the joint round as the primary sees it, and when they may go on alone', () => {
  const joint = (outcome: DecisionOutcome) =>
    decided(outcome, { round: 'joint', primaryOutcome: 'primaryComplete' });

  it.each(['ageRefused', 'blocked', 'inPerson', 'existingMember'] as const)(
    "offers apply-as-single once the co-applicant's part cannot go on (%s), without showing it",
    (outcome) => {
      expect(canApplyAsSingle(joint(outcome))).toBe(true);
      expect(decisionSeenBy('primary', joint(outcome))?.outcome).toBe('primaryComplete');
    },
  );

  it.each(['approved', 'declined', 'savingsOffer', 'jointComplete', 'heldForReview'] as const)(
    'offers no apply-as-single after a joint round ending in %s',
    (outcome) => {
      expect(canApplyAsSingle(joint(outcome))).toBe(false);
    },
  );

  it('offers apply-as-single while the primary waits for the co-applicant, not before or once alone', () => {
    expect(canApplyAsSingle(decided('primaryComplete'))).toBe(true);
    expect(canApplyAsSingle(null)).toBe(false);
    expect(canApplyAsSingle({ ...DECIDING, round: 'joint' })).toBe(false);
    expect(canApplyAsSingle(decided('approved', { round: 'single' }))).toBe(false);
  });

  it("a joint round held for the staff's review shows the primary their own part", () => {
    expect(decisionSeenBy('primary', joint('heldForReview'))).toMatchObject({
      round: 'primary',
      outcome: 'primaryComplete',
    });
    expect(decisionSeenBy('joint', joint('heldForReview'))?.outcome).toBe('heldForReview');
  });
});
