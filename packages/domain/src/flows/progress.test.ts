import { describe, expect, it } from 'vitest';
import { sampleChequing, sampleGic } from '../schemas/entities.fixtures.ts';
import type { ProductOffering } from '../schemas/entities.ts';
import { backPathOf, JOINT_FLOW, SINGLE_FLOW, type Flow, type StepId } from './flows.ts';
import type { IdentityStatus } from './identity.ts';
import { canVisitStep, deriveProgress, missingStepsBefore, nextPathOf } from './progress.ts';
import type { ApplicantAnswers, ApplicantFacts } from './step-context.ts';
import {
  EXAMPLE_ACCOUNT_USAGE,
  exampleFacts,
  EXAMPLE_ADDRESS,
  EXAMPLE_LEGAL_TERMS,
  EXAMPLE_PERSONAL_INFO,
} from './step-examples.ts';

const TODAY = new Date(2026, 10, 22);
const savings: ProductOffering = {
  ...sampleChequing,
  productID: '2001',
  accountCategory: 'Savings',
  isInterestBearing: true,
};
const tfsa: ProductOffering = { ...savings, productID: '5001', accountCategory: 'TFSA' };
const student: ProductOffering = { ...sampleChequing, productID: '1002', benefit: 'STUDENT' };

const facts = (products: ProductOffering[], flowKind: Flow['kind'] = 'single') =>
  exampleFacts(products, TODAY, flowKind);

const PERSONAL_INFO = EXAMPLE_PERSONAL_INFO;
const ADDRESS = { ...EXAMPLE_ADDRESS, isManualMailingAddress: false };
const USAGE = EXAMPLE_ACCOUNT_USAGE;
const LEGAL_TERMS = EXAMPLE_LEGAL_TERMS;

/** Answers complete up to (and including) `upTo`. */
function answersUpTo(upTo: StepId | null, products: ProductOffering[], identity: IdentityStatus = 'passed') {
  // The single flow's order: its steps' answers are saved in it.
  const order = SINGLE_FLOW.steps.map((s) => s.id);
  const last = upTo === null ? -1 : order.indexOf(upTo);
  const has = (id: StepId) => order.indexOf(id) <= last;
  const answers: ApplicantAnswers = {
    personalInfo: has('personalinfo') ? PERSONAL_INFO : null,
    phone: { isStarted: has('phoneverification'), isClosed: has('verificationCode') },
    address: has('address') ? ADDRESS : null,
    products: has('confirmproducts')
      ? {
          productIds: products.map((p) => p.productID),
          ...(products.some((p) => p.termDepositAcctConfig)
            ? { termPeriod: '1 Years 3.1%', termOption: 'rollover' }
            : {}),
        }
      : null,
    sin: has('sin') ? { isSkipped: false, digits: '130692544' } : null,
    accountUsage: has('finalizeaccount')
      ? Object.fromEntries(products.map((p) => [p.productID, USAGE]))
      : null,
    identity: has('identitycheck') ? identity : 'notStarted',
    legalTerms: has('legalterms') ? LEGAL_TERMS : null,
    reviewConsent: has('reviewapplication'),
    termsAccepted: false,
    steps: {
      ...(has('funding')
        ? {
            funding: {
              accounts: products.map((p) => ({
                productId: p.productID,
                method: 'eTransfer',
                amountCents: 100000,
              })),
            },
          }
        : {}),
      ...(has('identityconsent') ? { identityconsent: { consent: true } } : {}),
    },
  };
  return answers;
}

const next = (flow: Flow, answers: ApplicantAnswers, f: ApplicantFacts) =>
  nextPathOf(deriveProgress(flow, answers, f), answers.identity);

