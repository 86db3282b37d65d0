// Runs every benchmark in turn and prints its figures. Needs a built product (`npm run build`).
import { spawnSync } from 'node:child_process';

for (const script of ['bundle-size.mjs', 'cold-start.mjs', 'load.mjs']) {
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit', cwd: import.meta.dirname });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
