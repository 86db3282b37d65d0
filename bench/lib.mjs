// Shared helpers of the benchmarks: start the built product on a free port with a fresh data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The port of one benchmark: BENCH_PORT (default 3290) plus its offset, so benchmarks run side by side on
 * one machine each keep to their own range.
 */
export function benchPort(offset) {
  return Number(process.env.BENCH_PORT ?? 3290) + offset;
}

/** A note printed beside every timing: figures from a shared machine vary with its other work. */
export function machineNote() {
  const [one] = loadavg();
  return `(machine: ${cpus().length} cores, load average ${one.toFixed(1)} at the start of this run)`;
}
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts apps/server/dist/server.js; resolves once /api/heartbeat answers, with the time it took. */
export async function startServer({ port, dataDir = mkdtempSync(join(tmpdir(), 'omo-bench-')), env = {} }) {
  const started = performance.now();
  // BENCH_SERVER: another build of the server (a before/after comparison); WEB_DIST likewise for the pages.
  const serverJs = process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/server.js');
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      // The load benchmark measures the server, not the per-IP rate limit.
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/heartbeat`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const ms = performance.now() - started;
  return {
    url,
    dataDir,
    startupMs: ms,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
