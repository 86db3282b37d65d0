import { describe, expect, it } from 'vitest';
import { DECIDING, type Decision, type DecisionOutcome } from './decision.ts';
import { applicantStateOf, isCallAllowed } from './lifecycle.ts';

const decided = (outcome: DecisionOutcome, round: Decision['round'] = 'primary'): Decision => ({
  ...DECIDING,
  state: 'decided',
  round,
  outcome,
});

describe('the state of an applicant’s part', () => {
  it('is a draft until the primary submits, then deciding, pending and decided', () => {
    expect(applicantStateOf('primary', null)).toBe('draft');
    expect(applicantStateOf('primary', DECIDING)).toBe('deciding');
    expect(applicantStateOf('primary', { ...DECIDING, state: 'pending' })).toBe('pending');
    expect(applicantStateOf('primary', decided('approved'))).toBe('decided');
    expect(applicantStateOf('primary', decided('declined'))).toBe('decided');
  });

  it('is retrying while the core banking or the screening failed and the job will try again; no call is allowed', () => {
    const retrying = {
      ...DECIDING,
      state: 'pending' as const,
      retrying: { reason: 'coreBanking' as const, failures: 2 },
    };
    expect(applicantStateOf('primary', retrying)).toBe('retrying');
    expect(applicantStateOf('primary', { ...retrying, state: 'deciding' })).toBe('retrying');
    expect(applicantStateOf('primary', { ...decided('approved'), retrying: retrying.retrying })).toBe(
      'decided',
    );
    for (const call of ['editAnswers', 'submit', 'acceptSavingsOffer', 'inPersonRecord'] as const) {
      expect(isCallAllowed(call, 'retrying')).toBe(false);
    }
  });

  it('puts every decision held for review in the staff queue, whatever the reason', () => {
    for (const reviewReason of ['coApplicantName', 'screeningHit', 'coreBankingFailed'] as const) {
      expect(applicantStateOf('primary', { ...decided('heldForReview'), reviewReason })).toBe(
        'awaitingStaff',
      );
    }
  });

  it('names what a decided application waits for', () => {
    expect(applicantStateOf('primary', decided('primaryComplete'))).toBe('awaitingCoApplicant');
    expect(applicantStateOf('primary', decided('inPerson'))).toBe('awaitingInPersonId');
    expect(applicantStateOf('primary', decided('savingsOffer'))).toBe('awaitingOfferAnswer');
  });

  it('lets the co-applicant answer only while the primary’s part waits for them', () => {
    expect(applicantStateOf('joint', null)).toBe('closed');
    expect(applicantStateOf('joint', decided('primaryComplete'))).toBe('draft');
    expect(applicantStateOf('joint', decided('inPerson'))).toBe('draft');
    expect(applicantStateOf('joint', { ...DECIDING, round: 'joint' })).toBe('deciding');
    expect(applicantStateOf('joint', decided('approved', 'joint'))).toBe('decided');
    // The co-applicant's part is done; the primary still shows ID in person.
    expect(applicantStateOf('joint', decided('jointComplete', 'joint'))).toBe('decided');
    expect(
      applicantStateOf('primary', { ...decided('jointComplete', 'joint'), primaryOutcome: 'inPerson' }),
    ).toBe('awaitingInPersonId');
    // A co-applicant whose legal name is not the invited one waits for the credit union's review.
    expect(applicantStateOf('joint', decided('heldForReview', 'joint'))).toBe('awaitingStaff');
    // The primary went on alone: the invitation has ended.
    expect(applicantStateOf('joint', decided('approved', 'single'))).toBe('closed');
  });

  it('allows answers to change only in a draft', () => {
    for (const state of ['deciding', 'pending', 'decided', 'awaitingCoApplicant', 'closed'] as const) {
      expect(isCallAllowed('editAnswers', state)).toBe(false);
      expect(isCallAllowed('submit', state)).toBe(false);
    }
    expect(isCallAllowed('editAnswers', 'draft')).toBe(true);
    expect(isCallAllowed('acceptSavingsOffer', 'awaitingOfferAnswer')).toBe(true);
    expect(isCallAllowed('acceptSavingsOffer', 'decided')).toBe(false);
    expect(isCallAllowed('inPersonRecord', 'awaitingInPersonId')).toBe(true);
    expect(isCallAllowed('inPersonRecord', 'draft')).toBe(false);
  });
});