describe('the single path (spec 000 §4), derived from the saved answers', () => {
  it('walks createprofile → personalinfo → phoneverification → verificationCode → address → funding', () => {
    const products = [sampleChequing];
    expect(next(SINGLE_FLOW, answersUpTo(null, products), facts(products))).toBe('/single/personalinfo');
    expect(next(SINGLE_FLOW, answersUpTo('personalinfo', products), facts(products))).toBe(
      '/single/phoneverification',
    );
    expect(next(SINGLE_FLOW, answersUpTo('phoneverification', products), facts(products))).toBe(
      '/single/verificationCode',
    );
    expect(next(SINGLE_FLOW, answersUpTo('verificationCode', products), facts(products))).toBe(
      '/single/address',
    );
    expect(next(SINGLE_FLOW, answersUpTo('address', products), facts(products))).toBe('/single/funding');
  });

  it("asks 'Confirm your application' only when a product offers a choice (a term deposit's term)", () => {
    expect(next(SINGLE_FLOW, answersUpTo('address', [sampleGic]), facts([sampleGic]))).toBe(
      '/single/confirmproducts',
    );
    expect(
      next(
        SINGLE_FLOW,
        answersUpTo('address', [sampleChequing, sampleGic]),
        facts([sampleChequing, sampleGic]),
      ),
    ).toBe('/single/confirmproducts');
    for (const products of [[sampleChequing], [savings], [sampleChequing, savings]]) {
      const progress = deriveProgress(SINGLE_FLOW, answersUpTo('address', products), facts(products));
      expect(progress.steps.find((s) => s.id === 'confirmproducts')?.required).toBe(false);
      expect(progress.nextStepId).toBe('funding');
      expect(canVisitStep(progress, 'funding')).toBe(true);
    }
    // Nothing confirmed is missing from a complete chequing application.
    const answers = {
      ...answersUpTo('reviewapplication', [sampleChequing]),
      products: null,
      termsAccepted: true,
    };
    expect(deriveProgress(SINGLE_FLOW, answers, facts([sampleChequing])).isComplete).toBe(true);
  });

  it('confirmproducts → funding → sin when a product is interest bearing, else the consent to the identity check', () => {
    expect(next(SINGLE_FLOW, answersUpTo('confirmproducts', [savings]), facts([savings]))).toBe(
      '/single/funding',
    );
    expect(next(SINGLE_FLOW, answersUpTo('funding', [savings]), facts([savings]))).toBe('/single/sin');
    expect(next(SINGLE_FLOW, answersUpTo('funding', [sampleChequing]), facts([sampleChequing]))).toBe(
      '/single/identityconsent',
    );
  });

  it('sin → the consent to the identity check; without it, neither the check nor the screen that runs it', () => {
    const answers = answersUpTo('sin', [savings]);
    const progress = deriveProgress(SINGLE_FLOW, answers, facts([savings]));
    expect(nextPathOf(progress, answers.identity)).toBe('/single/identityconsent');
    expect(progress.nextStepId).toBe('identityconsent');
    expect(canVisitStep(progress, 'identitycheck')).toBe(false);
    expect(canVisitStep(progress, 'finalizeaccount')).toBe(false);
  });

  it('the consent → finalizeaccount, which opens before the identity check it runs', () => {
    const answers = answersUpTo('identityconsent', [savings]);
    const progress = deriveProgress(SINGLE_FLOW, answers, facts([savings]));
    expect(nextPathOf(progress, answers.identity)).toBe('/single/finalizeaccount');
    expect(progress.nextStepId).toBe('identitycheck');
    expect(canVisitStep(progress, 'finalizeaccount')).toBe(true);
    expect(canVisitStep(progress, 'legalterms')).toBe(false);
  });

  it.each<[IdentityStatus, string]>([
    ['passed', '/single/legalterms'],
    ['denied', '/single/legalterms'],
    ['skipped', '/single/legalterms'],
    ['stepUp', '/single/idverifyterms'],
    ['documentPending', '/single/legalterms'],
    ['documentExpired', '/single/legalterms'],
  ])('finalizeaccount with identity %s → %s', (identity, path) => {
    const answers = answersUpTo('finalizeaccount', [sampleChequing], identity);
    expect(next(SINGLE_FLOW, answers, facts([sampleChequing]))).toBe(path);
  });

  it('an identity check the provider did not answer does not hold the applicant (retried in the background)', () => {
    const answers = answersUpTo('finalizeaccount', [sampleChequing], 'error');
    expect(next(SINGLE_FLOW, answers, facts([sampleChequing]))).toBe('/single/legalterms');
  });

  it('legalterms → reviewapplication → reviewterms', () => {
    const products = [sampleChequing];
    expect(next(SINGLE_FLOW, answersUpTo('legalterms', products), facts(products))).toBe(
      '/single/reviewapplication',
    );
    expect(next(SINGLE_FLOW, answersUpTo('reviewapplication', products), facts(products))).toBe(
      '/single/reviewterms',
    );
  });

  it('is complete only when every required step is', () => {
    const products = [sampleChequing];
    const answers = { ...answersUpTo('reviewapplication', products), termsAccepted: true };
    const progress = deriveProgress(SINGLE_FLOW, answers, facts(products));
    expect(progress.isComplete).toBe(true);
    expect(progress.nextStepId).toBeNull();
    expect(deriveProgress(SINGLE_FLOW, answersUpTo('legalterms', products), facts(products)).isComplete).toBe(
      false,
    );
  });
});

