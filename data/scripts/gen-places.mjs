// Generates addresses.json, branches.json, post-offices.json and postal-geo.json from places-source.mjs.
// Real city/street names and real FSAs; building numbers, units and LDUs come from a seeded PRNG, so the
// civic addresses are fictional. Deterministic. Run: node data/scripts/gen-places.mjs
import { CITIES, PROVINCES } from './places-source.mjs';
import { POSTAL_LETTERS, int, pick, prng, writeJson, writeJsonLines } from './lib.mjs';

const rand = prng(20240611);
const ldu = () => `${int(rand, 0, 9)}${pick(rand, POSTAL_LETTERS)}${int(rand, 0, 9)}`;
const jitter = (v, d = 0.006) => Math.round((v + (rand() * 2 - 1) * d) * 1e5) / 1e5;
const cityByName = new Map(CITIES.map((c) => [`${c.city}|${c.prov}`, c]));
const city = (name, prov) => {
  const c = cityByName.get(`${name}|${prov}`);
  if (!c) throw new Error(`no city ${name} ${prov}`);
  return c;
};
const zoneOf = (c, fsa) => {
  const z = c.zones.find((x) => x[0] === fsa);
  if (!z) throw new Error(`no zone ${fsa} in ${c.city}`);
  return z;
};
function numberFor(c) {
  if (c.city === 'Edmonton') return int(rand, 9500, 12999);
  if (c.count >= 25) return int(rand, 1, 2999);
  if (c.count >= 8) return int(rand, 1, 1499);
  return int(rand, 1, 699);
}

// ---------------------------------------------------------------- addresses
const addresses = [];
const used = new Set();
function add(c, buildingNumber, subBuilding, street, postalCode) {
  const language = c.fr ? 'FRE' : 'ENG';
  addresses.push({
    id: `CA|CP|${language}|${1000001 + addresses.length}`,
    buildingNumber: String(buildingNumber),
    subBuilding,
    street,
    city: c.city,
    provinceCode: c.prov,
    provinceName: PROVINCES[c.prov],
    postalCode,
    language,
  });
}
// Fixed, well-known public addresses first (tests rely on them).
add(city('Toronto', 'ON'), 290, '', 'Bremner Blvd', 'M5V 3L9');
add(city('Ottawa', 'ON'), 111, '', 'Wellington St', 'K1A 0A9');
used.add('Toronto|Bremner Blvd|290').add('Ottawa|Wellington St|111');

for (const c of CITIES) {
  let made = addresses.filter((a) => a.city === c.city && a.provinceCode === c.prov).length;
  let guard = 0;
  while (made < c.count && guard++ < 10000) {
    const [fsa, , , streets] = pick(rand, c.zones);
    if (fsa === 'K1A') continue; // K1A is reserved for federal government buildings
    const street = pick(rand, streets);
    const num = numberFor(c);
    const key = `${c.city}|${street}|${num}`;
    if (used.has(key)) continue;
    used.add(key);
    const postalCode = `${fsa} ${ldu()}`;
    // About one building in fifteen is a multi-unit building (apartments / offices), more in big cities.
    const multi = rand() < (c.count >= 25 ? 0.07 : 0.04);
    if (!multi) {
      add(c, num, '', street, postalCode);
      made++;
      continue;
    }
    const units = int(rand, 2, 5);
    const floors = new Set();
    for (let u = 0; u < units; u++) {
      const floor = int(rand, 1, c.count >= 60 ? 24 : 6);
      const unit = String(floor * 100 + int(rand, 1, 12));
      if (floors.has(unit)) continue;
      floors.add(unit);
      add(c, num, unit, street, postalCode);
      made++;
    }
  }
}

// ---------------------------------------------------------------- branches
const TOLL_FREE = '1-800-555-0199';
let phoneSeq = 100;
const nextPhone = (area) => `${area}-555-0${String(phoneSeq++).padStart(3, '0')}`;
const week = (open, close, days) =>
  days.map((d) => ({ dayOfWeek: d, openingTime: open, closingTime: close }));
const branchHours = (saturday, lateClose = '19:00') => [
  ...week('09:30', '17:00', [1, 2, 3]),
  ...week('09:30', lateClose, [4, 5]),
  ...(saturday ? week('09:00', '15:00', [6]) : []),
];
const ATM_HOURS = week('00:00', '23:59', [0, 1, 2, 3, 4, 5, 6]);

