// Generates occupations.json (from occupations-source.txt: NOC 2016-style 4-digit unit groups, public titles,
// plus 99xx codes of ours for Student/Retired/Homemaker/Unemployed/Self-employed) and pep-positions.json
// (FINTRAC politically exposed person / head of international organization categories, PCMLTFA s. 9.3, from
// pep-source.txt).
// Deterministic. Run: node data/scripts/gen-reference.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, writeJson } from './lib.mjs';

/** The rows of a source table: one a line, fields split by '|'; '#' lines are comments. */
function readTable(name) {
  return readFileSync(join(DATA_DIR, 'scripts', name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => ({ line: l, fields: l.split('|') }));
}

const occupations = readTable('occupations-source.txt')
  .map(({ line, fields: [code, name, nameFr] }) => {
    if (!/^\d{4}$/.test(code) || !name || !nameFr) throw new Error(`bad occupation line: ${line}`);
    return { code, name, nameFr };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
writeJson('occupations.json', occupations);

const pep = readTable('pep-source.txt').map(({ line, fields: [code, name, nameFr, category] }) => {
  if (!/^[DFH]\d{2}$/.test(code) || !name || !nameFr || !category) throw new Error(`bad PEP line: ${line}`);
  return { code, name, nameFr, category };
});
// Codes are sequential per category (D01.., F01.., H01..); renumber so the list stays gapless.
const seq = {};
for (const p of pep) {
  const prefix = p.code[0];
  seq[prefix] = (seq[prefix] ?? 0) + 1;
  p.code = prefix + String(seq[prefix]).padStart(2, '0');
}
writeJson('pep-positions.json', pep);