describe('completeness follows the rules of today, not a stored flag', () => {
  it('personal info no longer passes once a student product is chosen for a 40-year-old', () => {
    const answers = answersUpTo('address', [student]);
    const progress = deriveProgress(SINGLE_FLOW, answers, facts([student]));
    expect(progress.steps.find((s) => s.id === 'personalinfo')?.complete).toBe(false);
    expect(nextPathOf(progress, answers.identity)).toBe('/single/personalinfo');
  });

  it('the age of majority is checked again once the province is known (19 in British Columbia)', () => {
    const eighteen = { ...PERSONAL_INFO, dob_year: String(TODAY.getFullYear() - 19), dob_month: '12' };
    const inBc = {
      ...ADDRESS,
      streetName: 'Granville St',
      cityName: 'Vancouver',
      provinceName: 'BC',
      postalCode: 'V6C 1T2',
    };
    const answers = { ...answersUpTo('address', [sampleChequing]), personalInfo: eighteen, address: inBc };
    expect(
      deriveProgress(SINGLE_FLOW, answers, facts([sampleChequing])).steps.find((s) => s.id === 'personalinfo')
        ?.complete,
    ).toBe(false);
    const inOntario = { ...answers, address: ADDRESS };
    expect(
      deriveProgress(SINGLE_FLOW, inOntario, facts([sampleChequing])).steps.find(
        (s) => s.id === 'personalinfo',
      )?.complete,
    ).toBe(true);
  });

  it('a product confirmation is for the products it confirmed', () => {
    const answers = answersUpTo('confirmproducts', [sampleGic]);
    expect(next(SINGLE_FLOW, answers, facts([sampleGic, savings]))).toBe('/single/confirmproducts');
  });

  it('a term deposit needs its term choice', () => {
    const answers = {
      ...answersUpTo('confirmproducts', [sampleGic]),
      products: { productIds: [sampleGic.productID] },
    };
    expect(next(SINGLE_FLOW, answers, facts([sampleGic]))).toBe('/single/confirmproducts');
  });

  it('a temporary (9-series) SIN does not complete a TFSA application', () => {
    const answers = {
      ...answersUpTo('identityconsent', [tfsa]),
      sin: { isSkipped: false as const, digits: '946454286' },
    };
    expect(next(SINGLE_FLOW, answers, facts([tfsa]))).toBe('/single/sin');
    const skipped = { ...answers, sin: { isSkipped: true as const } };
    expect(next(SINGLE_FLOW, skipped, facts([tfsa]))).toBe('/single/finalizeaccount');
  });

  it('every product needs its account-usage answers, the shorter form for registered plans', () => {
    const answers = answersUpTo('finalizeaccount', [sampleChequing, tfsa]);
    const shortUsage = {
      creditSources: { cheque: 1, payroll: 0, eft: 0 },
      depositSources: { wires: 0, eft: 2 },
    };
    const withShort = {
      ...answers,
      accountUsage: { [sampleChequing.productID]: USAGE, [tfsa.productID]: shortUsage },
    };
    expect(next(SINGLE_FLOW, withShort, facts([sampleChequing, tfsa]))).toBe('/single/legalterms');
    const missing = { ...answers, accountUsage: { [sampleChequing.productID]: USAGE } };
    expect(next(SINGLE_FLOW, missing, facts([sampleChequing, tfsa]))).toBe('/single/finalizeaccount');
  });

  it('a new phone number makes the phone steps due again', () => {
    const answers = {
      ...answersUpTo('address', [sampleChequing]),
      phone: { isStarted: false, isClosed: false },
    };
    const progress = deriveProgress(SINGLE_FLOW, answers, facts([sampleChequing]));
    expect(nextPathOf(progress, answers.identity)).toBe('/single/phoneverification');
    expect(canVisitStep(progress, 'address')).toBe(false);
    expect(missingStepsBefore(progress, 'address')).toEqual(['phoneverification', 'verificationCode']);
  });
});