const BRANCHES = [
  ['Toronto', 'ON', 'M5V', 'King St W', 'King & Spadina', 'Branch and ATM', true, ['CAD', 'USD']],
  ['Toronto', 'ON', 'M4K', 'Danforth Ave', 'Danforth', 'Branch and ATM', false, ['CAD']],
  ['Toronto', 'ON', 'M2N', 'Yonge St', 'North York Centre', 'Branch and ATM', true, ['CAD']],
  ['Toronto', 'ON', 'M5J', 'Queens Quay W', 'Queens Quay', 'ATM', false, ['CAD']],
  ['Ottawa', 'ON', 'K1P', 'Sparks St', 'Sparks Street', 'Branch and ATM', false, ['CAD', 'USD']],
  ['Ottawa', 'ON', 'K1C', 'St Joseph Blvd', 'Orléans', 'Branch and ATM', true, ['CAD']],
  ['Mississauga', 'ON', 'L5B', 'City Centre Dr', 'Mississauga City Centre', 'Branch and ATM', true, ['CAD']],
  ['Hamilton', 'ON', 'L8P', 'King St W', 'Hamilton Downtown', 'Branch and ATM', false, ['CAD']],
  ['London', 'ON', 'N6A', 'Dundas St', 'London Dundas Street', 'Branch', false, null],
  ['Kitchener', 'ON', 'N2G', 'King St W', 'Kitchener King Street', 'Branch and ATM', false, ['CAD']],
  [
    'Montréal',
    'QC',
    'H3B',
    'boulevard René-Lévesque Ouest',
    'Montréal Centre-ville',
    'Branch and ATM',
    false,
    ['CAD', 'USD'],
  ],
  ['Montréal', 'QC', 'H2T', 'avenue Laurier Ouest', 'Montréal Plateau', 'Branch and ATM', true, ['CAD']],
  ['Québec', 'QC', 'G1R', 'Grande Allée Est', 'Québec Grande Allée', 'Branch and ATM', false, ['CAD']],
  ['Gatineau', 'QC', 'J8X', 'promenade du Portage', 'Gatineau Hull', 'ATM', false, ['CAD']],
  ['Vancouver', 'BC', 'V6E', 'Robson St', 'Robson Street', 'Branch and ATM', true, ['CAD', 'USD']],
  ['Vancouver', 'BC', 'V5L', 'Commercial Dr', 'Commercial Drive', 'Branch and ATM', false, ['CAD']],
  ['Victoria', 'BC', 'V8W', 'Douglas St', 'Victoria Downtown', 'Branch and ATM', true, ['CAD']],
  ['Kelowna', 'BC', 'V1Y', 'Bernard Ave', 'Kelowna Bernard Avenue', 'Branch', false, null],
  ['Calgary', 'AB', 'T2P', '8 Ave SW', 'Calgary Stephen Avenue', 'Branch and ATM', false, ['CAD', 'USD']],
  ['Calgary', 'AB', 'T2S', '4 St SW', 'Calgary Mission', 'ATM', false, ['CAD']],
  ['Edmonton', 'AB', 'T5J', 'Jasper Ave NW', 'Edmonton Jasper Avenue', 'Branch and ATM', false, ['CAD']],
  ['Edmonton', 'AB', 'T6E', '82 Ave NW', 'Old Strathcona', 'Branch and ATM', true, ['CAD']],
  ['Winnipeg', 'MB', 'R3C', 'Portage Ave', 'Winnipeg Portage Avenue', 'Branch and ATM', false, ['CAD']],
  ['Saskatoon', 'SK', 'S7K', '2nd Ave N', 'Saskatoon Downtown', 'Branch and ATM', false, ['CAD']],
  ['Regina', 'SK', 'S4P', 'Scarth St', 'Regina Scarth Street', 'Branch and ATM', false, ['CAD']],
  ['Halifax', 'NS', 'B3J', 'Barrington St', 'Halifax Barrington Street', 'Branch and ATM', true, ['CAD']],
  ['Moncton', 'NB', 'E1C', 'Main St', 'Moncton Main Street', 'Branch and ATM', false, ['CAD']],
  ["St. John's", 'NL', 'A1C', 'Water St', "St. John's Water Street", 'Branch and ATM', false, ['CAD']],
  ['Charlottetown', 'PE', 'C1A', 'Queen St', 'Charlottetown Queen Street', 'Branch', false, null],
  ['Whitehorse', 'YT', 'Y1A', 'Main St', 'Whitehorse Main Street', 'Branch and ATM', false, ['CAD']],
];

const branches = BRANCHES.map(([cityName, prov, fsa, street, label, siteType, saturday, currencies], i) => {
  const c = city(cityName, prov);
  const [, lat, lng, streets] = zoneOf(c, fsa);
  if (!streets.includes(street)) throw new Error(`street ${street} not in ${fsa}`);
  const atmOnly = siteType === 'ATM';
  return {
    id: `BR${String(i + 1).padStart(3, '0')}`,
    name: `omo Credit Union - ${label}`,
    siteType,
    phones: atmOnly
      ? [{ type: 'Member services', number: TOLL_FREE }]
      : [
          { type: 'Branch', number: nextPhone(c.area) },
          { type: 'Fax', number: nextPhone(c.area) },
          { type: 'Member services', number: TOLL_FREE },
        ],
    address: {
      street: `${numberFor(c)} ${street}`,
      city: c.city,
      province: prov,
      postalCode: `${fsa} ${ldu()}`,
      latitude: jitter(lat, 0.004),
      longitude: jitter(lng, 0.004),
    },
    hours: atmOnly ? ATM_HOURS : branchHours(saturday, i % 3 === 0 ? '18:00' : '19:00'),
    cashMachine: currencies ? { depositTaking: !atmOnly || i % 2 === 0, currencies } : null,
  };
});

