#!/usr/bin/env node
// `npm test`: every suite of the product. Unit and route tests (vitest: domain, server, web), then the
// browser suite (Playwright in Debian's Chromium against the product started as `npm start` starts it).
// Installs Debian's chromium package first when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args, options = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`omo: ${CHROMIUM} is missing; installing Debian's chromium package…`);
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = sudo.length
    ? run('sudo', ['apt-get', 'update'], { env })
    : run('apt-get', ['update'], { env });
  const install = sudo.length
    ? run('sudo', ['apt-get', 'install', '-y', 'chromium'], { env })
    : run('apt-get', ['install', '-y', 'chromium'], { env });
  if (update !== 0 || install !== 0 || !existsSync(CHROMIUM)) {
    console.error(
      'omo: could not install chromium (apt-get install -y chromium); the browser suite needs it.',
    );
    process.exit(1);
  }
}

const only = process.argv[2]; // optional: "unit" or "e2e"
let failed = 0;
if (only !== 'e2e') failed += run('npx', ['vitest', 'run']) === 0 ? 0 : 1;
if (only !== 'unit') {
  ensureChromium();
  failed += run('npm', ['run', 'build']) === 0 ? 0 : 1;
  if (failed === 0) failed += run('npx', ['playwright', 'test'], { cwd: join(root, 'e2e') }) === 0 ? 0 : 1;
}
if (failed) {
  console.error(`\nomo: ${failed} suite(s) failed.`);
  process.exit(1);
}
console.log('\nomo: every suite passed.');