describe('the joint path (spec 001 §2.7, §4.4)', () => {
  const joint = (products: ProductOffering[]) => facts(products, 'joint');
  const jointAnswers = (upTo: StepId, products: ProductOffering[], identity?: IdentityStatus) => {
    const answers = answersUpTo(upTo, products, identity);
    return { ...answers, personalInfo: answers.personalInfo && { ...PERSONAL_INFO, hasJointApp: undefined } };
  };

  it('address → sin when interest bearing', () => {
    expect(next(JOINT_FLOW, jointAnswers('address', [savings]), joint([savings]))).toBe('/joint/sin');
  });

  it('address → the consent, whose save runs the identity check, then legal terms on a pass', () => {
    const before = { ...jointAnswers('address', [sampleChequing]), identity: 'passed' as const };
    expect(next(JOINT_FLOW, before, joint([sampleChequing]))).toBe('/joint/identityconsent');
    const answers = { ...jointAnswers('identityconsent', [sampleChequing]), identity: 'passed' as const };
    expect(next(JOINT_FLOW, answers, joint([sampleChequing]))).toBe('/joint/legalterms');
  });

  it.each<[IdentityStatus, string]>([
    ['passed', '/joint/legalterms'],
    ['skipped', '/joint/legalterms'],
    ['denied', '/joint/idverifyterms'],
    ['stepUp', '/joint/idverifyterms'],
    ['documentApproved', '/joint/legalterms'],
  ])('sin with identity %s → %s', (identity, path) => {
    const answers = { ...jointAnswers('identityconsent', [savings]), identity };
    expect(next(JOINT_FLOW, answers, joint([savings]))).toBe(path);
  });

  it('a check the provider did not answer lets the co-applicant go on; one not run yet goes back to the screen whose save runs it', () => {
    expect(
      next(
        JOINT_FLOW,
        { ...jointAnswers('identityconsent', [savings]), identity: 'error' },
        joint([savings]),
      ),
    ).toBe('/joint/legalterms');
    expect(next(JOINT_FLOW, jointAnswers('identityconsent', [savings]), joint([savings]))).toBe(
      '/joint/identityconsent',
    );
    expect(next(JOINT_FLOW, jointAnswers('identityconsent', [sampleChequing]), joint([sampleChequing]))).toBe(
      '/joint/identityconsent',
    );
  });

  it('needs no product confirmation nor account usage from the co-applicant', () => {
    const answers = {
      ...jointAnswers('identityconsent', [sampleChequing]),
      identity: 'passed' as const,
      legalTerms: LEGAL_TERMS,
      reviewConsent: true,
      termsAccepted: true,
    };
    expect(deriveProgress(JOINT_FLOW, answers, joint([sampleChequing])).isComplete).toBe(true);
  });
});

describe('tracker marks (spec 000 §2 Layout)', () => {
  it('marks a group once its required steps are complete', () => {
    const products = [savings];
    const groups = (upTo: StepId) =>
      deriveProgress(SINGLE_FLOW, answersUpTo(upTo, products), facts(products)).groups;
    expect(groups('verificationCode')).toEqual({
      profile: true,
      address: false,
      confirmProduct: false,
      finalizeAccount: false,
    });
    expect(groups('confirmproducts').confirmProduct).toBe(false);
    expect(groups('sin').confirmProduct).toBe(true);
    expect(groups('reviewapplication').finalizeAccount).toBe(false);
  });
});

