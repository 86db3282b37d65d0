// Validates the seed data in data/: counts, shapes and Canadian postal-code invariants.
// Run: node data/scripts/check.mjs   (exit code 1 on any failure)
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './lib.mjs';
import { PROVINCES } from './places-source.mjs';

const errors = [];
const fail = (msg) => errors.push(msg);
const assert = (cond, msg) => {
  if (!cond) fail(msg);
};

const FILES = [
  'products.json',
  'product-links.json',
  'promo-codes.json',
  'occupations.json',
  'pep-positions.json',
  'branches.json',
  'post-offices.json',
  'addresses.json',
  'postal-geo.json',
];
const load = (f) => JSON.parse(readFileSync(join(DATA_DIR, f), 'utf8'));
for (const f of FILES)
  assert(statSync(join(DATA_DIR, f)).size < 1.5 * 1024 * 1024, `${f} is 1.5 MB or larger`);

// ---------------------------------------------------------------- Canadian rules (reference §6.2, §6.3)
const POSTAL_RE = /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/;
// The province (or territories) of a postal code's first letter.
const FIRST_LETTER = Object.fromEntries(
  'A:NL B:NS C:PE E:NB G:QC H:QC J:QC K:ON L:ON M:ON N:ON P:ON R:MB S:SK T:AB V:BC X:NT,NU Y:YT'
    .split(' ')
    .map((entry) => entry.split(':'))
    .map(([letter, provinces]) => [letter, provinces.split(',')]),
);
const X_FSA = { X0A: 'NU', X0B: 'NU', X0C: 'NU', X0E: 'NT', X0G: 'NT', X1A: 'NT' };
function provinceOfPostal(pc) {
  const fsa = pc.slice(0, 3);
  if (fsa[0] === 'X') return X_FSA[fsa] ? [X_FSA[fsa]] : [];
  return FIRST_LETTER[fsa[0]] ?? [];
}
function checkPostal(where, pc, prov, geo) {
  if (typeof pc !== 'string' || !/^[A-Z]\d[A-Z] \d[A-Z]\d$/.test(pc) || !POSTAL_RE.test(pc))
    return fail(`${where}: invalid postal code ${pc}`);
  if (!provinceOfPostal(pc).includes(prov))
    fail(`${where}: postal code ${pc} does not match province ${prov}`);
  if (geo && !geo[pc.slice(0, 3)]) fail(`${where}: FSA ${pc.slice(0, 3)} missing from postal-geo.json`);
}
const inCanada = (lat, lng) =>
  typeof lat === 'number' &&
  typeof lng === 'number' &&
  lat > 41.6 &&
  lat < 83.2 &&
  lng > -141.1 &&
  lng < -52.5;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
function checkHours(where, hours, allowSunday) {
  assert(Array.isArray(hours), `${where}: hours must be an array`);
  const days = new Set();
  for (const h of hours ?? []) {
    assert(
      Number.isInteger(h.dayOfWeek) && h.dayOfWeek >= 0 && h.dayOfWeek <= 6,
      `${where}: bad dayOfWeek ${h.dayOfWeek}`,
    );
    assert(!days.has(h.dayOfWeek), `${where}: day ${h.dayOfWeek} listed twice`);
    days.add(h.dayOfWeek);
    assert(
      TIME_RE.test(h.openingTime) && TIME_RE.test(h.closingTime) && h.openingTime < h.closingTime,
      `${where}: bad hours ${JSON.stringify(h)}`,
    );
  }
  if (!allowSunday) assert(!days.has(0), `${where}: open on Sunday`);
}

const geo = load('postal-geo.json');
for (const [fsa, coords] of Object.entries(geo)) {
  assert(POSTAL_RE.test(`${fsa} 1A1`), `postal-geo: invalid FSA ${fsa}`);
  assert(
    Array.isArray(coords) && coords.length === 2 && inCanada(coords[0], coords[1]),
    `postal-geo: bad coordinates for ${fsa}`,
  );
}

