// Generates products.json, product-links.json and promo-codes.json (fictional omo Credit Union catalogue).
// Deterministic: no randomness. Run: node data/scripts/gen-products.mjs
import { writeJson } from './lib.mjs';

const SITE = 'https://www.omo-creditunion.example';
const CDIC_EN =
  'Deposits are guaranteed by the provincial deposit insurance corporation as described at www.omo-creditunion.example/deposit-insurance.';
const CDIC_FR =
  'Les dépôts sont garantis par la société provinciale d’assurance-dépôts, comme il est décrit à www.omo-creditunion.example/fr/assurance-depots.';
const RATE_EN =
  'Rates are annual, subject to change without notice and accurate as of the date of publication.';
const RATE_FR =
  'Les taux sont annuels, peuvent changer sans préavis et sont exacts à la date de publication.';
const REG_EN = 'Registered plans are subject to Canada Revenue Agency contribution limits and rules.';
const REG_FR =
  'Les régimes enregistrés sont assujettis aux plafonds de cotisation et aux règles de l’Agence du revenu du Canada.';

const pct = (r) => r.toFixed(2);
const pctFr = (r) => r.toFixed(2).replace('.', ',');

/** Term rate row; description is e.g. "1 Year" / "18 Months" / "90 Days". */
function tr(period, periodType, rate) {
  const unit = period === 1 ? periodType.replace(/s$/, '') : periodType;
  return { period, periodType, description: `${period} ${unit}`, rate };
}

function termConfig({
  isFixedLength = false,
  defaultLength,
  maxLength,
  minAmount = 500,
  maxAmount = 1000000,
  cashable = false,
  rates,
  mdDefault = 'Renew',
}) {
  return {
    isFixedLength,
    defaultLength,
    maxLength,
    minAmount,
    maxAmount,
    mdDefault,
    mdAllowRenew: true,
    mdAllowTransfer: true,
    mdAllowCheque: false,
    mdAllowMature: true,
    mdAllowRollover: true,
    intSchedule: cashable ? 'AtMaturity' : 'Annually',
    interestDP: 'Compound',
    termRate: rates,
  };
}

const deposit = (interestRate, sweepAllowed = false, minBalance = 0) => ({
  minBalance,
  interestRate,
  sweepAllowed,
});

/**
 * French typography: a no-break space keeps a number with its unit ('3,25 %', '500 $') and the groups
 * of a number together ('8 000').
 */
const frText = (text) =>
  text == null ? text : text.replace(/(\d) (?=\d{3}\b)/g, '$1\u00a0').replace(/(\d) ([%$])/g, '$1\u00a0$2');

/** Minimum opening deposit of an account without a term (dollars); a GIC's is its term minimum. */
const MIN_OPENING_DEPOSIT = 25;
/** Annual contribution limits (CRA, 2026) of the plans that have one, in dollars. */
const ANNUAL_LIMITS = { TFSA: 7000, FHSA: 8000 };

let order = {};
function product(p) {
  order[p.group] = (order[p.group] ?? 0) + 1;
  const lines = p.lines ?? [];
  const linesFr = p.linesFr ?? [];
  const out = {
    productID: p.id,
    productCode: p.code,
    accountCategory: p.category,
    description: p.description,
    benefit: p.benefit ?? '',
    line1: lines[0] ?? null,
    line2: lines[1] ?? null,
    line3: lines[2] ?? null,
    line4: lines[3] ?? null,
    line5: lines[4] ?? null,
    applyNowURL: `${SITE}/apply?productIds=${p.id}`,
    featured: p.featured ?? false,
    moreInfoURL: `${SITE}/${p.slug}`,
    displayOrder: order[p.group],
    isInterestBearing: p.interest,
    depositAcctConfig: p.deposit ?? null,
    termDepositAcctConfig: p.term ?? null,
    loanAcctConfig: null,
    group: p.group,
    funding: {
      minOpeningDeposit: p.term ? p.term.minAmount : MIN_OPENING_DEPOSIT,
      annualContributionLimit: ANNUAL_LIMITS[p.category] ?? null,
    },
    disclaimers: p.disclaimers ?? [],
    fr: {
      description: frText(p.descriptionFr),
      line1: frText(linesFr[0] ?? null),
      line2: frText(linesFr[1] ?? null),
      line3: frText(linesFr[2] ?? null),
      line4: frText(linesFr[3] ?? null),
      line5: frText(linesFr[4] ?? null),
      disclaimers: (p.disclaimersFr ?? []).map(frText),
    },
  };
  if (lines.length !== linesFr.length) throw new Error(`line count mismatch for ${p.id}`);
  if (out.disclaimers.length !== out.fr.disclaimers.length)
    throw new Error(`disclaimer mismatch for ${p.id}`);
  return out;
}

