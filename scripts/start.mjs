#!/usr/bin/env node
// `npm start`: builds what is not built (or is older than its sources), then starts the one process that
// is the whole product: the API server, which also serves the built web app.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files under the given folders (skipping build output). */
function newestSource(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) {
        if (name === 'node_modules' || name === 'dist' || name === 'dist-staff') continue;
        walk(join(path, name));
      }
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => walk(join(root, p)));
  return newest;
}

function isStale(output, sources) {
  const file = join(root, output);
  return !existsSync(file) || statSync(file).mtimeMs < newestSource(sources);
}

function build(workspace) {
  console.log(`omo: building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  isStale('apps/web/dist/index.html', ['apps/web', 'packages/domain/src']) ||
  isStale('apps/web/dist-staff/staff.html', ['apps/web', 'packages/domain/src'])
) {
  build('@omo/web');
}
if (
  isStale('apps/server/dist/server.js', ['apps/server/src', 'apps/server/build.mjs', 'packages/domain/src'])
) {
  build('@omo/server');
}

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
