// Generates products.json, product-links.json and promo-codes.json (fictional omo Credit Union catalogue).
// Deterministic: no randomness. Run: node data/scripts/gen-products.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, writeJson } from './lib.mjs';

const SITE = 'https://www.omo-creditunion.example';
/** The catalogue's products, links and promotions, with the rates and disclaimers they share. */
const SOURCE = JSON.parse(readFileSync(join(DATA_DIR, 'scripts', 'catalogue-source.json'), 'utf8'));

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
function product(source) {
  const p = expand(source);
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

/** A source entry as product() takes it: its rates, GIC lines, deposit and disclaimers spelled out. */
function expand(entry) {
  const rates = entry.term && SOURCE.termRates[entry.term.rates].map(([n, type, rate]) => tr(n, type, rate));
  const disclaimers = entry.disclaimers.map((d) => (typeof d === 'string' ? SOURCE.disclaimers[d] : d));
  return {
    ...entry,
    ...(entry.gicLines && {
      lines: gicLines(entry.gicLines[0], rates),
      linesFr: gicLinesFr(entry.gicLines[1], rates),
    }),
    deposit: entry.deposit && { minBalance: 0, ...entry.deposit },
    term: entry.term && termConfig({ ...entry.term, rates }),
    disclaimers: disclaimers.map(([en]) => en),
    disclaimersFr: disclaimers.map(([, fr]) => fr),
  };
}

const products = SOURCE.products.map(product);
const { links, promos } = SOURCE;

// Sanity: every linked id exists.
const ids = new Set(products.map((p) => p.productID));
for (const l of [...links, ...promos])
  for (const id of l.productIds) if (!ids.has(id)) throw new Error(`unknown id ${id}`);

writeJson('products.json', products);
writeJson('product-links.json', links);
writeJson('promo-codes.json', promos);
