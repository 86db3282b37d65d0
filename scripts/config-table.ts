/**
 * Prints the README's configuration table from CONFIG_DOCS (apps/server/src/config.ts), so the two never
 * drift: `npx tsx scripts/config-table.ts --write` replaces the table in README.md (then prettier aligns it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIG_DOCS } from '../apps/server/src/config.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const rows = CONFIG_DOCS.map(
  (d) =>
    `| \`${d.name}\` | ${d.default.startsWith('(') ? d.default.slice(1, -1) : `\`${d.default}\``} | ${cell(d.description)} |`,
);
const table = ['| Variable | Default | What it does |', '| --- | --- | --- |', ...rows].join('\n');

if (process.argv.includes('--write')) {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('| Variable');
  const end = readme.indexOf('\n\n', start);
  writeFileSync('README.md', `${readme.slice(0, start)}${table}${readme.slice(end)}`);
} else {
  console.log(table);
}