// ---------------------------------------------------------------- products
// The twelve account types of the catalogue.
const ACCOUNT_TYPES =
  'Chequing Savings USChequing GIC TFSA FHSA RRSP RIF Mortgage LOC CreditCard Other'.split(' ');
const GROUPS = ['Chequing', 'Savings', 'US Dollar', 'GICs', 'TFSAs', 'RRSPs', 'FHSA'];
const products = load('products.json');
const byId = new Map();
for (const p of products) {
  const w = `product ${p.productID}`;
  assert(
    typeof p.productID === 'string' && /^\d{4}$/.test(p.productID),
    `${w}: productID must be a 4-digit string`,
  );
  assert(!byId.has(p.productID), `${w}: duplicate productID`);
  byId.set(p.productID, p);
  assert(ACCOUNT_TYPES.includes(p.accountCategory), `${w}: bad accountCategory ${p.accountCategory}`);
  assert(GROUPS.includes(p.group), `${w}: bad group ${p.group}`);
  for (const k of ['productCode', 'description', 'benefit', 'applyNowURL', 'moreInfoURL'])
    assert(typeof p[k] === 'string', `${w}: ${k} must be a string`);
  assert(p.description.length > 0, `${w}: empty description`);
  assert(
    /^https:\/\/www\.omo-creditunion\.example\//.test(p.applyNowURL) &&
      /^https:\/\/www\.omo-creditunion\.example\//.test(p.moreInfoURL),
    `${w}: URLs must be on the fictional domain`,
  );
  for (const i of [1, 2, 3, 4, 5]) {
    const v = p[`line${i}`];
    assert(
      v === null || (typeof v === 'string' && v.length > 0),
      `${w}: line${i} must be null or a non-empty string`,
    );
    const f = p.fr?.[`line${i}`];
    assert((v === null) === (f === null), `${w}: fr.line${i} must match line${i} presence`);
  }
  assert(
    typeof p.featured === 'boolean' && typeof p.isInterestBearing === 'boolean',
    `${w}: featured/isInterestBearing must be booleans`,
  );
  assert(Number.isInteger(p.displayOrder), `${w}: displayOrder must be an integer`);
  assert(p.loanAcctConfig === null, `${w}: loanAcctConfig must be null`);
  assert(
    Array.isArray(p.disclaimers) && p.disclaimers.every((d) => typeof d === 'string'),
    `${w}: disclaimers must be string[]`,
  );
  assert(
    p.fr && typeof p.fr.description === 'string' && p.fr.description.length > 0,
    `${w}: missing French description`,
  );
  assert(
    Array.isArray(p.fr?.disclaimers) && p.fr.disclaimers.length === p.disclaimers.length,
    `${w}: French disclaimers must match`,
  );
  const d = p.depositAcctConfig;
  if (d !== null)
    assert(
      typeof d.minBalance === 'number' &&
        typeof d.interestRate === 'number' &&
        typeof d.sweepAllowed === 'boolean',
      `${w}: bad depositAcctConfig`,
    );
  const t = p.termDepositAcctConfig;
  assert(d !== null || t !== null, `${w}: needs a deposit or term config`);
  if (t !== null) {
    for (const k of [
      'isFixedLength',
      'mdAllowRenew',
      'mdAllowTransfer',
      'mdAllowCheque',
      'mdAllowMature',
      'mdAllowRollover',
    ])
      assert(typeof t[k] === 'boolean', `${w}: term ${k} must be boolean`);
    for (const k of ['defaultLength', 'maxLength', 'minAmount', 'maxAmount'])
      assert(typeof t[k] === 'number' && t[k] > 0, `${w}: term ${k} must be a positive number`);
    for (const k of ['mdDefault', 'intSchedule', 'interestDP'])
      assert(typeof t[k] === 'string', `${w}: term ${k} must be a string`);
    assert(t.minAmount < t.maxAmount && t.defaultLength <= t.maxLength, `${w}: term limits inconsistent`);
    assert(Array.isArray(t.termRate) && t.termRate.length >= 2, `${w}: needs several term rates`);
    for (const r of t.termRate ?? []) {
      assert(
        Number.isInteger(r.period) &&
          r.period > 0 &&
          ['Months', 'Years', 'Days'].includes(r.periodType) &&
          typeof r.description === 'string' &&
          typeof r.rate === 'number' &&
          r.rate > 0 &&
          r.rate < 10,
        `${w}: bad termRate ${JSON.stringify(r)}`,
      );
    }
  }
  const plainChequing = ['Chequing', 'USChequing'].includes(p.accountCategory);
  assert(p.isInterestBearing === !plainChequing, `${w}: isInterestBearing should be ${!plainChequing}`);
}
for (const g of GROUPS)
  assert(
    products.some((p) => p.group === g),
    `products: group ${g} is empty`,
  );
