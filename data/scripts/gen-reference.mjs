// Generates occupations.json (from occupations-source.txt: NOC 2016-style 4-digit unit groups, public titles,
// plus 99xx codes of ours for Student/Retired/Homemaker/Unemployed/Self-employed) and pep-positions.json
// (FINTRAC politically exposed person / head of international organization categories, PCMLTFA s. 9.3).
// Deterministic. Run: node data/scripts/gen-reference.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, writeJson } from './lib.mjs';

const src = readFileSync(join(DATA_DIR, 'scripts', 'occupations-source.txt'), 'utf8');
const occupations = src
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const [code, name, nameFr] = l.split('|');
    if (!/^\d{4}$/.test(code) || !name || !nameFr) throw new Error(`bad occupation line: ${l}`);
    return { code, name, nameFr };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
writeJson('occupations.json', occupations);

const pep = [
  // Domestic PEP: holds or held within the last 5 years an office or position in or on behalf of
  // the federal government, a provincial government or a municipal government.
  ['D01', 'Governor General of Canada', 'Gouverneur général du Canada', 'domestic'],
  ['D02', 'Lieutenant Governor of a province', "Lieutenant-gouverneur d'une province", 'domestic'],
  [
    'D04',
    'Head of government (Prime Minister, Premier)',
    'Chef de gouvernement (premier ministre)',
    'domestic',
  ],
  ['D05', 'Member of the Senate', 'Membre du Sénat', 'domestic'],
  ['D06', 'Member of the House of Commons', 'Député de la Chambre des communes', 'domestic'],
  [
    'D07',
    'Member of a provincial or territorial legislature',
    "Membre d'une législature provinciale ou territoriale",
    'domestic',
  ],
  [
    'D08',
    'Deputy minister or equivalent rank',
    'Sous-ministre ou titulaire d’un rang équivalent',
    'domestic',
  ],
  [
    'D09',
    'Ambassador, or attaché or counsellor of an ambassador',
    "Ambassadeur, ou attaché ou conseiller d'un ambassadeur",
    'domestic',
  ],
  [
    'D10',
    'Military officer with a rank of general or above',
    'Officier militaire ayant au moins le grade de général',
    'domestic',
  ],
  [
    'D11',
    'President of a corporation wholly owned by the federal or a provincial government (Crown corporation)',
    "Président d'une société appartenant entièrement à l'État fédéral ou provincial (société d'État)",
    'domestic',
  ],
  ['D12', 'Head of a government agency', "Dirigeant d'un organisme gouvernemental", 'domestic'],
  ['D13', 'Judge of an appellate court in a province', "Juge d'une cour d'appel provinciale", 'domestic'],
  ['D14', 'Judge of the Federal Court of Appeal', "Juge de la Cour d'appel fédérale", 'domestic'],
  ['D15', 'Judge of the Supreme Court of Canada', 'Juge de la Cour suprême du Canada', 'domestic'],
  [
    'D16',
    'Leader or president of a political party represented in a legislature',
    "Chef ou président d'un parti politique représenté au sein d'une législature",
    'domestic',
  ],
  [
    'D17',
    'Mayor, reeve or other chief officer of a municipal or local government',
    "Maire, préfet ou autre chef d'une administration municipale ou locale",
    'domestic',
  ],
  // Foreign PEP: holds or has ever held an office or position in or on behalf of a foreign state.
  [
    'F01',
    'Head of state or head of government of a foreign state',
    "Chef d'État ou chef de gouvernement d'un État étranger",
    'foreign',
  ],
  [
    'F02',
    'Member of the executive council of government or of a legislature of a foreign state',
    "Membre du conseil exécutif du gouvernement ou d'une assemblée législative d'un État étranger",
    'foreign',
  ],
  [
    'F03',
    'Deputy minister or equivalent rank (foreign state)',
    "Sous-ministre ou titulaire d'un rang équivalent (État étranger)",
    'foreign',
  ],
  [
    'F04',
    'Ambassador, or attaché or counsellor of an ambassador (foreign state)',
    "Ambassadeur, ou attaché ou conseiller d'un ambassadeur (État étranger)",
    'foreign',
  ],
  [
    'F05',
    'Military officer with a rank of general or above (foreign state)',
    'Officier militaire ayant au moins le grade de général (État étranger)',
    'foreign',
  ],
  [
    'F06',
    'President of a state-owned company or a state-owned bank',
    "Président d'une entreprise d'État ou d'une banque d'État",
    'foreign',
  ],
  [
    'F07',
    'Head of a government agency (foreign state)',
    "Dirigeant d'un organisme gouvernemental (État étranger)",
    'foreign',
  ],
  [
    'F08',
    'Judge of a supreme court, constitutional court or other court of last resort',
    "Juge d'une cour suprême, d'une cour constitutionnelle ou d'une autre cour de dernière instance",
    'foreign',
  ],
  [
    'F09',
    'Leader or president of a political party represented in a legislature (foreign state)',
    "Chef ou président d'un parti politique représenté au sein d'une assemblée législative (État étranger)",
    'foreign',
  ],
  // Head of an international organization (HIO): holds or held within the last 5 years.
  [
    'H01',
    'Head of an international organization established by the governments of states',
    "Dirigeant d'une organisation internationale établie par les gouvernements d'États",
    'hio',
  ],
  [
    'H02',
    'Head of an institution established by an international organization',
    "Dirigeant d'une institution établie par une organisation internationale",
    'hio',
  ],
  [
    'H03',
    'Head of an international sports organization',
    "Dirigeant d'une organisation sportive internationale",
    'hio',
  ],
].map(([code, name, nameFr, category]) => ({ code, name, nameFr, category }));
// Codes are sequential per category (D01.., F01.., H01..); renumber so the list stays gapless.
const seq = {};
for (const p of pep) {
  const prefix = p.code[0];
  seq[prefix] = (seq[prefix] ?? 0) + 1;
  p.code = prefix + String(seq[prefix]).padStart(2, '0');
}
writeJson('pep-positions.json', pep);