describe("the Back link: the previous screen of the flow on the applicant's path", () => {
  /** The Back path of each screen, as the view's progress (required, canVisit) gives it. */
  const backOf = (flow: Flow, answers: ApplicantAnswers, f: ApplicantFacts) => {
    const progress = deriveProgress(flow, answers, f);
    const steps = progress.steps.map((s) => ({ ...s, canVisit: canVisitStep(progress, s.id) }));
    return (id: StepId) => backPathOf(flow, id, steps);
  };

  it('single flow, interest bearing: each screen back to the one before, the send screen skipped', () => {
    const back = backOf(SINGLE_FLOW, answersUpTo('legalterms', [savings]), facts([savings]));
    expect(back('getstarted')).toBeNull();
    expect(back('createprofile')).toBe('/single/getstarted');
    expect(back('personalinfo')).toBe('/single/createprofile');
    expect(back('phoneverification')).toBe('/single/personalinfo');
    // The send screen gives way to the code screen once a code was asked for.
    expect(back('verificationCode')).toBe('/single/personalinfo');
    expect(back('address')).toBe('/single/verificationCode');
    expect(back('confirmproducts')).toBe('/single/address');
    // Nothing to choose: no 'Confirm your application' on the way back.
    expect(back('funding')).toBe('/single/address');
    expect(back('sin')).toBe('/single/funding');
    expect(back('identityconsent')).toBe('/single/sin');
    // The identity check has no screen; its host is the step after the consent.
    expect(back('finalizeaccount')).toBe('/single/identityconsent');
    expect(back('legalterms')).toBe('/single/finalizeaccount');
    expect(back('reviewapplication')).toBe('/single/legalterms');
    expect(back('applicationdecline')).toBeNull();
  });

  it('skips the SIN when no product is interest bearing, and passes by the ID terms when documents were asked', () => {
    const back = backOf(
      SINGLE_FLOW,
      answersUpTo('finalizeaccount', [sampleChequing]),
      facts([sampleChequing]),
    );
    expect(back('identityconsent')).toBe('/single/funding');
    expect(back('finalizeaccount')).toBe('/single/identityconsent');
    expect(back('legalterms')).toBe('/single/finalizeaccount');
    const stepUp = backOf(
      SINGLE_FLOW,
      answersUpTo('finalizeaccount', [sampleChequing], 'documentApproved'),
      facts([sampleChequing]),
    );
    expect(stepUp('idverifyterms')).toBe('/single/finalizeaccount');
    expect(stepUp('legalterms')).toBe('/single/idverifyterms');
  });

  it('joint flow: back to the invitation with its code, address back to the code, legal terms back to the consent', () => {
    const answers = { ...answersUpTo('identityconsent', [savings]), identity: 'passed' as const };
    const back = backOf(JOINT_FLOW, answers, facts([savings], 'joint'));
    const progress = deriveProgress(JOINT_FLOW, answers, facts([savings], 'joint'));
    const steps = progress.steps.map((s) => ({ ...s, canVisit: canVisitStep(progress, s.id) }));
    expect(backPathOf(JOINT_FLOW, 'createprofile', steps, '?jointCode=abc')).toBe(
      '/joint/getstarted?jointCode=abc',
    );
    // Only the way back to the entry keeps the query.
    expect(backPathOf(JOINT_FLOW, 'personalinfo', steps, '?jointCode=abc')).toBe('/joint/createprofile');
    expect(back('personalinfo')).toBe('/joint/createprofile');
    expect(back('verificationCode')).toBe('/joint/personalinfo');
    expect(back('address')).toBe('/joint/verificationCode');
    expect(back('sin')).toBe('/joint/address');
    expect(back('identityconsent')).toBe('/joint/sin');
    // The co-applicant's account-usage screen is off the path.
    expect(back('legalterms')).toBe('/joint/identityconsent');
  });

  it('before there is an application, only the entry is known', () => {
    expect(backPathOf(SINGLE_FLOW, 'createprofile', null)).toBe('/single/getstarted');
    expect(backPathOf(SINGLE_FLOW, 'personalinfo', null)).toBe('/single/getstarted');
    expect(backPathOf(JOINT_FLOW, 'createprofile', null, '?jointCode=abc')).toBe(
      '/joint/getstarted?jointCode=abc',
    );
  });
});