const gicRatesNR1 = [tr(6, 'Months', 2.9), tr(9, 'Months', 3.0), tr(1, 'Years', 3.25), tr(18, 'Months', 3.2)];
const gicRatesNR2 = [tr(18, 'Months', 3.2), tr(2, 'Years', 3.3), tr(30, 'Months', 3.3)];
const gicRatesNR3 = [tr(2, 'Years', 3.3), tr(3, 'Years', 3.4), tr(4, 'Years', 3.5)];
const gicRatesNR5 = [tr(3, 'Years', 3.4), tr(4, 'Years', 3.5), tr(5, 'Years', 3.6)];
const gicRatesCash = [tr(90, 'Days', 2.0), tr(180, 'Days', 2.25), tr(1, 'Years', 2.5)];
const regGicRates = [
  tr(1, 'Years', 3.25),
  tr(2, 'Years', 3.3),
  tr(3, 'Years', 3.4),
  tr(4, 'Years', 3.5),
  tr(5, 'Years', 3.6),
];

const gicLines = (years, rates) => [
  `Lock in a guaranteed rate for ${years}`,
  `Terms from ${rates[0].description.toLowerCase()} to ${rates[rates.length - 1].description.toLowerCase()}`,
  `Earn up to ${pct(Math.max(...rates.map((r) => r.rate)))}% per year`,
  'Minimum deposit of $500',
  'Non-redeemable before maturity',
];
const frTerm = (d) =>
  d.replace('Years', 'ans').replace('Year', 'an').replace('Months', 'mois').replace('Days', 'jours');
/** 'Durées de 6 à 18 mois', or 'Durées de 9 mois à 2 ans' when the units differ. */
const frDurations = (first, last) =>
  first.periodType === last.periodType
    ? `Durées de ${first.period} à ${frTerm(last.description)}`
    : `Durées de ${frTerm(first.description)} à ${frTerm(last.description)}`;
const gicLinesFr = (years, rates) => [
  `Obtenez un taux garanti pour ${years}`,
  frDurations(rates[0], rates[rates.length - 1]),
  `Jusqu’à ${pctFr(Math.max(...rates.map((r) => r.rate)))} % par année`,
  'Dépôt minimal de 500 $',
  'Non rachetable avant l’échéance',
];