const chq = products.filter((p) => p.group === 'Chequing');
for (const b of ['STUDENT', 'SNRPLUS', 'NTC', ''])
  assert(
    chq.some((p) => p.benefit === b),
    `products: no Chequing product with benefit "${b}"`,
  );
assert(
  products.filter((p) => p.group === 'Savings').length >= 2,
  'products: need at least 2 savings products',
);
assert(
  products.some((p) => p.group === 'US Dollar' && p.accountCategory === 'USChequing'),
  'products: need a USChequing product',
);
const gics = products.filter((p) => p.group === 'GICs');
assert(
  gics.length >= 5 && gics.every((p) => p.accountCategory === 'GIC' && p.termDepositAcctConfig),
  'products: need 5+ GICs with term configs',
);
assert(
  products.some((p) => p.group === 'TFSAs' && p.depositAcctConfig) &&
    products.some((p) => p.group === 'TFSAs' && p.termDepositAcctConfig),
  'products: need TFSA savings and TFSA GIC',
);
assert(
  products.some((p) => p.group === 'RRSPs' && p.accountCategory === 'RRSP' && p.depositAcctConfig) &&
    products.some((p) => p.group === 'RRSPs' && p.accountCategory === 'RRSP' && p.termDepositAcctConfig),
  'products: need RRSP savings and RRSP GIC',
);
assert(
  products.some((p) => p.group === 'RRSPs' && p.accountCategory === 'RIF'),
  'products: need a RIF in group RRSPs',
);
assert(
  products.some((p) => p.group === 'FHSA' && p.accountCategory === 'FHSA'),
  'products: need an FHSA',
);

const links = load('product-links.json');
for (const l of links) {
  const w = `link "${l.label}"`;
  assert(['Bundles', 'Sweeps', 'GIC Advantage'].includes(l.group), `${w}: bad group`);
  assert(typeof l.label === 'string' && typeof l.labelFr === 'string', `${w}: labels required`);
  assert(
    Array.isArray(l.productIds) &&
      l.productIds.length >= 1 &&
      l.productIds.length <= 2 &&
      l.productIds.every((id) => byId.has(id)),
    `${w}: bad productIds`,
  );
  if (l.group === 'Bundles') assert(l.productIds.length === 2, `${w}: a bundle has two ids`);
  if (l.group === 'Sweeps')
    assert(
      l.sweep === true && byId.get(l.productIds[0])?.accountCategory === 'Chequing',
      `${w}: sweep link needs sweep: true and a chequing`,
    );
  if (l.group === 'GIC Advantage')
    assert(
      ['PromoGIC', 'PromoTst'].includes(l.prm) &&
        l.productIds.every((id) => byId.get(id)?.termDepositAcctConfig),
      `${w}: GIC Advantage needs prm and term products`,
    );
}
for (const g of ['Bundles', 'Sweeps', 'GIC Advantage'])
  assert(
    links.some((l) => l.group === g),
    `product-links: no ${g}`,
  );