// ---------------------------------------------------------------- post offices
const PO_CITIES = [
  ['Toronto', 'ON', 5],
  ['Ottawa', 'ON', 3],
  ['Mississauga', 'ON', 1],
  ['Brampton', 'ON', 1],
  ['Hamilton', 'ON', 1],
  ['London', 'ON', 1],
  ['Kitchener', 'ON', 1],
  ['Windsor', 'ON', 1],
  ['Sudbury', 'ON', 1],
  ['Thunder Bay', 'ON', 1],
  ['Kingston', 'ON', 1],
  ['Barrie', 'ON', 1],
  ['Montréal', 'QC', 5],
  ['Québec', 'QC', 2],
  ['Laval', 'QC', 1],
  ['Gatineau', 'QC', 1],
  ['Sherbrooke', 'QC', 1],
  ['Trois-Rivières', 'QC', 1],
  ['Saguenay', 'QC', 1],
  ['Vancouver', 'BC', 3],
  ['Victoria', 'BC', 1],
  ['Surrey', 'BC', 1],
  ['Burnaby', 'BC', 1],
  ['Kelowna', 'BC', 1],
  ['Prince George', 'BC', 1],
  ['Calgary', 'AB', 3],
  ['Edmonton', 'AB', 3],
  ['Red Deer', 'AB', 1],
  ['Winnipeg', 'MB', 2],
  ['Brandon', 'MB', 1],
  ['Saskatoon', 'SK', 1],
  ['Regina', 'SK', 1],
  ['Moose Jaw', 'SK', 1],
  ['Halifax', 'NS', 1],
  ['Dartmouth', 'NS', 1],
  ['Moncton', 'NB', 1],
  ['Fredericton', 'NB', 1],
  ["St. John's", 'NL', 1],
  ['Charlottetown', 'PE', 1],
  ['Whitehorse', 'YT', 1],
  ['Yellowknife', 'NT', 1],
  ['Iqaluit', 'NU', 1],
];
const PO_HOURS = [
  [...week('08:30', '17:30', [1, 2, 3, 4, 5]), ...week('09:30', '13:00', [6])],
  [
    ...week('09:00', '21:00', [1, 2, 3, 4, 5]),
    ...week('09:00', '18:00', [6]),
    ...week('11:00', '17:00', [0]),
  ],
  week('09:00', '17:00', [1, 2, 3, 4, 5]),
  [...week('08:00', '18:00', [1, 2, 3, 4, 5]), ...week('10:00', '16:00', [6])],
];
const BILINGUAL = new Set(['QC', 'NB', 'YT', 'NT', 'NU']);
const postOffices = [];
let stationLetter = 0;
for (const [cityName, prov, n] of PO_CITIES) {
  const c = city(cityName, prov);
  const zones = c.zones.filter((z) => z[0] !== 'K1A');
  for (let k = 0; k < n; k++) {
    const [fsa, lat, lng, streets] = zones[(k * 3 + postOffices.length) % zones.length];
    const street = pick(rand, streets);
    const style = postOffices.length % 3;
    const letter = 'ABCDEFGHJKLMNPRSTUVWXY'[stationLetter++ % 22];
    const name = c.fr
      ? style === 0
        ? `Comptoir postal ${street.replace(/^(rue|boulevard|avenue|chemin|promenade|côte|montée|route|grande) /i, '')}`
        : `${c.city} Succursale ${letter}`
      : style === 0
        ? `${street} Postal Outlet`
        : style === 1
          ? `${c.city} Postal Station ${letter}`
          : `${c.city} ${fsa} Post Office`;
    const bilingual = BILINGUAL.has(prov) || c.city === 'Ottawa' || rand() < 0.2;
    postOffices.push({
      id: `PO${String(postOffices.length + 1).padStart(4, '0')}`,
      name,
      bilingualServices: bilingual,
      address: {
        line1: `${numberFor(c)} ${street}`,
        line2: rand() < 0.3 ? (c.fr ? `Local ${int(rand, 1, 40)}` : `Unit ${int(rand, 1, 40)}`) : '',
        line3: '',
        city: c.city,
        province: prov,
        postalCode: `${fsa} ${ldu()}`,
        latitude: jitter(lat),
        longitude: jitter(lng),
      },
      hours: PO_HOURS[postOffices.length % PO_HOURS.length],
    });
  }
}

// ---------------------------------------------------------------- postal-geo (FSA centroids)
const geo = {};
for (const c of CITIES) for (const [fsa, lat, lng] of c.zones) geo[fsa] ??= [lat, lng];
const sortedGeo = Object.fromEntries(Object.entries(geo).sort(([a], [b]) => a.localeCompare(b)));

writeJsonLines('addresses.json', addresses);
writeJson('branches.json', branches);
writeJson('post-offices.json', postOffices);
writeJson('postal-geo.json', sortedGeo);