const products = [
  // ---- Chequing
  product({
    id: '1001',
    code: 'CHQ-EVD',
    category: 'Chequing',
    group: 'Chequing',
    slug: 'chequing/everyday',
    interest: false,
    featured: true,
    description: 'Everyday Chequing Account',
    descriptionFr: 'Compte chèques Quotidien',
    lines: [
      'Unlimited everyday debit transactions',
      'Free Interac e-Transfer® transactions',
      'No minimum balance',
      '$4.95 monthly fee, waived with a $3,000 balance',
    ],
    linesFr: [
      'Transactions de débit quotidiennes illimitées',
      'Virements Interac® gratuits',
      'Aucun solde minimal',
      'Frais mensuels de 4,95 $, annulés avec un solde de 3 000 $',
    ],
    deposit: deposit(0, true),
    disclaimers: [CDIC_EN],
    disclaimersFr: [CDIC_FR],
  }),
  product({
    id: '1002',
    code: 'CHQ-STU',
    category: 'Chequing',
    group: 'Chequing',
    slug: 'chequing/student',
    interest: false,
    benefit: 'STUDENT',
    description: 'Student Chequing Account',
    descriptionFr: 'Compte chèques Étudiant',
    lines: [
      'No monthly fee for full-time students aged 18 to 25',
      'Unlimited debit transactions',
      'Free Interac e-Transfer® transactions',
      'Proof of enrolment may be requested',
    ],
    linesFr: [
      'Aucuns frais mensuels pour les étudiants à temps plein de 18 à 25 ans',
      'Transactions de débit illimitées',
      'Virements Interac® gratuits',
      'Une preuve d’inscription peut être demandée',
    ],
    deposit: deposit(0, true),
    disclaimers: ['Available to full-time students aged 18 to 25.', CDIC_EN],
    disclaimersFr: ['Offert aux étudiants à temps plein âgés de 18 à 25 ans.', CDIC_FR],
  }),
  product({
    id: '1003',
    code: 'CHQ-SNR',
    category: 'Chequing',
    group: 'Chequing',
    slug: 'chequing/senior-plus',
    interest: false,
    benefit: 'SNRPLUS',
    description: 'Senior Plus Chequing Account',
    descriptionFr: 'Compte chèques Aînés Plus',
    lines: [
      'For members aged 60 and over',
      'No monthly fee',
      'Unlimited debit transactions',
      'Free personalized cheques (first order)',
      '$2 off safety deposit box rental',
    ],
    linesFr: [
      'Pour les membres de 60 ans et plus',
      'Aucuns frais mensuels',
      'Transactions de débit illimitées',
      'Chèques personnalisés gratuits (première commande)',
      'Rabais de 2 $ sur la location d’un coffret de sûreté',
    ],
    deposit: deposit(0, true),
    disclaimers: ['Available to members aged 60 and over.', CDIC_EN],
    disclaimersFr: ['Offert aux membres de 60 ans et plus.', CDIC_FR],
  }),
  product({
    id: '1004',
    code: 'CHQ-NTC',
    category: 'Chequing',
    group: 'Chequing',
    slug: 'chequing/new-to-canada',
    interest: false,
    benefit: 'NTC',
    description: 'New to Canada Chequing Account',
    descriptionFr: 'Compte chèques Nouveaux arrivants',
    lines: [
      'No monthly fee for your first 12 months',
      'Free international money transfer each month',
      'No Canadian credit history needed',
      'Support in English and French',
    ],
    linesFr: [
      'Aucuns frais mensuels pendant les 12 premiers mois',
      'Un transfert international gratuit par mois',
      'Aucun historique de crédit canadien requis',
      'Service en français et en anglais',
    ],
    deposit: deposit(0, true),
    disclaimers: [
      'For permanent residents, international students and workers who arrived in Canada in the last 5 years.',
      CDIC_EN,
    ],
    disclaimersFr: [
      'Pour les résidents permanents, étudiants et travailleurs étrangers arrivés au Canada depuis moins de 5 ans.',
      CDIC_FR,
    ],
  }),
  product({
    id: '1005',
    code: 'CHQ-ALL',
    category: 'Chequing',
    group: 'Chequing',
    slug: 'chequing/all-in',
    interest: false,
    description: 'All-In Chequing Account',
    descriptionFr: 'Compte chèques Tout compris',
    lines: [
      'Unlimited transactions of every kind',
      'Free overdraft protection up to $500 (on approval)',
      'No fee on foreign ATM withdrawals in Canada',
      '$14.95 monthly fee, waived with a $5,000 balance',
    ],
    linesFr: [
      'Transactions illimitées de tous types',
      'Protection de découvert gratuite jusqu’à 500 $ (sur approbation)',
      'Aucuns frais aux GAB d’autres institutions au Canada',
      'Frais mensuels de 14,95 $, annulés avec un solde de 5 000 $',
    ],
    deposit: deposit(0, true),
    disclaimers: ['Overdraft protection is subject to credit approval.', CDIC_EN],
    disclaimersFr: ['La protection de découvert est assujettie à l’approbation du crédit.', CDIC_FR],
  }),
  // ---- Savings
  product({
    id: '1101',
    code: 'SAV-HIS',
    category: 'Savings',
    group: 'Savings',
    slug: 'savings/high-interest',
    interest: true,
    featured: true,
    description: 'High Interest Savings Account',
    descriptionFr: 'Compte d’épargne à intérêt élevé',
    lines: [
      'Earn 2.75% interest on every dollar',
      'Interest calculated daily, paid monthly',
      'No minimum balance',
      'Two free withdrawals per month',
    ],
    linesFr: [
      'Intérêt de 2,75 % sur chaque dollar',
      'Intérêt calculé chaque jour et versé chaque mois',
      'Aucun solde minimal',
      'Deux retraits gratuits par mois',
    ],
    deposit: deposit(2.75, true),
    disclaimers: [RATE_EN, CDIC_EN],
    disclaimersFr: [RATE_FR, CDIC_FR],
  }),
  product({
    id: '1102',
    code: 'SAV-EVD',
    category: 'Savings',
    group: 'Savings',
    slug: 'savings/everyday',
    interest: true,
    description: 'Everyday Savings Account',
    descriptionFr: 'Compte d’épargne Quotidien',
    lines: ['Earn 0.50% interest', 'Unlimited free transfers to your chequing account', 'No monthly fee'],
    linesFr: [
      'Intérêt de 0,50 %',
      'Virements gratuits illimités vers votre compte chèques',
      'Aucuns frais mensuels',
    ],
    deposit: deposit(0.5, true),
    disclaimers: [RATE_EN, CDIC_EN],
    disclaimersFr: [RATE_FR, CDIC_FR],
  }),
  product({
    id: '1103',
    code: 'SAV-GOAL',
    category: 'Savings',
    group: 'Savings',
    slug: 'savings/goal-saver',
    interest: true,
    description: 'Goal Saver Account',
    descriptionFr: 'Compte Épargne-objectif',
    lines: [
      'Earn 3.10% interest when you deposit every month',
      'Set up to five savings goals',
      'Round-up savings on debit purchases',
      'One free withdrawal per month',
    ],
    linesFr: [
      'Intérêt de 3,10 % si vous déposez chaque mois',
      'Jusqu’à cinq objectifs d’épargne',
      'Arrondi des achats par débit versé en épargne',
      'Un retrait gratuit par mois',
    ],
    deposit: deposit(3.1, true, 0),
    disclaimers: [
      'The 3.10% rate applies in months with a deposit and no more than one withdrawal.',
      RATE_EN,
      CDIC_EN,
    ],
    disclaimersFr: [
      'Le taux de 3,10 % s’applique les mois où un dépôt est fait et où au plus un retrait est effectué.',
      RATE_FR,
      CDIC_FR,
    ],
  }),
  // ---- US Dollar
  product({
    id: '1201',
    code: 'USD-CHQ',
    category: 'USChequing',
    group: 'US Dollar',
    slug: 'chequing/us-dollar',
    interest: false,
    description: 'US Dollar Chequing Account',
    descriptionFr: 'Compte chèques en dollars américains',
    lines: [
      'Hold, send and receive US dollars',
      'Avoid conversion fees on US purchases',
      'Cheques in US funds',
      'No monthly fee with a US$1,000 balance',
    ],
    linesFr: [
      'Détenez, envoyez et recevez des dollars américains',
      'Évitez les frais de conversion sur vos achats américains',
      'Chèques en dollars américains',
      'Aucuns frais mensuels avec un solde de 1 000 $ US',
    ],
    deposit: deposit(0, false),
    disclaimers: ['US dollar deposits are not covered by deposit insurance in every province.'],
    disclaimersFr: [
      'Les dépôts en dollars américains ne sont pas couverts par l’assurance-dépôts dans toutes les provinces.',
    ],
  }),
  // ---- GICs
  product({
    id: '1301',
    code: 'GIC-NR1',
    category: 'GIC',
    group: 'GICs',
    slug: 'gic/1-year',
    interest: true,
    featured: true,
    description: '1-Year Non-Redeemable GIC',
    descriptionFr: 'CPG non rachetable de 1 an',
    lines: gicLines('a year', gicRatesNR1),
    linesFr: gicLinesFr('un an', gicRatesNR1),
    term: termConfig({ defaultLength: 12, maxLength: 18, rates: gicRatesNR1 }),
    disclaimers: [RATE_EN, CDIC_EN],
    disclaimersFr: [RATE_FR, CDIC_FR],
  }),
  product({
    id: '1302',
    code: 'GIC-NR2',
    category: 'GIC',
    group: 'GICs',
    slug: 'gic/2-year',
    interest: true,
    description: '2-Year Non-Redeemable GIC',
    descriptionFr: 'CPG non rachetable de 2 ans',
    lines: gicLines('2 years', gicRatesNR2),
    linesFr: gicLinesFr('2 ans', gicRatesNR2),
    term: termConfig({ defaultLength: 24, maxLength: 30, rates: gicRatesNR2 }),
    disclaimers: [RATE_EN, CDIC_EN],
    disclaimersFr: [RATE_FR, CDIC_FR],
  }),
  product({
    id: '1303',
    code: 'GIC-NR3',
    category: 'GIC',
    group: 'GICs',
    slug: 'gic/3-year',
    interest: true,
    description: '3-Year Non-Redeemable GIC',
    descriptionFr: 'CPG non rachetable de 3 ans',
    lines: gicLines('3 years', gicRatesNR3),
    linesFr: gicLinesFr('3 ans', gicRatesNR3),
    term: termConfig({ defaultLength: 36, maxLength: 48, rates: gicRatesNR3 }),
    disclaimers: [RATE_EN, CDIC_EN],
    disclaimersFr: [RATE_FR, CDIC_FR],
  }),
  product({
    id: '1304',
    code: 'GIC-NR5',
    category: 'GIC',
    group: 'GICs',
    slug: 'gic/5-year',
    interest: true,
    description: '5-Year Non-Redeemable GIC',
    descriptionFr: 'CPG non rachetable de 5 ans',
    lines: gicLines('5 years', gicRatesNR5),
    linesFr: gicLinesFr('5 ans', gicRatesNR5),
    term: termConfig({ defaultLength: 60, maxLength: 60, rates: gicRatesNR5 }),
    disclaimers: [RATE_EN, CDIC_EN],
    disclaimersFr: [RATE_FR, CDIC_FR],
  }),
  product({
    id: '1305',
    code: 'GIC-CSH',
    category: 'GIC',
    group: 'GICs',
    slug: 'gic/cashable',
    interest: true,
    description: 'Cashable GIC',
    descriptionFr: 'CPG encaissable',
    lines: [
      'Cash out any time after 30 days',
      'Terms of 90 days, 180 days or 1 year',
      'Earn up to 2.50% per year',
      'Minimum deposit of $1,000',
    ],
    linesFr: [
      'Encaissable en tout temps après 30 jours',
      'Durées de 90 jours, de 180 jours ou de 1 an',
      'Jusqu’à 2,50 % par année',
      'Dépôt minimal de 1 000 $',
    ],
    term: termConfig({
      defaultLength: 12,
      maxLength: 12,
      minAmount: 1000,
      maxAmount: 500000,
      cashable: true,
      rates: gicRatesCash,
    }),
    disclaimers: ['No interest is paid if the GIC is cashed within 30 days.', RATE_EN, CDIC_EN],
    disclaimersFr: ['Aucun intérêt n’est versé si le CPG est encaissé dans les 30 jours.', RATE_FR, CDIC_FR],
  }),
  // ---- TFSAs
  product({
    id: '1401',
    code: 'TFSA-SAV',
    category: 'TFSA',
    group: 'TFSAs',
    slug: 'tfsa/savings',
    interest: true,
    featured: true,
    description: 'Tax-Free Savings Account (TFSA)',
    descriptionFr: 'Compte d’épargne libre d’impôt (CELI)',
    lines: [
      'Earn 2.85% interest, tax-free',
      'Withdraw at any time',
      'No minimum balance',
      'Must be 18 or older with a valid SIN',
    ],
    linesFr: [
      'Intérêt de 2,85 %, libre d’impôt',
      'Retraits en tout temps',
      'Aucun solde minimal',
      'Avoir 18 ans ou plus et un NAS valide',
    ],
    deposit: deposit(2.85, false),
    disclaimers: [REG_EN, RATE_EN, CDIC_EN],
    disclaimersFr: [REG_FR, RATE_FR, CDIC_FR],
  }),
  product({
    id: '1402',
    code: 'TFSA-GIC',
    category: 'TFSA',
    group: 'TFSAs',
    slug: 'tfsa/gic',
    interest: true,
    description: 'TFSA GIC',
    descriptionFr: 'CPG CELI',
    lines: [
      'Guaranteed growth, tax-free',
      'Terms from 1 to 5 years',
      'Earn up to 3.60% per year',
      'Minimum deposit of $500',
    ],
    linesFr: [
      'Croissance garantie, libre d’impôt',
      'Durées de 1 à 5 ans',
      'Jusqu’à 3,60 % par année',
      'Dépôt minimal de 500 $',
    ],
    term: termConfig({ defaultLength: 12, maxLength: 60, rates: regGicRates }),
    disclaimers: [REG_EN, RATE_EN, CDIC_EN],
    disclaimersFr: [REG_FR, RATE_FR, CDIC_FR],
  }),
  // ---- RRSPs (and RIF)
  product({
    id: '1501',
    code: 'RRSP-SAV',
    category: 'RRSP',
    group: 'RRSPs',
    slug: 'rrsp/savings',
    interest: true,
    description: 'Registered Retirement Savings Plan (RRSP)',
    descriptionFr: 'Régime enregistré d’épargne-retraite (REER)',
    lines: [
      'Earn 2.50% interest, tax-deferred',
      'Contributions are tax-deductible',
      'Flexible deposits at any time',
      'Available until the end of the year you turn 71',
    ],
    linesFr: [
      'Intérêt de 2,50 %, à impôt différé',
      'Cotisations déductibles du revenu',
      'Dépôts flexibles en tout temps',
      'Offert jusqu’à la fin de l’année de vos 71 ans',
    ],
    deposit: deposit(2.5, false),
    disclaimers: [REG_EN, RATE_EN, CDIC_EN],
    disclaimersFr: [REG_FR, RATE_FR, CDIC_FR],
  }),
  product({
    id: '1502',
    code: 'RRSP-GIC',
    category: 'RRSP',
    group: 'RRSPs',
    slug: 'rrsp/gic',
    interest: true,
    description: 'RRSP GIC',
    descriptionFr: 'CPG REER',
    lines: [
      'Guaranteed growth for your retirement',
      'Terms from 1 to 5 years',
      'Earn up to 3.60% per year',
      'Minimum deposit of $500',
    ],
    linesFr: [
      'Croissance garantie pour votre retraite',
      'Durées de 1 à 5 ans',
      'Jusqu’à 3,60 % par année',
      'Dépôt minimal de 500 $',
    ],
    term: termConfig({ defaultLength: 12, maxLength: 60, rates: regGicRates }),
    disclaimers: [REG_EN, RATE_EN, CDIC_EN],
    disclaimersFr: [REG_FR, RATE_FR, CDIC_FR],
  }),
  product({
    id: '1503',
    code: 'RIF-SAV',
    category: 'RIF',
    group: 'RRSPs',
    slug: 'rrsp/rif',
    interest: true,
    description: 'Registered Retirement Income Fund (RRIF)',
    descriptionFr: 'Fonds enregistré de revenu de retraite (FERR)',
    lines: [
      'Turn your RRSP savings into retirement income',
      'Earn 2.50% interest',
      'Monthly, quarterly or annual payments',
      'Minimum annual withdrawal set by the CRA',
    ],
    linesFr: [
      'Transformez votre épargne REER en revenu de retraite',
      'Intérêt de 2,50 %',
      'Versements mensuels, trimestriels ou annuels',
      'Retrait annuel minimal fixé par l’ARC',
    ],
    deposit: deposit(2.5, false),
    disclaimers: [REG_EN, RATE_EN, CDIC_EN],
    disclaimersFr: [REG_FR, RATE_FR, CDIC_FR],
  }),
  // ---- FHSA
  product({
    id: '1601',
    code: 'FHSA-SAV',
    category: 'FHSA',
    group: 'FHSA',
    slug: 'fhsa/savings',
    interest: true,
    featured: true,
    description: 'First Home Savings Account (FHSA)',
    descriptionFr: 'Compte d’épargne libre d’impôt pour l’achat d’une première propriété (CELIAPP)',
    lines: [
      'Save up to $8,000 a year for your first home',
      'Contributions are tax-deductible',
      'Qualifying withdrawals are tax-free',
      'Earn 3.00% interest',
    ],
    linesFr: [
      'Épargnez jusqu’à 8 000 $ par année pour votre première propriété',
      'Cotisations déductibles du revenu',
      'Retraits admissibles libres d’impôt',
      'Intérêt de 3,00 %',
    ],
    deposit: deposit(3.0, false),
    disclaimers: [
      'You must be a Canadian resident, at least 18 and under 72, and a first-time home buyer.',
      REG_EN,
      RATE_EN,
      CDIC_EN,
    ],
    disclaimersFr: [
      'Vous devez résider au Canada, avoir au moins 18 ans et moins de 72 ans, et être un premier acheteur.',
      REG_FR,
      RATE_FR,
      CDIC_FR,
    ],
  }),
];

