// The funding step (issue 18): a method for each account and, unless later, a first deposit of at least
// the product's minimum opening deposit and, for TFSA and FHSA, at most the annual contribution limit.
import { describe, expect, it } from 'vitest';
import { sampleChequing, sampleGic } from '../schemas/entities.fixtures.ts';
import type { ProductOffering } from '../schemas/entities.ts';
import { productNameIn } from '../rules/product-name.ts';
import { FLOWS } from './flows.ts';
import type { ApplicantAnswers } from './step-context.ts';
import { exampleFacts, NO_ANSWERS } from './step-examples.ts';
import {
  amountCentsOf,
  currencyOf,
  formatAmount,
  fundingFormSchema,
  SAVABLE_STEPS,
  STEP_CONTRACTS,
} from './steps.ts';

const tfsa: ProductOffering = {
  ...sampleChequing,
  productID: '1401',
  accountCategory: 'TFSA',
  funding: { minOpeningDeposit: 25, annualContributionLimit: 7000 },
};
const usd: ProductOffering = { ...sampleChequing, productID: '1201', accountCategory: 'USChequing' };
const facts = (products: ProductOffering[]) => exampleFacts(products, new Date(2026, 10, 26));
const answers = (funding: unknown): ApplicantAnswers => ({
  ...NO_ANSWERS,
  steps: funding === undefined ? {} : { funding },
});
const { save, isComplete } = SAVABLE_STEPS.funding;
const parse = (body: unknown, products: ProductOffering[]) =>
  save.parse(body, { facts: facts(products), answers: answers(undefined), role: 'primary' });
const issuesOf = (body: unknown, products: ProductOffering[]) => {
  const parsed = parse(body, products);
  return parsed.ok ? [] : parsed.issues;
};

