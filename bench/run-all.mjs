// Runs every benchmark in turn and prints its figures. Needs a built product (`npm run build`).
import { spawnSync } from 'node:child_process';

// Figures from a machine shared with other work vary with its load: each benchmark prints the load beside them.
for (const script of [
  'bundle-size.mjs',
  'route-weight.mjs',
  'lighthouse.ts',
  'continue.ts',
  'cold-start.mjs',
  'load.mjs',
  'open-loop.ts',
  'processes.ts',
]) {
  console.log(`\n== ${script}`);
  // TypeScript benchmarks reuse the server's test applicant; tsx runs them.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: import.meta.dirname });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
