/** Sample seed products for the domain tests (the shape of data/products.json). */
import { EXAMPLE_GIC_MATURITY_OPTIONS } from '../flows/step-examples.ts';
import type { ProductOffering } from './entities.ts';

/** A seed product as data/products.json holds it (contract: spec 000 §3 fields plus group, disclaimers, fr). */
export const sampleChequing: ProductOffering = {
  productID: '1001',
  productCode: 'CHQ-EVERY',
  accountCategory: 'Chequing',
  description: 'Everyday Chequing',
  benefit: '',
  line1: 'Unlimited debit transactions',
  line2: 'No minimum balance',
  line3: null,
  line4: null,
  line5: null,
  applyNowURL: '/?productIds=1001',
  featured: true,
  moreInfoURL: 'https://example.org/chequing',
  displayOrder: 1,
  isInterestBearing: false,
  depositAcctConfig: { minBalance: 0, interestRate: 0, sweepAllowed: true },
  termDepositAcctConfig: null,
  loanAcctConfig: null,
  group: 'Chequing',
  funding: { minOpeningDeposit: 25, annualContributionLimit: null },
  disclaimers: ['Fees may apply.'],
  fr: {
    description: 'Compte chèques courant',
    line1: 'Transactions de débit illimitées',
    line2: 'Aucun solde minimum',
    line3: null,
    line4: null,
    line5: null,
    disclaimers: ['Des frais peuvent s’appliquer.'],
  },
};

export const sampleGic: ProductOffering = {
  ...sampleChequing,
  productID: '4001',
  productCode: 'GIC-RED',
  accountCategory: 'GIC',
  description: '1-5 Year Redeemable GIC',
  isInterestBearing: true,
  depositAcctConfig: null,
  group: 'GICs',
  funding: { minOpeningDeposit: 500, annualContributionLimit: null },
  termDepositAcctConfig: {
    isFixedLength: false,
    defaultLength: 12,
    maxLength: 60,
    minAmount: 500,
    maxAmount: 1_000_000,
    mdDefault: 'rollover',
    ...EXAMPLE_GIC_MATURITY_OPTIONS,
    intSchedule: 'AtMaturity',
    interestDP: 2,
    termRate: [
      { period: 1, periodType: 'Years', description: '1 year', rate: 3.1 },
      { period: 90, periodType: 'Days', description: '90 days', rate: 2.2 },
      { period: 18, periodType: 'Months', description: '18 months', rate: 3.3 },
    ],
  },
};
