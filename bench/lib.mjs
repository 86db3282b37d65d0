// Shared helpers of the benchmarks: start the built product on a free port with a fresh data folder.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export { CHROMIUM_ARGS } from '../scripts/chromium-args.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The port of one benchmark: BENCH_PORT (default 3290) plus its offset, so benchmarks run side by side on
 * one machine each keep to their own range.
 */
export function benchPort(offset) {
  return Number(process.env.BENCH_PORT ?? 3290) + offset;
}

/**
 * The time one core takes for a fixed piece of work (JSON, hashing, regular expressions: a server's kind),
 * best of five, in ms: figures from two machines compare once divided by it.
 */
export function coreSpeedMs() {
  const record = Array.from({ length: 200 }, (_, i) => ({
    id: i,
    email: `applicant.${i}@example.com`,
    ok: true,
  }));
  let best = Infinity;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    for (let i = 0; i < 600; i += 1) {
      const text = JSON.stringify(record);
      createHash('sha256').update(text).digest('hex');
      JSON.parse(text).filter((r) => /^applicant\.\d+@example\.com$/.test(r.email));
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** A note printed beside every timing: figures from a shared machine vary with its other work and speed. */
export function machineNote() {
  const [one] = loadavg();
  return (
    `(machine: ${cpus().length} cores, load average ${one.toFixed(1)} at the start of this run, ` +
    `a fixed piece of work in ${coreSpeedMs().toFixed(0)} ms)`
  );
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux); undefined elsewhere. On a
 * shared machine it shows the work a start needs, which the wall-clock time hides under others' load.
 */
function cpuMsOf(pid) {
  return statOf(pid)?.cpuMs;
}

/** A process's command name, parent and CPU time so far (ms), from /proc; undefined once it has ended. */
function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid), 14 and 15 (utime, stime) of the line, in clock ticks (100 per second on Linux).
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      ppid: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
    };
  } catch {
    return undefined;
  }
}

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
    startupCpuMs: cpuMsOf(child.pid),
    /** The server's CPU time so far (ms; undefined off Linux). */
    cpuMs: () => cpuMsOf(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Every process's parent and CPU time so far (ms), from /proc (Linux; empty elsewhere). */
function processTable() {
  const table = new Map();
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return table;
  }
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat) table.set(Number(pid), stat);
  }
  return table;
}

/** The machine's busy and total CPU time so far (ms, all cores), from /proc/stat. */
function machineCpu() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    // idle and iowait are fields 4 and 5.
    return { busyMs: (total - ticks[3] - ticks[4]) * 10, totalMs: total * 10 };
  } catch {
    return undefined;
  }
}

/**
 * Where the machine's CPU goes while a measurement runs: `groups` names processes by their root pid (the
 * process and its descendants) or by their command name; the rest is "other". Call the result to end the
 * window: the CPU of each group (ms) and the machine's busy share.
 */
export function cpuWindow(groups) {
  const before = processTable();
  const machineBefore = machineCpu();
  return () => {
    const after = processTable();
    const machineAfter = machineCpu();
    const groupOf = (pid) => {
      for (let current = pid, hops = 0; current > 1 && hops < 64; hops += 1) {
        const found = groups.find((g) => g.pid === current);
        if (found) return found.label;
        current = after.get(current)?.ppid ?? 0;
      }
      return groups.find((g) => g.name === after.get(pid)?.name)?.label ?? 'other';
    };
    const cpuMs = Object.fromEntries([...groups.map((g) => [g.label, 0]), ['other', 0]]);
    for (const [pid, { cpuMs: now }] of after) {
      // A process started within the window counts from zero; one that ended within it is not seen.
      cpuMs[groupOf(pid)] += now - (before.get(pid)?.cpuMs ?? 0);
    }
    const busy =
      machineBefore && machineAfter
        ? (machineAfter.busyMs - machineBefore.busyMs) / (machineAfter.totalMs - machineBefore.totalMs)
        : NaN;
    return { cpuMs, busyShare: busy };
  };
}