assert(links.filter((l) => l.group === 'Sweeps').length >= 2, 'product-links: need 2 sweep links');
const promos = load('promo-codes.json');
for (const p of promos)
  assert(
    typeof p.code === 'string' &&
      p.code.length <= 8 &&
      p.productIds.every((id) => byId.has(id)) &&
      typeof p.description === 'string',
    `promo ${p.code}: bad`,
  );
for (const l of links)
  if (l.prm)
    assert(
      promos.some((p) => p.code === l.prm && l.productIds.every((id) => p.productIds.includes(id))),
      `link "${l.label}": promo ${l.prm} does not cover its products`,
    );

// ---------------------------------------------------------------- occupations, PEP
const occ = load('occupations.json');
assert(occ.length >= 300, `occupations: only ${occ.length}`);
assert(new Set(occ.map((o) => o.code)).size === occ.length, 'occupations: duplicate codes');
for (const o of occ) assert(/^\d{4}$/.test(o.code) && o.name && o.nameFr, `occupation ${o.code}: bad`);
for (let i = 1; i < occ.length; i++)
  assert(occ[i - 1].name.localeCompare(occ[i].name, 'en') <= 0, `occupations: not sorted at ${occ[i].name}`);
for (const n of ['Student', 'Retired', 'Homemaker', 'Unemployed'])
  assert(
    occ.some((o) => o.name === n),
    `occupations: missing ${n}`,
  );

const pep = load('pep-positions.json');
assert(new Set(pep.map((p) => p.code)).size === pep.length, 'pep: duplicate codes');
const PEP_PREFIX = { domestic: 'D', foreign: 'F', hio: 'H' };
for (const p of pep)
  assert(
    PEP_PREFIX[p.category] &&
      new RegExp(`^${PEP_PREFIX[p.category]}\\d{2}$`).test(p.code) &&
      p.name &&
      p.nameFr,
    `pep ${p.code}: bad`,
  );
assert(
  pep.filter((p) => p.category === 'domestic').length >= 12 &&
    pep.some((p) => p.category === 'foreign') &&
    pep.some((p) => p.category === 'hio'),
  'pep: categories incomplete',
);
assert(
  pep.some((p) => p.name.length > 38),
  'pep: need names longer than 38 characters',
);

// ---------------------------------------------------------------- branches, post offices
const PHONE_RE = /^(\d{3}-555-01\d{2}|1-800-555-0199)$/;
const branches = load('branches.json');
assert(branches.length >= 20 && branches.length <= 35, `branches: ${branches.length}`);
assert(new Set(branches.map((b) => b.id)).size === branches.length, 'branches: duplicate ids');
for (const b of branches) {
  const w = `branch ${b.id}`;
  assert(/^omo Credit Union/.test(b.name), `${w}: name`);
  assert(['Branch', 'ATM', 'Branch and ATM'].includes(b.siteType), `${w}: siteType`);
  assert(
    Array.isArray(b.phones) &&
      b.phones.length > 0 &&
      b.phones.every((p) => typeof p.type === 'string' && PHONE_RE.test(p.number)),
    `${w}: phones must be fictional 555-01xx`,
  );
  assert(PROVINCES[b.address.province], `${w}: province`);
  checkPostal(w, b.address.postalCode, b.address.province, geo);
  assert(inCanada(b.address.latitude, b.address.longitude), `${w}: coordinates`);
  checkHours(w, b.hours, b.siteType === 'ATM');
  if (b.siteType === 'Branch')
    assert(b.cashMachine === null, `${w}: a branch without ATM has no cash machine`);
  else
    assert(
      b.cashMachine &&
        typeof b.cashMachine.depositTaking === 'boolean' &&
        b.cashMachine.currencies.includes('CAD'),
      `${w}: cashMachine`,
    );
}
assert(new Set(branches.map((b) => b.address.province)).size >= 6, 'branches: need several provinces');
assert(
  branches.some((b) => b.hours.some((h) => h.dayOfWeek === 6)),
  'branches: some should open on Saturday',
);