describe('the funding step', () => {
  it('comes after the products are confirmed in the single flow, and is not the co-applicant’s', () => {
    const ids = FLOWS.single.steps.map((s) => s.id);
    expect(ids.indexOf('funding')).toBe(ids.indexOf('confirmproducts') + 1);
    expect(FLOWS.single.steps.find((s) => s.id === 'funding')).toMatchObject({
      path: '/single/funding',
      group: 'confirmProduct',
      requirement: 'always',
      titleEn: 'How would you like to fund your account?',
    });
    expect(FLOWS.joint.steps.some((s) => s.id === 'funding')).toBe(false);
    expect(save.roles).toEqual(['primary']);
    expect(save.scope).toBe('application');
  });

  it('asks each account for a method', () => {
    expect(issuesOf({}, [sampleChequing, sampleGic])).toEqual([
      { path: 'method_1001', key: 'funding.method.required' },
      { path: 'method_4001', key: 'funding.method.required' },
    ]);
    expect(issuesOf({ method_1001: 'bitcoin' }, [sampleChequing])).toEqual([
      { path: 'method_1001', key: 'funding.method.required' },
    ]);
  });

  it('asks an amount unless later, in dollars and cents', () => {
    expect(issuesOf({ method_1001: 'eTransfer', amount_1001: '' }, [sampleChequing])).toEqual([
      { path: 'amount_1001', key: 'funding.amount.required' },
    ]);
    expect(issuesOf({ method_1001: 'branch', amount_1001: '12.345' }, [sampleChequing])).toEqual([
      { path: 'amount_1001', key: 'funding.amount.invalid' },
    ]);
    expect(issuesOf({ method_1001: 'branch', amount_1001: 'ten' }, [sampleChequing])).toEqual([
      { path: 'amount_1001', key: 'funding.amount.invalid' },
    ]);
    expect(issuesOf({ method_1001: 'later' }, [sampleChequing])).toEqual([]);
  });

  it('refuses less than the minimum opening deposit of the catalogue', () => {
    expect(issuesOf({ method_4001: 'eTransfer', amount_4001: '499.99' }, [sampleGic])).toEqual([
      { path: 'amount_4001', key: 'funding.amount.min' },
    ]);
    expect(issuesOf({ method_4001: 'eTransfer', amount_4001: '500' }, [sampleGic])).toEqual([]);
  });

  it('refuses more than the annual contribution limit for a TFSA, and no limit elsewhere', () => {
    expect(issuesOf({ method_1401: 'eTransfer', amount_1401: '7000.01' }, [tfsa])).toEqual([
      { path: 'amount_1401', key: 'funding.amount.max' },
    ]);
    expect(issuesOf({ method_1401: 'eTransfer', amount_1401: '7,000.00' }, [tfsa])).toEqual([]);
    expect(issuesOf({ method_1001: 'eTransfer', amount_1001: '250000' }, [sampleChequing])).toEqual([]);
  });

  it('stores each account in the products’ order, the amount in cents; later clears the amount', () => {
    expect(
      parse({ method_1001: 'later', amount_1001: '80', method_4001: 'branch', amount_4001: '1 500,50' }, [
        sampleChequing,
        sampleGic,
      ]),
    ).toEqual({
      ok: true,
      value: {
        accounts: [
          { productId: '1001', method: 'later', amountCents: null },
          { productId: '4001', method: 'branch', amountCents: 150050 },
        ],
      },
    });
  });

  it('reads amounts as typed in English and in French', () => {
    expect(amountCentsOf('1500')).toBe(150000);
    expect(amountCentsOf('$1,500.5')).toBe(150050);
    expect(amountCentsOf('1 500,50')).toBe(150050);
    expect(amountCentsOf('1\u00a0500,5 $')).toBe(150050);
    expect(amountCentsOf('1.2.3')).toBeNull();
    expect(amountCentsOf('12,3456')).toBeNull();
    expect(amountCentsOf('1,50,000')).toBeNull();
    expect(amountCentsOf('12,000,000')).toBe(1200000000);
    expect(amountCentsOf('-5')).toBeNull();
    expect(amountCentsOf('')).toBeNull();
  });

  it('is complete when the stored answer funds every product under today’s catalogue', () => {
    const products = [sampleChequing];
    const stored = { accounts: [{ productId: '1001', method: 'eTransfer', amountCents: 2500 }] };
    expect(isComplete!(answers(stored), facts(products))).toBe(true);
    expect(isComplete!(answers(undefined), facts(products))).toBe(false);
    // Another product, or a minimum raised since: to be answered again.
    expect(isComplete!(answers(stored), facts([sampleChequing, sampleGic]))).toBe(false);
    const raised = { ...sampleChequing, funding: { minOpeningDeposit: 50, annualContributionLimit: null } };
    expect(isComplete!(answers(stored), facts([raised]))).toBe(false);
    expect(STEP_CONTRACTS.funding.isComplete).toBe(isComplete);
  });

  it('the browser’s form gives the same messages as the server', () => {
    const result = fundingFormSchema([tfsa]).safeParse({ method_1401: 'eTransfer', amount_1401: '9000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['funding.amount.max']);
  });

  it('a US-dollar account is funded in US dollars', () => {
    expect(currencyOf(usd)).toBe('USD');
    expect(currencyOf(tfsa)).toBe('CAD');
  });
});

describe('an account and its deposit as the applicant reads them (e-mails, the welcome)', () => {
  it('names the product in the applicant’s language, in English when it has no French name', () => {
    expect(productNameIn(sampleChequing, 'en')).toBe(sampleChequing.description);
    expect(productNameIn(sampleChequing, 'fr')).toBe(sampleChequing.fr.description);
    expect(productNameIn({ ...sampleChequing, fr: { ...sampleChequing.fr, description: '' } }, 'fr')).toBe(
      sampleChequing.description,
    );
  });

  it('writes the amount in the account’s currency as the language writes it', () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(formatAmount(125050, sampleChequing, 'en')).toBe('$1,250.50');
    expect(plain(formatAmount(125050, sampleChequing, 'fr'))).toBe('1 250,50 $');
    expect(formatAmount(125050, usd, 'en')).toBe('US$1,250.50');
    expect(plain(formatAmount(125050, usd, 'fr'))).toBe('1 250,50 $ US');
    expect(formatAmount(99, sampleChequing, 'en')).toBe('$0.99');
  });
});