const links = [
  {
    group: 'Bundles',
    label: 'Everyday Chequing + High Interest Savings',
    labelFr: 'Compte chèques Quotidien + Épargne à intérêt élevé',
    productIds: ['1001', '1101'],
  },
  {
    group: 'Bundles',
    label: 'Student Chequing + Goal Saver',
    labelFr: 'Compte chèques Étudiant + Épargne-objectif',
    productIds: ['1002', '1103'],
  },
  {
    group: 'Bundles',
    label: 'New to Canada Chequing + Everyday Savings',
    labelFr: 'Compte chèques Nouveaux arrivants + Épargne Quotidien',
    productIds: ['1004', '1102'],
  },
  {
    group: 'Sweeps',
    label: 'Everyday Chequing with Sweep',
    labelFr: 'Compte chèques Quotidien avec balayage',
    productIds: ['1001'],
    sweep: true,
  },
  {
    group: 'Sweeps',
    label: 'All-In Chequing + High Interest Savings with Sweep',
    labelFr: 'Compte chèques Tout compris + Épargne à intérêt élevé avec balayage',
    productIds: ['1005', '1101'],
    sweep: true,
  },
  {
    group: 'GIC Advantage',
    label: '1-Year GIC Advantage (PromoGIC)',
    labelFr: 'CPG Avantage 1 an (PromoGIC)',
    productIds: ['1301'],
    prm: 'PromoGIC',
  },
  {
    group: 'GIC Advantage',
    label: '5-Year GIC Advantage (PromoGIC)',
    labelFr: 'CPG Avantage 5 ans (PromoGIC)',
    productIds: ['1304'],
    prm: 'PromoGIC',
  },
  {
    group: 'GIC Advantage',
    label: 'Cashable GIC test promotion (PromoTst)',
    labelFr: 'CPG encaissable, promotion test (PromoTst)',
    productIds: ['1305'],
    prm: 'PromoTst',
  },
];

const promos = [
  {
    code: 'PromoGIC',
    productIds: ['1301', '1302', '1303', '1304'],
    description: 'GIC Advantage: a 0.25% bonus on the first term of a non-redeemable GIC.',
  },
  {
    code: 'PromoTst',
    productIds: ['1305'],
    description: 'Test promotion for non-production environments; no bonus is applied.',
  },
];

// Sanity: every linked id exists.
const ids = new Set(products.map((p) => p.productID));
for (const l of [...links, ...promos])
  for (const id of l.productIds) if (!ids.has(id)) throw new Error(`unknown id ${id}`);

writeJson('products.json', products);
writeJson('product-links.json', links);
writeJson('promo-codes.json', promos);