const pos = load('post-offices.json');
assert(pos.length >= 50, `post-offices: only ${pos.length}`);
assert(new Set(pos.map((p) => p.id)).size === pos.length, 'post-offices: duplicate ids');
for (const p of pos) {
  const w = `post office ${p.id}`;
  assert(
    typeof p.name === 'string' && typeof p.bilingualServices === 'boolean',
    `${w}: name/bilingualServices`,
  );
  for (const k of ['line1', 'line2', 'line3', 'city'])
    assert(typeof p.address[k] === 'string', `${w}: address.${k}`);
  checkPostal(w, p.address.postalCode, p.address.province, geo);
  assert(inCanada(p.address.latitude, p.address.longitude), `${w}: coordinates`);
  checkHours(w, p.hours, true);
}
assert(
  new Set(pos.map((p) => p.address.province)).size === 13,
  'post-offices: all 13 provinces and territories',
);

// ---------------------------------------------------------------- addresses
const addrs = load('addresses.json');
assert(addrs.length >= 1200, `addresses: only ${addrs.length}`);
assert(new Set(addrs.map((a) => a.id)).size === addrs.length, 'addresses: duplicate ids');
const perProv = {};
const seen = new Set();
for (const a of addrs) {
  const w = `address ${a.id}`;
  assert(/^CA\|CP\|(ENG|FRE)\|\d{7}$/.test(a.id) && a.id.split('|')[2] === a.language, `${w}: id`);
  for (const k of [
    'buildingNumber',
    'subBuilding',
    'street',
    'city',
    'provinceCode',
    'provinceName',
    'postalCode',
    'language',
  ])
    assert(typeof a[k] === 'string', `${w}: ${k} must be a string`);
  assert(/^\d+$/.test(a.buildingNumber) && a.street && a.city, `${w}: buildingNumber/street/city`);
  assert(PROVINCES[a.provinceCode] === a.provinceName, `${w}: province name/code mismatch`);
  assert(a.language === (a.provinceCode === 'QC' ? 'FRE' : 'ENG'), `${w}: language`);
  checkPostal(w, a.postalCode, a.provinceCode, geo);
  const key = `${a.city}|${a.street}|${a.buildingNumber}|${a.subBuilding}`;
  assert(!seen.has(key), `${w}: duplicate address ${key}`);
  seen.add(key);
  perProv[a.provinceCode] = (perProv[a.provinceCode] ?? 0) + 1;
}
for (const p of Object.keys(PROVINCES))
  assert((perProv[p] ?? 0) >= 15, `addresses: ${p} has ${perProv[p] ?? 0} (< 15)`);
const has = (n, s, c, pc) =>
  addrs.some((a) => a.buildingNumber === n && a.street === s && a.city === c && a.postalCode === pc);
assert(has('290', 'Bremner Blvd', 'Toronto', 'M5V 3L9'), 'addresses: 290 Bremner Blvd missing');
assert(has('111', 'Wellington St', 'Ottawa', 'K1A 0A9'), 'addresses: 111 Wellington St missing');
const unitsPerBuilding = {};
for (const a of addrs)
  if (a.subBuilding) {
    const k = `${a.city}|${a.street}|${a.buildingNumber}`;
    unitsPerBuilding[k] = (unitsPerBuilding[k] ?? 0) + 1;
  }
assert(
  Object.values(unitsPerBuilding).filter((n) => n >= 2).length >= 10,
  'addresses: need buildings with several units',
);
assert(
  addrs.some((a) => /^(rue|boulevard|avenue) /.test(a.street) && a.language === 'FRE'),
  'addresses: need French-style Quebec streets',
);

if (errors.length) {
  console.error(`check failed with ${errors.length} error(s):\n- ` + errors.slice(0, 50).join('\n- '));
  process.exit(1);
}
console.log(
  `ok: ${products.length} products, ${links.length} links, ${promos.length} promo codes, ${occ.length} occupations, ` +
    `${pep.length} PEP positions, ${branches.length} branches, ${pos.length} post offices, ${addrs.length} addresses ` +
    `(${Object.entries(perProv)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), ${Object.keys(geo).length} FSAs`,
);
